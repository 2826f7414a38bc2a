import Foundation
import TrampolineModel

/// The pieces `serve` adds to pages: the live-reload script and the diagnostics overlay.
enum PreviewAssets {
    /// Served at `/_trampoline/reload.js`. Reloads when the server reports a generation other than
    /// the one the page was served at, including one reached between serving and connecting.
    static let reloadScript = """
        (function () {
          "use strict";
          var me = document.currentScript;
          var generation = me ? me.getAttribute("data-generation") : null;
          if (!window.EventSource) return;
          var source = new EventSource("\(PreviewRoutes.prefix)/events");
          function check(event) { if (event.data && event.data !== generation) location.reload(); }
          source.addEventListener("hello", check);
          source.addEventListener("reload", check);
        })();

        """

    /// What goes before `</body>`: the script tag, and the overlay while the catalog is broken.
    static func injection(generation: Int, failure: [Diagnostic]?) -> String {
        var html = ""
        if let failure { html += overlay(failure) }
        html +=
            "<script src=\"\(PreviewRoutes.prefix)/reload.js\" data-generation=\"\(generation)\" data-trampoline-preview></script>\n"
        return html
    }

    /// A fixed banner over the last good page, listing the diagnostics of the broken catalog.
    static func overlay(_ diagnostics: [Diagnostic]) -> String {
        let text = Escaping.html(DiagnosticPrinter.render(diagnostics, format: .text))
        return """
            <div id="trampoline-preview-overlay" role="alert" style="position:fixed;left:0;right:0;top:0;z-index:2147483647;max-height:70vh;overflow:auto;margin:0;padding:16px;background:#3b0d0d;color:#fff;font:13px/1.45 ui-monospace,Menlo,Consolas,monospace;box-shadow:0 4px 18px rgba(0,0,0,.45);text-align:left">\
            <strong>trampoline serve: the catalog has errors. This is the last good build.</strong> \
            <a href="\(PreviewRoutes.prefix)/" style="color:#ffd479">Dashboard</a>\
            <pre style="white-space:pre-wrap;margin:8px 0 0;font:inherit">\(text)</pre></div>

            """
    }

    /// The page's Content-Security-Policy, loosened for the preview only: the reload script comes
    /// from `/_trampoline/`, its event stream needs `connect-src`, and the overlay has inline styles.
    /// Built pages on disk keep the strict policy.
    static func relaxPolicy(in html: String) -> String {
        let marker = "<meta http-equiv=\"Content-Security-Policy\" content=\""
        guard let start = html.range(of: marker),
            let end = html[start.upperBound...].firstIndex(of: "\"")
        else { return html }
        let directives =
            html[start.upperBound..<end].split(separator: ";").map { directive -> String in
                let text = directive.trimmingCharacters(in: .whitespaces)
                if text.hasPrefix("script-src") {
                    // 'strict-dynamic' would make browsers ignore 'self'; without it, 'self' also
                    // covers /trampoline-more.js, which the page's script loads.
                    let sources = text.split(separator: " ").dropFirst().filter {
                        $0 != "'none'" && $0 != "'strict-dynamic'"
                    }
                    return (["script-src", "'self'"] + sources.map(String.init)).joined(separator: " ")
                }
                if text.hasPrefix("style-src") { return "style-src 'self' 'unsafe-inline'" }
                return text
            } + ["connect-src 'self'"]
        var result = html
        result.replaceSubrange(start.upperBound..<end, with: directives.joined(separator: "; "))
        return result
    }

    /// `snippet` before the last `</body>`, or at the end when the page has none.
    static func inject(_ snippet: String, into html: String) -> String {
        guard let close = html.range(of: "</body>", options: [.caseInsensitive, .backwards]) else {
            return html + snippet
        }
        var result = html
        result.insert(contentsOf: snippet, at: close.lowerBound)
        return result
    }
}
