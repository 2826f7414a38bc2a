import Foundation
import TrampolineKit

extension LiveChecker {
    /// The link pages (all, or `--sample N` spread over the plan) and the site's own pages: 200, no
    /// redirect, the built bytes; a missing path answers 404.
    func checkPages(_ fetcher: LiveFetcher, progress: (@Sendable (Int, Int) -> Void)?) async -> [Diagnostic] {
        let pages = build.plan.paths.filter { $0.value == "index.html" || $0.value.hasSuffix("/index.html") }
        let chosen = Self.spread(pages, count: options.sample)
        var findings: [Diagnostic] = []
        var done = 0
        // Bounded concurrency: at most `options.concurrency` requests in flight.
        await withTaskGroup(of: [Diagnostic].self) { group in
            var next = 0
            func add() {
                guard next < chosen.count else { return }
                let path = chosen[next]
                next += 1
                group.addTask { await self.checkPage(path, fetcher) }
            }
            for _ in 0..<options.concurrency { add() }
            for await result in group {
                findings += result
                done += 1
                progress?(done, chosen.count)
                add()
            }
        }
        findings += await checkNotFound(fetcher)
        return findings.sorted { $0.message < $1.message }
    }

    func checkPage(_ path: OutputPath, _ fetcher: LiveFetcher) async -> [Diagnostic] {
        let urlPath = path.value == "index.html" ? "/" : "/" + String(path.value.dropLast("index.html".count))
        let url = site + urlPath
        var findings: [Diagnostic] = []
        guard let response = await fetchOK(url, as: Self.browser, fetcher, into: &findings) else { return findings }
        if response.body != build[path] {
            findings.append(
                finding(
                    url, "the live page is not the built one", expected: "the built \(path.value)",
                    seen: "\(response.body.count) other bytes", fix: LiveFix.stale))
        }
        return findings
    }

    /// A path no link has must answer 404 (404.html), not 200 (a catch-all) or a redirect.
    func checkNotFound(_ fetcher: LiveFetcher) async -> [Diagnostic] {
        let url = site + "/trampoline-check-live-no-such-page/"
        guard let response = try? await fetcher.get(url, userAgent: Self.browser), response.status != 404 else {
            return []
        }
        return [
            finding(
                .warning, url, "a missing page does not answer 404", expected: "404 with 404.html",
                seen: "\(response.status)",
                fix:
                    "serve 404.html with status 404 for missing paths (nginx: `error_page 404 /404.html;`; no catch-all rewrite to /index.html)"
            )
        ]
    }

    /// `count` items spread evenly over `items` (first and last included); all when nil or enough.
    static func spread<T>(_ items: [T], count: Int?) -> [T] {
        guard let count, count < items.count else { return items }
        guard count > 1 else { return count == 1 ? [items[0]] : [] }
        return (0..<count).map { items[$0 * (items.count - 1) / (count - 1)] }
    }
}
