import Foundation
import TrampolineModel

/// `/_trampoline/simulate`: what one link does on a phone with or without the app. A desktop
/// browser has neither the app nor the App Store, so the flow is told here, worked out from the
/// built page's own data, beside a script-less preview of the page.
struct SimulationPage {
    var flow: LinkFlow
    var appInstalled: Bool
    /// Simulate an Android phone (Chrome) instead of an iPhone.
    var android = false

    func render() -> String {
        let h = Escaping.html
        if android { return renderAndroid() }
        let automatic = flow.behaviour == .redirect
        let universal: String
        switch flow.decision {
        case .match:
            universal =
                "The AASA claims <code>\(h(flow.url))</code> (rule <code>\(h(flow.rule ?? ""))</code>): tapped in Safari, Messages or Mail, iOS opens the app directly and never loads this page. The page runs only where universal links don't apply (a pasted URL, some in-app browsers):"
        case .exclude:
            universal =
                "The AASA excludes <code>\(h(flow.url))</code> (rule <code>\(h(flow.rule ?? ""))</code>): iOS loads this page in the browser even with the app installed."
        case .noMatch:
            universal =
                "The AASA does not claim <code>\(h(flow.url))</code>: iOS loads this page in the browser even with the app installed."
        }
        var channels: [String] = []
        if flow.clipboardText != nil { channels.append("the app reads the link from the clipboard") }
        if flow.cookie != nil {
            channels.append(
                "the app opens <code>/loadCookie.html</code> in a Safari view, which finds the cookie and opens the link"
            )
        }
        let afterInstall =
            channels.isEmpty
            ? "Nothing carries the link over: the app opens on its start screen."
            : channels.joined(separator: "; or ").prefix(1).uppercased()
                + channels.joined(separator: "; or ").dropFirst() + ": <code>\(h(flow.deferredLink))</code>."
        let panel: String
        if appInstalled {
            panel = """
                <h2>App installed</h2>
                <p>\(universal)</p>
                <dl>
                <dt>Scheme URL that opens the app</dt><dd><code id="sim-scheme">\(h(flow.deferredLink))</code>\(flow.forwardQuery ? " <small>(plus the visited URL's query)</small>" : "")</dd>
                <dt>How</dt><dd>\(automatic ? "The page navigates to it at once." : "The page shows its preview; its Smart App Banner offers <em>Open</em>, which hands the app this link.")</dd>
                <dt>Fallback</dt><dd id="sim-fallback"><span class="cancelled">\(h(flow.fallbackKind)) → <code>\(h(flow.fallbackURL))</code>\(automatic ? " after \(flow.fallbackDelayMs) ms" : "")</span> <strong>cancelled</strong>: the app comes to the front, iOS hides the page and the page stops its timer.</dd>
                </dl>
                """
        } else {
            panel = """
                <h2>App not installed</h2>
                <p>\(flow.decision == .match ? "Without the app, iOS ignores the AASA and Safari loads the page." : "Safari loads the page.")</p>
                <dl>
                <dt>Clipboard</dt><dd id="sim-clipboard">\(flow.clipboardText.map { "<code>\(h($0))</code>" } ?? "nothing is copied (deferred has no clipboard)")</dd>
                <dt>Cookie</dt><dd id="sim-cookie">\(flow.cookie.map { "<code>\(h($0))</code>" } ?? "no cookie is set (deferred has no cookie)")</dd>
                <dt>Fallback</dt><dd id="sim-fallback">\(h(flow.fallbackKind)) → <a href="\(h(flow.fallbackURL))"><code>\(h(flow.fallbackURL))</code></a>, \(automatic ? "after \(flow.fallbackDelayMs) ms" : "when the visitor taps the button")</dd>
                <dt>After the install</dt><dd>\(afterInstall)</dd>
                </dl>
                """
        }
        return DashboardPage.document(
            title: "\(appInstalled ? "App installed" : "App not installed") · \(flow.path)",
            body: """
                <header><h1>\(h(flow.title)) <small>\(h(flow.path))</small></h1>
                <p><a href="\(PreviewRoutes.prefix)/">← Dashboard</a> · template \(h(flow.template))\(flow.behaviour.rawValue == flow.template ? "" : " (\(h(flow.behaviour.rawValue)))") · AASA <span class="decision decision-\(h(flow.decision.rawValue))">\(h(flow.decision.rawValue))</span></p></header>
                <main>
                <section class="panel" id="simulation">
                \(panel)
                </section>
                <h2>The page</h2>
                <p>Rendered without its script, so nothing navigates away: <a href="\(h(flow.visitPath))">open it for real</a>.</p>
                <iframe sandbox src="\(h(flow.visitPath))" title="The page for \(h(flow.visitPath))"></iframe>
                </main>
                """)
    }

    /// The same for an Android phone: an intent instead of the scheme, Google Play with the
    /// referrer instead of the App Store, clipboard and cookie.
    func renderAndroid() -> String {
        let h = Escaping.html
        let automatic = flow.behaviour == .redirect
        let panel: String
        if let android = flow.android {
            let how =
                automatic
                ? "The page opens it at once."
                : "The page waits for a tap on its button (Chrome opens intents only from a tap)."
            if appInstalled {
                panel = """
                    <h2>Android, app installed</h2>
                    <p>If the app declares this URL in a verified App Links intent filter (<code>trampoline intent-filter</code>), Android opens the app directly and never loads this page. Otherwise:</p>
                    <dl>
                    <dt>Intent that opens the app</dt><dd><code id="sim-intent">\(h(android.intentURL))</code>\(flow.forwardQuery ? " <small>(plus the visited URL's query)</small>" : "")</dd>
                    <dt>How</dt><dd>\(how)</dd>
                    <dt>Fallback</dt><dd id="sim-fallback"><span class="cancelled">\(h(android.fallbackKind)) → <code>\(h(android.fallbackURL))</code></span> <strong>cancelled</strong>: the app comes to the front and the page stops its timer.</dd>
                    </dl>
                    """
            } else {
                panel = """
                    <h2>Android, app not installed</h2>
                    <dl>
                    <dt>Intent</dt><dd><code id="sim-intent">\(h(android.intentURL))</code>: \(how) Chrome finds no app and follows <code>browser_fallback_url</code>; the page's own timer does the same after \(flow.fallbackDelayMs) ms for web views that ignore it.</dd>
                    <dt>Fallback</dt><dd id="sim-fallback">\(h(android.fallbackKind)) → <a href="\(h(android.fallbackURL))"><code>\(h(android.fallbackURL))</code></a></dd>
                    <dt>After the install</dt><dd id="sim-referrer">\(android.referrer.map { "Google Play hands the app the install referrer <code>\(h($0))</code>; its <code>deep_link</code> is <code>\(h(flow.deferredLink))</code> plus the <code>tl_t</code> visit-time marker the app library checks and removes." } ?? "Nothing carries the link over: the web page is the fallback.")</dd>
                    </dl>
                    """
            }
        } else {
            panel = """
                <h2>Android</h2>
                <p>The catalog has no Android app: an Android phone goes to \(flow.fallbackKind == "web" || flow.fallbackURL.hasPrefix("http") ? "the link's web page, if it has one," : "nothing") and otherwise stays on the page. It is never sent to the App Store.</p>
                """
        }
        return DashboardPage.document(
            title: "Android · \(appInstalled ? "App installed" : "App not installed") · \(flow.path)",
            body: """
                <header><h1>\(h(flow.title)) <small>\(h(flow.path))</small></h1>
                <p><a href="\(PreviewRoutes.prefix)/">← Dashboard</a> · template \(h(flow.template))</p></header>
                <main>
                <section class="panel" id="simulation">
                \(panel)
                </section>
                </main>
                """)
    }
}
