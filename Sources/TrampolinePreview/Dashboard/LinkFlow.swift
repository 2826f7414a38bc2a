import Foundation
import TrampolineKit

/// What one link does, worked out from the catalog and the planned files the way a phone would
/// meet them: the dashboard's row and its two simulations.
public struct LinkFlow: Sendable, Equatable {
    public var path: String
    public var title: String
    /// `https://host/path`, the URL people share.
    public var url: String
    public var deepLink: String
    /// The deep link plus the campaign: what the app receives after an install.
    public var deferredLink: String
    /// Where people without the app end up (the App Store or the link's web page).
    public var fallbackURL: String
    /// `store` or `web`.
    public var fallbackKind: String
    public var fallbackDelayMs: Int
    public var template: String
    /// The page script's behaviour (`interstitial`, `redirect`), from the template's front matter.
    public var behaviour: PageBehaviour
    /// Apple's decision for `url` under the planned AASA, for the app's own app ID.
    public var decision: AASADecision
    /// The AASA rule that decided, if any.
    public var rule: String?
    /// The text put on the clipboard when the visitor has no app, or nil when the link doesn't use it.
    public var clipboardText: String?
    /// The `Set-Cookie`-style value the page stores for loadCookie.html, or nil when the link doesn't use it.
    public var cookie: String?
    public var forwardQuery: Bool

    /// Works out every link of a successful build.
    public static func flows(for site: SiteBuild) -> [LinkFlow] {
        let catalog = site.catalog
        let matcher = site[.appSiteAssociation].flatMap { try? AASAMatcher(data: $0) }
        let appID = catalog.app.appIDs[0]
        return catalog.links.map { link in
            let url = catalog.site.url + link.path
            let verdict = matcher?.verdict(for: url, appID: appID, domain: catalog.site.host)
            let fallbackURL = link.fallbackURL(appStoreURL: catalog.app.appStoreURL)
            let deferred = link.deferredLink
            let cookie = link.options.deferred.contains(.cookie)
                ? "\(link.options.cookieName)=\(encodeURIComponent(deferred)); path=/; max-age=\(link.options.cookieDays * 86400); SameSite=Lax; Secure"
                : nil
            return LinkFlow(
                path: link.path, title: link.title, url: url, deepLink: link.deepLink, deferredLink: deferred,
                fallbackURL: fallbackURL, fallbackKind: link.options.fallback.rawValue,
                fallbackDelayMs: link.options.fallbackDelayMs, template: link.options.template,
                behaviour: site.plan.behaviour(ofLink: link.path) ?? .interstitial,
                decision: verdict?.decision ?? .noMatch, rule: verdict?.rule,
                clipboardText: link.options.deferred.contains(.clipboard) ? deferred : nil,
                cookie: cookie, forwardQuery: link.options.forwardQuery
            )
        }
    }

    /// JavaScript's encodeURIComponent, which the page uses for the cookie's value.
    static func encodeURIComponent(_ text: String) -> String {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-_.!~*'()")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
