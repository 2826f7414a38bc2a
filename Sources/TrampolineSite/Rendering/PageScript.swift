/// Which inline script a page carries, and so which hash its Content-Security-Policy allows.
enum PageScript: String, Sendable {
    /// Home and 404 pages of a site without routes or Android app.
    case none
    /// `loadCookie.html`: loadCookie.js.
    case loadCookie
    /// A link's page: trampoline.js.
    case link
    /// The 404 page of a site with routes: trampoline-route.js, which hands a visit to its route's page;
    /// and the home and 404 pages of a catalog with an Android app, where it gives Android Google Play.
    case routeTable
    /// The compact layout's lookup page (`404.html`): trampoline.js, which may fetch a shard of
    /// the link table.
    case linkLookup

    /// The script of a behaviour's page.
    init(_ behaviour: PageBehaviour) {
        switch behaviour {
        case .page: self = .none
        case .loadCookie: self = .loadCookie
        case .interstitial, .redirect: self = .link
        case .linkLookup: self = .linkLookup
        }
    }
}
