import TrampolineModel
import TrampolineQR

/// One file of a ``SitePlan``: where it goes and everything its bytes are rendered from
/// (together with the site, the app and the templates, which every entry shares).
///
/// The renderer's fingerprint of an entry is a digest of this value encoded whole, so a field
/// added here or to ``Link`` reaches the fingerprint without anyone listing it.
package struct PlanEntry: Sendable, Equatable, Encodable {
    package enum Content: Sendable, Equatable, Encodable {
        /// A link's page, made with `template`, whose script does `behaviour`. Boxed (`indirect`):
        /// a link is a few hundred bytes inline, and every entry of a 200k-entry plan (QR codes
        /// included) would be that large; boxed, copying an entry is one retain. The site's own
        /// files with more than two values are boxed too, so every entry is 40 bytes, not 80
        /// (``PlanEntrySizeTests``).
        indirect case linkPage(Link, template: String, behaviour: PageBehaviour)
        case specialPage(SpecialPage)
        /// A link's QR code: `url` (the link's full URL) encoded at this error-correction level.
        case qrCode(url: String, errorCorrection: QRErrorCorrection)
        /// The AASA: these patterns claimed for these app IDs, the site's own pages excluded.
        indirect case appSiteAssociation(appIDs: [String], claims: [String], excluded: [String])
        /// `assetlinks.json`: the Android app's package and signing-certificate fingerprints, and with
        /// `site.claims: domain` the paths Android 15's dynamic rules keep in the browser.
        indirect case assetLinks(package: String, fingerprints: [String], excluded: [String]?)
        indirect case hostFile(HostFile)
        /// `trampoline-more.js`: the debug view and the way out of in-app browsers, which only those
        /// visits load. Made from the templates and the app alone.
        case moreScript
        /// `trampoline-route.js`: what a route's page loads to fill its deep link in from the
        /// visited URL. Made from the templates alone; only sites with routes have it.
        case routeScript
        /// `trampoline-long-link.js`: what the long-link page loads to read the long link it was
        /// handed. Made from the templates alone; only sites with `site.long_links` have it.
        case longLinkScript
        /// The project's `app.icon` image, copied as it is (its name carries its digest).
        case appIcon
        /// An empty file the pages request to count an outcome in the host's log (``PageOutcome``).
        case countFile
        /// One shard of the compact layout's lookup data: these links (each with the behaviour of
        /// its template), in the shard their id names (``LinkTable/shard(host:path:count:)``).
        case lookupShard(shard: Int, links: [LookupShardEntry])
        /// The index of the link table apps resolve universal links with (docs/link-table.md).
        indirect case linkTableIndex(LinkTable)
        /// One shard of that table: these links, in the shard their id names (``LinkTable/shard(host:path:count:)``).
        case linkTableShard(shard: Int, rows: [LinkTableRow])
    }

    package var path: OutputPath
    package var content: Content

    package init(path: OutputPath, content: Content) {
        self.path = path
        self.content = content
    }
}
