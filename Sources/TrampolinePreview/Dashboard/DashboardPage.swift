import Foundation
import TrampolineModel

/// `/_trampoline/`: every link's flow at a glance, rendered on the server. Every catalog value goes
/// through `Escaping.html`; nothing here runs script except the live-reload tag added on the way out.
struct DashboardPage {
    var snapshot: BuildSnapshot
    var failure: [Diagnostic]?
    var generation: Int
    var outputPath: String

    var query = DashboardQuery()
    /// `serve --logs`: the page links to the counts.
    var hasLogs = false

    /// The most warnings the page lists; the terminal has them all.
    static let maximumWarnings = 100

    func render() -> String {
        let catalog = snapshot.catalog
        let h = Escaping.html
        let found = query.matches(snapshot.flows)
        let shown = query.page(of: found)
        let rows = shown.rows.map(row).joined()
        var problems = ""
        if let failure {
            problems += """
                <section class="failure" id="diagnostics"><h2>The catalog has errors</h2>
                <p>The site below is the last good build, still served at its paths.</p>
                <pre>\(h(DiagnosticPrinter.render(failure, format: .text)))</pre></section>

                """
        }
        if !snapshot.warnings.isEmpty {
            let listed = Array(snapshot.warnings.prefix(Self.maximumWarnings))
            let more = snapshot.warnings.count - listed.count
            problems +=
                "<section class=\"warnings\"><h2>Warnings</h2><pre>\(h(DiagnosticPrinter.render(listed, format: .text)))</pre>"
                + (more > 0
                    ? "<p>… and \(more) more: the terminal that runs <code>serve</code> lists them all.</p>" : "")
                + "</section>\n"
        }
        let summary = snapshot.summary
        let aasaSize = snapshot.site[.appSiteAssociation]?.count ?? 0
        let milliseconds =
            Double(snapshot.duration.components.seconds) * 1000 + Double(snapshot.duration.components.attoseconds)
            / 1e15
        return Self.document(
            title: "Trampoline · \(catalog.site.host)",
            body: """
                <header><h1>\(h(catalog.site.title ?? catalog.app.name)) <small>\(h(catalog.site.url))</small></h1>
                <p>App <strong>\(h(catalog.app.name))</strong> · scheme <code>\(h(catalog.app.scheme)):</code> · app IDs \(catalog.app.appIDs.map { "<code>\(h($0))</code>" }.joined(separator: ", "))
                · <a href="\(OutputPath.appSiteAssociation.urlPath)">AASA</a> (\(aasaSize) bytes) · <a href="\(OutputPath.loadCookie.urlPath)">loadCookie.html</a>\(hasLogs ? " · <a href=\"\(PreviewRoutes.prefix)/counts\">counts from the logs</a>" : "")</p>
                <p class="build">Serving <code>\(h(outputPath))</code> · build \(generation) · \(snapshot.flows.count) links · \(summary.written.count) written, \(summary.unchanged.count) unchanged, \(summary.removed.count) removed in \(String(format: "%.0f", milliseconds)) ms</p>
                </header>
                \(problems)<main>
                \(pager(found: found.count, page: shown.page, pages: shown.pages, first: shown.first))<table>
                <thead><tr><th>Link</th><th>URL</th><th>QR code</th><th>Deep link</th><th>Deferred link</th><th>Fallback</th><th>Template</th><th>AASA</th><th>Simulate</th></tr></thead>
                <tbody>
                \(rows)</tbody>
                </table>
                <p class="note">AASA: Apple's decision for the link's https URL under the planned apple-app-site-association, for \(h(catalog.app.appIDs[0])). <em>match</em>: iOS opens the app directly; otherwise Safari loads the page.</p>
                </main>
                """)
    }

    /// One link's row: its URLs, QR code, links, decision and simulations.
    private func row(_ flow: LinkFlow) -> String {
        let h = Escaping.html
        let query = "path=" + LinkFlow.encodeURIComponent(flow.path)
        let simulate = "\(PreviewRoutes.prefix)/simulate?\(query)"
        let androidButtons =
            " <a class=\"button\" href=\"\(simulate)&amp;app=installed&amp;platform=android\">Android: installed</a>"
            + " <a class=\"button\" href=\"\(simulate)&amp;app=missing&amp;platform=android\">Android: not installed</a>\n"
        return """
            <tr data-path="\(h(flow.path))">
            <td>\(flow.isRoute ? "<small>route</small> <code>\(h(flow.path))</code><br>sample <a href=\"\(h(flow.visitPath))\">\(h(flow.visitPath))</a>" : "<a href=\"\(h(flow.path))\">\(h(flow.path))</a>")<br><small>\(h(flow.title))</small></td>
            <td><code>\(h(flow.url))</code></td>
            <td class="qr">\(flow.qrCodePath.map { "<a href=\"\(h($0))\"><img src=\"\(h($0))\" width=\"96\" height=\"96\" alt=\"QR code of \(h(flow.url))\" loading=\"lazy\"></a>" } ?? "<small>off</small>")</td>
            <td><code>\(h(flow.deepLink))</code></td>
            <td><code>\(h(flow.deferredLink))</code></td>
            <td>\(flow.android == nil ? "" : "<small>iOS</small> ")\(h(flow.fallbackKind)): <code>\(h(flow.fallbackURL))</code>\(flow.android.map { "<br><small>Android</small> \(h($0.fallbackKind)): <code>\(h($0.fallbackURL))</code>" } ?? "")</td>
            <td>\(h(flow.template))\(flow.behaviour.rawValue == flow.template ? "" : " <small>(\(h(flow.behaviour.rawValue)))</small>")</td>
            <td class="decision decision-\(h(flow.decision.rawValue))" title="\(h(flow.rule ?? "no rule matched"))">\(h(flow.decision.rawValue))</td>
            <td class="actions"><a class="button" href="\(h(flow.visitPath))?debug=1">Debug view</a> \
            <a class="button" href="\(simulate)&amp;app=installed">App installed</a> \
            <a class="button" href="\(simulate)&amp;app=missing">App not installed</a>\(flow.android == nil ? "" : androidButtons)</td>
            </tr>

            """
    }

    /// The search box and where this page is among the results, with the way to the others.
    private func pager(found: Int, page: Int, pages: Int, first: Int) -> String {
        let h = Escaping.html
        let total = snapshot.flows.count
        let range =
            found == 0 ? "no links" : "links \(first + 1)–\(min(found, first + DashboardQuery.pageSize)) of \(found)"
        let of = query.search.isEmpty ? "" : " found for <q>\(h(query.search))</q> among \(total)"
        func step(_ label: String, _ target: Int, rel: String) -> String {
            target == page || target < 1 || target > pages
                ? "<span class=\"off\">\(label)</span>"
                : "<a rel=\"\(rel)\" href=\"\(h(query.url(page: target)))\">\(label)</a>"
        }
        return """
            <form class="search" method="get" action="\(PreviewRoutes.prefix)/" role="search">\
            <input type="search" name="q" value="\(h(query.search))" placeholder="Search paths, titles, URLs, deep links" aria-label="Search links">\
            <button type="submit">Search</button></form>
            <nav class="pager" aria-label="Pages">\(range)\(of) · page \(page) of \(pages) · \
            \(step("« First", 1, rel: "first")) \(step("‹ Previous", page - 1, rel: "prev")) \
            \(step("Next ›", page + 1, rel: "next")) \(step("Last »", pages, rel: "last"))</nav>

            """
    }

    /// A preview page around `body` (already HTML); `title` is text and is escaped here.
    static func document(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(Escaping.html(title))</title>
        <style>\(style)</style>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }

    static let style = """
        body{font:14px/1.45 -apple-system,system-ui,sans-serif;margin:0;color:#1d1d1f;background:#f5f5f7}
        header,main,section{padding:12px 20px}header{background:#fff;border-bottom:1px solid #ddd}
        h1{font-size:20px;margin:0 0 4px}h1 small{font-weight:normal;color:#666}
        table{border-collapse:collapse;width:100%;background:#fff}th,td{border:1px solid #ddd;padding:6px 8px;text-align:left;vertical-align:top}
        th{background:#fafafa}code{font:12px ui-monospace,Menlo,monospace;word-break:break-all}
        .decision-match{background:#e3f6e8;color:#106b2c;font-weight:600}.decision-exclude{background:#fde8e8;color:#9b1c1c;font-weight:600}
        .decision-no_match{background:#fff4d6;color:#7a5600;font-weight:600}
        .button{display:inline-block;margin:2px 0;padding:3px 8px;border-radius:6px;background:#0a66d8;color:#fff;text-decoration:none;white-space:nowrap}
        .failure{background:#3b0d0d;color:#fff}.failure pre,.warnings pre{white-space:pre-wrap}.warnings{background:#fff8e1}
        .panel{background:#fff;border:1px solid #ddd;border-radius:8px;padding:12px 16px;max-width:900px}
        .panel dt{font-weight:600;margin-top:8px}.panel dd{margin:2px 0 0 0}.cancelled{text-decoration:line-through;color:#888}
        .qr img{display:block;image-rendering:pixelated}
        .search{margin:0 0 8px}.search input{width:24em;max-width:70%;padding:4px 6px}.pager{margin:0 0 8px}.off{color:#aaa}
        iframe{width:390px;height:640px;border:1px solid #ccc;border-radius:12px;background:#fff}
        """
}
