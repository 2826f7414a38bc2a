/// What a page's script does, as its template's front matter says (`behaviour:`).
package enum PageBehaviour: String, Sendable, CaseIterable, Encodable {
    /// Preview with a button that copies the deferred link, sets the cookie and goes to the store.
    case interstitial
    /// Tries the app at once; falls back after the delay.
    case redirect
    /// A plain page (home, 404): no script.
    case page
    /// `loadCookie.html`: hands the cookie's link back to the app.
    case loadCookie = "load-cookie"
    /// The compact layout's `404.html`: finds the visited link in the link table, then behaves
    /// as its page would (set by the build, never by a template).
    case linkLookup = "link-lookup"

    /// The behaviours a link's `template:` may have.
    package var isLinkBehaviour: Bool { self == .interstitial || self == .redirect }
}
