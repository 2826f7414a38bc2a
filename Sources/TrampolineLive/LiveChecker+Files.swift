import Foundation
import TrampolineBuild
import TrampolineModel

extension LiveChecker {
    /// The site's own files, the routes' samples and the link pages and shards (all, or
    /// `--sample N` links spread over the catalog), as ``LiveTargets`` lists them: each answers
    /// without a redirect, with the built bytes and the headers `_headers` gives its path; then a
    /// path no link has must answer 404.
    func checkFiles(_ fetcher: LiveFetcher, progress: (@Sendable (Int, Int) -> Void)?) async -> [Diagnostic] {
        let targets = LiveTargets(build: build, sample: options.sample).targets
        var findings: [[Diagnostic]] = Array(repeating: [], count: targets.count)
        var done = 0
        // At most `options.concurrency` requests in flight; findings kept in the targets' order.
        await withTaskGroup(of: (Int, [Diagnostic]).self) { group in
            var next = 0
            func add() {
                guard next < targets.count else { return }
                let index = next
                next += 1
                group.addTask { (index, await self.check(targets[index], fetcher)) }
            }
            for _ in 0..<options.concurrency { add() }
            for await (index, result) in group {
                findings[index] = result
                done += 1
                progress?(done, targets.count)
                add()
            }
        }
        return findings.flatMap { $0 } + (await checkNotFound(fetcher)) + (await checkManifestHidden(fetcher))
    }

    func check(_ target: LiveTargets.Target, _ fetcher: LiveFetcher) async -> [Diagnostic] {
        let url = site + target.urlPath
        var findings: [Diagnostic] = []
        guard let response = await fetch(url, as: Self.browser, fetcher, into: &findings) else { return findings }
        switch target.kind {
        case .file(let path):
            guard response.status == 200 else {
                return [
                    finding(
                        "not-served", url, "not served", expected: "200 with \(path.value)",
                        seen: "\(response.status)", fix: fix.missing())
                ]
            }
            if response.body != build[path] {
                findings.append(
                    finding(
                        "stale", url, "the live file is not the built one", expected: "the built \(path.value)",
                        seen: "\(response.body.count) other bytes", fix: fix.stale()))
            }
        case .route(let page):
            findings += checkRewrite(response, url: url, page: page)
        case .lookup:
            findings += checkRewrite(response, url: url, page: nil)
        }
        return findings + checkHeaders(response, url: url, urlPath: target.urlPath)
    }

    /// A route's sample or a compact link: the route's page with 200 (the host applied `_redirects`),
    /// or `404.html`, whose script serves it, with 200 through the catch-all or 404 without one.
    func checkRewrite(_ response: LiveResponse, url: String, page: OutputPath?) -> [Diagnostic] {
        if let page, response.status == 200, response.body == build[page] { return [] }
        if response.body == build[.notFound], response.status == 200 || response.status == 404 {
            guard page != nil, build.catalog.site.hosting?.readsHostFiles == true else { return [] }
            return [
                finding(
                    .warning, "rewrite-missing", url,
                    "served by 404.html's script, not the route's page: the host did not apply _redirects",
                    expected: "200 with the route's page", seen: "\(response.status) with 404.html", fix: fix.rewrite())
            ]
        }
        let expected = page.map { "200 with \($0.value), or 404.html" } ?? "404.html (status 200 or 404)"
        return [
            finding(
                "rewrite-missing", url, "this link's URL is not answered by the page that opens it",
                expected: expected, seen: "\(response.status) with \(response.body.count) other bytes",
                fix: fix.rewrite())
        ]
    }

    /// The headers `_headers` gives this path, which hosts that read the file send; on hosts that
    /// do not, the team's configuration must send them too (GitHub Pages can send none: skipped).
    func checkHeaders(_ response: LiveResponse, url: String, urlPath: String) -> [Diagnostic] {
        guard build.catalog.site.hosting?.sendsCustomHeaders != false, response.status == 200 else { return [] }
        var findings: [Diagnostic] = []
        for rule in build.renderer.headerRules where rule.matches(urlPath) {
            for field in rule.fields {
                let seen = response.header(field.name)
                let matches =
                    field.name == "Content-Type"
                    ? response.mediaType == field.value
                    : seen?.trimmingCharacters(in: .whitespaces) == field.value
                guard !matches else { continue }
                findings.append(
                    finding(
                        "header-missing", url, "\(field.name) is not what \(headerSource) sets",
                        expected: field.value, seen: seen ?? "none", fix: fix.header(field.name, field.value)))
            }
        }
        return findings
    }

    /// A path no link has must answer 404 (404.html), not 200 (a catch-all) or a redirect; in the
    /// compact layout every path is a possible link, answered by the lookup page.
    func checkNotFound(_ fetcher: LiveFetcher) async -> [Diagnostic] {
        let url = site + "/trampoline-check-live-no-such-page/"
        guard build.catalog.site.layout != .compact,
            let response = try? await fetcher.get(url, userAgent: Self.browser), response.status != 404
        else { return [] }
        return [
            finding(
                .warning, "not-found-status", url, "a missing page does not answer 404",
                expected: "404 with 404.html", seen: "\(response.status)", fix: fix.notFound())
        ]
    }

    /// `.trampoline-manifest.json` lists every file of the site, every link's path among them: a
    /// deployment that serves it makes the links listable (SECURITY.md). A host that answers every
    /// missing path with 404.html and 200 (the compact layout's catch-all) serves that page, not it.
    func checkManifestHidden(_ fetcher: LiveFetcher) async -> [Diagnostic] {
        let url = site + OutputPath.manifest.urlPath
        guard let response = try? await fetcher.get(url, userAgent: Self.browser), response.status == 200,
            response.body != build[.notFound]
        else { return [] }
        return [
            finding(
                .warning, "manifest-served", url,
                "the build's manifest is served: it lists every file of the site, so anyone can list every link",
                expected: "404, or no file", seen: "200 with \(response.body.count) bytes", fix: fix.manifest())
        ]
    }
}
