import TrampolineModel

/// Files static hosts read for their own configuration.
package enum HostFile: Sendable, Equatable, Encodable {
    /// GitHub Pages: serve the folder as is (no Jekyll, which drops `.well-known/`).
    case noJekyll
    /// Netlify and Cloudflare Pages: serve the AASA as JSON, never cached for long.
    case headers
    /// Netlify and Cloudflare Pages: rewrite rules (status 200, most specific first) that serve
    /// each route's page for the URLs it matches, after a rule for each plain link (`kept`) a
    /// route's rule would take; in the compact layout (`lookup`) those go to the lookup page at
    /// `404.html`, and with `catchAll` every other path does too, last. First of all, a rule for
    /// each link of `cases` (whose page is under _case/, ``OutputPath/casePage(_:)``). Written only
    /// when there are routes or cases, or the layout is compact.
    case redirects(routes: [Route], kept: [String], lookup: Bool, catchAll: Bool, cases: [String])
    /// Firebase Hosting (`site.host: firebase-hosting`): `firebase.json`, deployed from the folder
    /// itself, with the headers `_headers` lists, each route's rewrite and, with `catchAll` (the
    /// compact layout), every other path to the lookup page; first, a rewrite for each of `cases`.
    case firebase(routes: [Route], catchAll: Bool, cases: [String])
    /// nginx (`site.host: nginx`): the directives for the site's `server` block, included from
    /// the folder: the same headers, routes and catch-all, and no redirect to a link's slashed URL.
    case nginx(routes: [Route], catchAll: Bool, cases: [String])
    /// Amazon S3 behind CloudFront (`site.host: s3-cloudfront`): the viewer-request function that
    /// maps a page's URL to its `index.html`, which an S3 origin does not do, and each of `cases`
    /// to its page under _case/.
    case cloudFrontFunction(cases: [String])

    package var outputPath: OutputPath {
        switch self {
        case .noJekyll: .noJekyll
        case .headers: .headers
        case .redirects: .redirects
        case .firebase: .firebaseConfig
        case .nginx: .nginxConfig
        case .cloudFrontFunction: .cloudFrontFunction
        }
    }
}
