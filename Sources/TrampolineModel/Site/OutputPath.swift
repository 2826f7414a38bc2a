@_spi(Generator) import TrampolineLink

/// A file's path inside the output folder: relative, `/`-separated, never leaving the folder.
/// Every path the site has is spelled here, once; the rest of the code passes these values.
package struct OutputPath: Hashable, Comparable, Sendable, Encodable, CustomStringConvertible {
    /// The path as written under the output folder, such as `topic/1/index.html`.
    package let value: String

    package init(_ value: String) {
        self.value = value
    }

    package var description: String { value }

    package static func < (lhs: OutputPath, rhs: OutputPath) -> Bool { lhs.value < rhs.value }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    /// The page of the link at `linkPath` (`/topic/1` → `topic/1/index.html`), served at the
    /// link's URL as a folder index.
    package static func linkPage(_ linkPath: String) -> OutputPath {
        OutputPath(String(linkPath.dropFirst()) + "/index.html")
    }

    /// The QR code of the link at `linkPath` (`/topic/1` → `topic/1/qr.svg`), beside its page.
    package static func qrCode(_ linkPath: String) -> OutputPath {
        OutputPath(String(linkPath.dropFirst()) + "/qr.svg")
    }

    /// The page of a link whose path differs from an earlier link's only in case (`/ABC` beside
    /// `/abc`): in a folder named by the path's digest, so no two folders differ only in case
    /// (a checkout on a case-insensitive disk merges them); the host's rules serve it at the
    /// link's URL (docs/deploy.md, "Links that differ only in case").
    package static func casePage(_ linkPath: String) -> OutputPath {
        OutputPath(caseFolder(linkPath) + "/index.html")
    }

    /// The QR code of a link whose page is a ``casePage(_:)``, beside it.
    package static func caseQRCode(_ linkPath: String) -> OutputPath {
        OutputPath(caseFolder(linkPath) + "/qr.svg")
    }

    /// `_case/<first 8 bytes of SHA-256 of the path, lower-case hex>`.
    package static func caseFolder(_ linkPath: String) -> String {
        caseFolderName + "/" + Digest.hex(linkPath).prefix(16)
    }

    /// The folder of the case pages; no link's path may start with it.
    package static let caseFolderName = "_case"

    /// The page of a route (`/restaurant/:id` → `_routes/restaurant/_id/index.html`), which hosts
    /// serve for every URL the route matches.
    package static func routePage(_ route: Route) -> OutputPath {
        OutputPath(String(route.pageFolder.dropFirst()) + "/index.html")
    }

    /// The project's `app.icon` image, named from its bytes' digest (`trampoline-icon-<digest>.png`).
    package static func appIcon(digest: String, fileExtension: String) -> OutputPath {
        OutputPath(appIconPrefix + digest + "." + fileExtension)
    }

    /// What every name ``appIcon(digest:fileExtension:)`` makes starts with; no link may.
    package static let appIconPrefix = "trampoline-icon-"

    /// Where iOS 9.3+ looks for the AASA first.
    package static let appSiteAssociation = OutputPath(".well-known/apple-app-site-association")
    /// The legacy location at the root, which older iOS versions read.
    package static let rootAppSiteAssociation = OutputPath("apple-app-site-association")
    package static let home = OutputPath("index.html")
    package static let notFound = OutputPath("404.html")
    package static let loadCookie = OutputPath("loadCookie.html")
    /// Tells GitHub Pages not to run Jekyll (which would drop `.well-known/`).
    package static let noJekyll = OutputPath(".nojekyll")
    /// Netlify's and Cloudflare Pages' response headers.
    package static let headers = OutputPath("_headers")
    /// Netlify's and Cloudflare Pages' rewrite rules (routes).
    package static let redirects = OutputPath("_redirects")
    /// Firebase Hosting's configuration (`site.host: firebase-hosting`): `firebase deploy` in the folder.
    package static let firebaseConfig = OutputPath("firebase.json")
    /// nginx's directives for the site's `server` block (`site.host: nginx`).
    package static let nginxConfig = OutputPath("nginx.conf")
    /// The extensions of the files a site holds (its pages, scripts, QR codes, the link table,
    /// the count files, an icon): where a host must tell a file from a page's folder by the name
    /// alone (``cloudFrontFunction``), a last segment ending in one is a file.
    package static let fileExtensions = [
        "html", "js", "json", "svg", "png", "jpg", "jpeg", "webp", "gif", "txt", "ico",
    ]
    /// The CloudFront Function for the distribution (`site.host: s3-cloudfront`); not uploaded to the bucket.
    package static let cloudFrontFunction = OutputPath("cloudfront-function.js")
    /// The part of the page script only some visits load: the debug view and the way out of
    /// in-app browsers.
    package static let moreScript = OutputPath("trampoline-more.js")
    /// What a route's page loads to fill its deep link in from the visited URL.
    package static let routeScript = OutputPath("trampoline-route.js")
    /// The page that serves long links (`/?link=…`, `site.long_links`), which the home page hands them to.
    package static let longLinkPage = OutputPath(longLinkFolder + "/index.html")
    /// The long-link page's folder; its URL is `/_long-link/`, a path reserved for it.
    package static let longLinkFolder = "_long-link"
    /// What the long-link page loads to read the long link it was handed.
    package static let longLinkScript = OutputPath("trampoline-long-link.js")
    /// Shard `index` of the compact layout's link table (`_links/17.json`).
    package static func lookupShard(_ index: Int) -> OutputPath {
        OutputPath("\(lookupShardFolder)/\(index).json")
    }
    /// The folder of the link table's shards.
    package static let lookupShardFolder = "_links"
    /// The link table's index (docs/link-table.md): format, host, schemes, shard count, routes.
    package static let linkTableIndex = OutputPath(String(SiteLinkTable.indexPath.dropFirst()))
    /// Shard `index` of the link table every site publishes for apps (docs/link-table.md).
    package static func linkTableShard(_ index: Int) -> OutputPath {
        OutputPath(String(SiteLinkTable.shardPath(index).dropFirst()))
    }
    /// The folder of the files the pages request to count what happened (``PageOutcome``).
    package static let countFolder = "_count"
    /// The list of files Trampoline wrote, so it only ever removes its own files.
    package static let manifest = OutputPath(".trampoline-manifest.json")

    /// Android's Digital Asset Links statement list.
    package static let assetLinks = OutputPath(".well-known/assetlinks.json")

    /// Both AASA copies.
    package static let appSiteAssociationFiles = [appSiteAssociation, rootAppSiteAssociation]
    /// The files that let apps claim the site's pages: written last, so a new one never claims a
    /// page that is not there yet.
    package static let claimFiles = appSiteAssociationFiles + [assetLinks]

    /// The files at the top of the site that a link's path must never collide with.
    package static let topLevelFiles = [
        home, notFound, loadCookie, moreScript, routeScript, longLinkScript, rootAppSiteAssociation, headers, redirects,
        noJekyll, manifest, firebaseConfig, nginxConfig, cloudFrontFunction,
    ]

    /// Files of the folder that are for the deploy, not for visitors: each host's configuration,
    /// the build's manifest. Firebase's `ignore`, nginx's 404s and the S3 sync leave them out.
    package static let deployOnlyFiles = [
        firebaseConfig, nginxConfig, cloudFrontFunction, headers, redirects, noJekyll, manifest,
    ]

    /// The upload of a site to S3 (docs/deploy.md, "Amazon S3 and CloudFront"): the folder, with
    /// every deploy-only file left out of the bucket.
    package static let s3SyncCommand =
        "aws s3 sync _site s3://BUCKET --delete" + deployOnlyFiles.map { " --exclude \($0.value)" }.joined()

    /// True for the AASA copies and `assetlinks.json`.
    package var isClaimFile: Bool { Self.claimFiles.contains(self) }

    /// The URL path this file is served at (`/loadCookie.html`).
    package var urlPath: String { "/" + value }
}
