import Foundation
import TrampolineBuild
import TrampolineModel
import TrampolineSite

/// What one link does, worked out from the catalog and the planned files the way a phone would
/// meet them: the dashboard's row and its two simulations.
package struct LinkFlow: Sendable, Equatable {
    /// The link's path; a route's pattern (`/restaurant/:id`).
    package var path: String
    /// The path to open: the link's, or for a route a path it matches (``Route/samplePath``),
    /// whose deep link the flow shows.
    package var visitPath: String
    /// Whether the link is a route.
    package var isRoute: Bool
    package var title: String
    /// `https://host/path`, the URL people share (a sample URL for a route).
    package var url: String
    package var deepLink: String
    /// The deep link plus the campaign: what the app receives after an install.
    package var deferredLink: String
    /// Where people without the app end up (the App Store or the link's web page).
    package var fallbackURL: String
    /// `store` or `web`.
    package var fallbackKind: String
    package var fallbackDelayMs: Int
    package var template: String
    /// The page script's behaviour (`interstitial`, `redirect`), from the template's front matter.
    package var behaviour: PageBehaviour
    /// Apple's decision for `url` under the planned AASA, for the app's own app ID.
    package var decision: AASADecision
    /// The AASA rule that decided, if any.
    package var rule: String?
    /// The text put on the clipboard when the visitor has no app, or nil when the link doesn't use it.
    package var clipboardText: String?
    /// The `Set-Cookie`-style value the page stores for loadCookie.html, or nil when the link doesn't use it.
    package var cookie: String?
    package var forwardQuery: Bool
    /// Where the link's QR code is served (`/topic/1/qr.svg`), or nil when the plan has none.
    package var qrCodePath: String?
    /// What an Android phone does, when the catalog has an Android app.
    package var android: AndroidFlow?

    /// The Android side of a link, as the page's script computes it for a visit without a query.
    package struct AndroidFlow: Sendable, Equatable {
        /// The `intent://` URL the page opens (at once, or on the tap).
        package var intentURL: String
        /// Where an Android phone without the app goes: Google Play with the deferred link in
        /// `referrer`, or the link's web page.
        package var fallbackURL: String
        /// `store` or `web`.
        package var fallbackKind: String
        /// The `referrer` Google Play hands the app after the install.
        package var referrer: String?
    }

    /// Works out every link of a successful build.
    package static func flows(for site: SiteBuild) -> [LinkFlow] {
        let catalog = site.catalog
        let matcher = site[.appSiteAssociation].flatMap { try? AASAMatcher(data: $0) }
        let appID = catalog.app.appIDs.first
        return catalog.links.map { written in
            var link = written
            let visitPath = link.visitPath
            // A route's flow is that of its sample URL: the deep link filled in as the page fills it.
            if let route = link.route, let parameters = route.pattern.match(path: visitPath) {
                link.deepLink = Route.fill(link.deepLink, parameters: parameters, restNames: route.restNames)
            }
            let url = catalog.site.url + visitPath
            let verdict = appID.flatMap { matcher?.verdict(for: url, appID: $0, domain: catalog.site.host) }
            let fallbackURL = link.fallbackURL(app: catalog.app) ?? url
            let deferred = link.deferredLink
            let cookie =
                link.options.deferred.contains(.cookie)
                ? "\(link.options.cookieName)=\(encodeURIComponent(deferred)); path=/; max-age=\(link.options.cookieDays * 86400); SameSite=Lax; Secure"
                : nil
            return LinkFlow(
                path: link.path, visitPath: visitPath, isRoute: link.isRoute, title: link.title, url: url,
                deepLink: link.deepLink, deferredLink: deferred,
                fallbackURL: fallbackURL, fallbackKind: link.options.fallback.rawValue,
                fallbackDelayMs: link.options.fallbackDelayMs, template: link.options.template,
                behaviour: (link.route.map { site.plan.behaviour(ofRoute: $0) }
                    ?? site.plan.behaviour(ofLink: link.path)) ?? .interstitial,
                decision: verdict?.decision ?? .noMatch, rule: verdict?.rule,
                clipboardText: link.options.deferred.contains(.clipboard) ? deferred : nil,
                cookie: cookie, forwardQuery: link.options.forwardQuery,
                qrCodePath: site.plan[.qrCode(link.path)] == nil ? nil : OutputPath.qrCode(link.path).urlPath,
                android: catalog.app.android.map { androidFlow(link: link, app: $0) }
            )
        }
    }

    /// JavaScript's encodeURIComponent, which the page uses for the cookie's value.
    static func encodeURIComponent(_ text: String) -> String {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-_.!~*'()")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// Mirrors `playURL`, `androidFallback` and `intentURL` in Templates/trampoline.js.
    static func androidFlow(link: Link, app: AndroidApp) -> AndroidFlow {
        let deferred = link.deferredLink
        var referrer = "deep_link=" + Escaping.formComponent(deferred)
        for parameter in link.campaign where parameter.name.hasPrefix("utm_") {
            referrer += "&" + Escaping.formComponent(parameter.name) + "=" + Escaping.formComponent(parameter.value)
        }
        let play =
            app.playStoreURL + (app.playStoreURL.contains("?") ? "&" : "?") + "referrer="
            + Escaping.formComponent(referrer)
        let kind = link.options.androidFallback ?? link.options.fallback
        let fallback = kind == .web ? (link.webURL ?? play) : play
        var rest = Substring(deferred)
        if let colon = rest.firstIndex(of: ":") { rest = rest[rest.index(after: colon)...] }
        if rest.hasPrefix("//") { rest = rest.dropFirst(2) }
        let data = rest.prefix { $0 != "#" }
        let intent =
            "intent://\(data)#Intent;scheme=\(app.scheme);package=\(app.package);S.browser_fallback_url=\(encodeURIComponent(fallback));end"
        return AndroidFlow(
            intentURL: intent, fallbackURL: fallback,
            fallbackKind: kind == .web && link.webURL != nil ? "web" : "store",
            referrer: fallback == play ? referrer : nil)
    }
}
