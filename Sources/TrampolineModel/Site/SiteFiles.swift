/// What of a site is never a link, as the association files name it: what stays in the browser
/// on iOS (the AASA) and on Android 15+ (`assetlinks.json`'s dynamic rules).
package enum SiteFiles {
    /// The pages people see and the page the app loads (`loadCookie.html`).
    package static let pages = ["/"] + [OutputPath.home, .notFound, .loadCookie].map(\.urlPath)

    /// The query item that turns a link page into its debug view (FDL's `d=1`).
    package static let debugQuery = (name: "debug", value: "1")

    /// With `site.claims: domain`, everything the site serves that is not a link, as patterns
    /// that never grow with the catalog: the pages, the association files and the link table
    /// (`/.well-known/*`), the scripts, the app's icon, the QR codes (a link's, so never at the
    /// top), the compact layout's shards, the route pages, the long-link page, the count files, the case pages
    /// and the hosts' own files. Tests/Fixtures/site-files.json is the same list as
    /// the apps' libraries read it.
    package static let unclaimedPatterns =
        pages + [
            "/.well-known/*", OutputPath.rootAppSiteAssociation.urlPath, "/trampoline-*.js",
            "/" + OutputPath.appIconPrefix + "*", "/*/qr.svg",
            "/" + OutputPath.lookupShardFolder + "/*", Route.folderPrefix + "/*",
            "/" + OutputPath.longLinkFolder + "/*", "/" + OutputPath.countFolder + "/*",
            "/" + OutputPath.caseFolderName + "/*", OutputPath.headers.urlPath, OutputPath.redirects.urlPath,
            OutputPath.noJekyll.urlPath,
            OutputPath.manifest.urlPath,
        ]
}
