import Foundation
import TrampolineModel

/// Reads a planned apple-app-site-association file back with ``AASAMatcher`` (Apple's matching
/// rules, independent of the generator) and checks that it claims what the site needs:
/// every link URL for every app ID, and none of the site's own pages. Also checks its size.
///
/// `build` runs it on every plan, so a file that would not open the app is never written.
package enum ClaimVerifier {
    /// Pages the site serves itself. iOS must leave them in the browser: the app reads the
    /// deferred link from `/loadCookie.html` in a web view, and the home and 404 pages are
    /// for people. Listed here on purpose rather than taken from the generator, so a generator
    /// change cannot silently loosen the check.
    package static let unclaimedPaths = ["/", "/index.html", "/404.html", "/loadCookie.html"]

    /// Files of every site that are no link and must stay unclaimed too: the link table apps
    /// read, the association files and the scripts. Spelled here, like ``unclaimedPaths``.
    package static let unclaimedFiles = [
        "/.well-known/trampoline/v2/index.json", "/.well-known/trampoline/v2/links/0.json",
        "/.well-known/apple-app-site-association", "/apple-app-site-association", "/.well-known/assetlinks.json",
        "/trampoline-more.js", "/trampoline-route.js",
    ]

    /// What must stay unclaimed in `catalog`'s site: with `site.claims: domain` also a QR code,
    /// the compact layout's shards and the route pages, which the links' own claims never reach.
    static func unclaimed(in catalog: Catalog) -> [String] {
        guard catalog.site.claims == .domain else { return unclaimedPaths + unclaimedFiles }
        let qr = catalog.links.first { !$0.isRoute }.map { OutputPath.qrCode($0.path).urlPath }
        return unclaimedPaths + unclaimedFiles + ["/_links/0.json", "/_routes/a/_id/index.html"]
            + (qr.map { [$0] } ?? [])
    }

    /// A URL probed for each link: its URL, then `path` (empty, or `/`) and, if any, `?query`.
    struct Probe {
        var path: String
        var query: String?

        func url(from base: String) -> String { base + path + (query.map { "?" + $0 } ?? "") }
    }

    /// What must open the app: the URL as written, with a trailing slash and with a query
    /// (shared links carry campaign tags).
    static let claimedProbes = [
        Probe(path: "", query: nil), Probe(path: "/", query: nil), Probe(path: "", query: "x=1"),
    ]

    /// The debug view (`?debug=1`, alone or after other parameters), which must stay in the
    /// browser. Spelled here, not taken from the generator, like ``unclaimedPaths``.
    static let debugProbes = [Probe(path: "", query: "debug=1"), Probe(path: "/", query: "utm_source=x&debug=1")]

    /// The URLs of `link`'s debug view, which must stay in the browser (``debugProbes``).
    package static func debugProbeURLs(for link: Link, siteURL: String) -> [String] {
        let url = siteURL + probePath(of: link)
        return debugProbes.map { $0.url(from: url) }
    }

    /// The URLs of `link` that must open the app (``claimedProbes``). A route's are those of a
    /// path it matches (``Route/samplePath``).
    package static func probeURLs(for link: Link, siteURL: String) -> [String] {
        let url = siteURL + probePath(of: link)
        return claimedProbes.map { $0.url(from: url) }
    }

    /// The path every probe URL of `link` is made from: its own, or a route's sample path. Two
    /// links with the same probe path get the same verdicts from the same AASA.
    package static func probePath(of link: Link) -> String {
        link.route?.samplePath ?? link.path
    }

    /// Checks `aasa` (the bytes the build would write) for `catalog`, reporting into `engine`:
    /// an error above ``AppSiteAssociation/sizeLimit``, a warning above
    /// ``AppSiteAssociation/sizeWarningLimit``, an error at each link that is not claimed for
    /// every app ID, and an error for each of ``unclaimedPaths`` that is claimed.
    ///
    /// `verified`: probe paths (``probePath(of:)``) already found claimed by these very AASA
    /// bytes for this site and these app IDs (a rebuild's ``ClaimCache``); their links are not
    /// matched again. The size and ``unclaimedPaths`` checks always run.
    /// Returns how many links it matched.
    @discardableResult
    package static func verify(aasa: Data, catalog: Catalog, verified: Set<String> = [], engine: inout DiagnosticEngine)
        -> Int
    {
        verify(
            aasa: aasa, catalog: catalog,
            verifiedLinks: verified.isEmpty ? nil : catalog.links.map { verified.contains(probePath(of: $0)) },
            engine: &engine)
    }

    /// ``verify(aasa:catalog:verified:engine:)`` with the verified links given by index in the
    /// catalog's links (a rebuild's ``ClaimCache`` finds them without a set of every path).
    package static func verify(aasa: Data, catalog: Catalog, verifiedLinks: [Bool]?, engine: inout DiagnosticEngine)
        -> Int
    {
        let top = SourceLocation(file: catalog.links.first?.location.file ?? "site-config.yml", line: 1, column: 1)
        guard isReadable(size: aasa.count, at: top, engine: &engine) else { return 0 }

        let matcher: AASAMatcher
        do {
            matcher = try AASAMatcher(data: aasa)
        } catch {
            engine.error(
                "the apple-app-site-association file cannot be read back: \(error)", at: top,
                hint: "this is a bug in Trampoline; please report it")
            return 0
        }
        let domain = catalog.site.host
        let appIDs = catalog.app.appIDs

        // Every link is independent: check them on all cores, then report in catalog order.
        let links = catalog.links
        let chunk = 256
        let results = ChunkResults<(Int, String, Int)>(chunks: (links.count + chunk - 1) / chunk)
        let matched = ChunkResults<Int>(chunks: results.count)
        // One worker a core, each with a matcher, rules and site strings of its own: shared, the
        // rules' and strings' reference counts were retained and released from every core at
        // once, their cache lines bouncing between the cores (a third of the check's time went to
        // swift_retain, on a file parsed in microseconds). Each takes the next chunk when it is
        // done with one: with every other chunk fixed per worker, one core had checked alone for
        // the last third of the check at 10k links.
        let queue = ChunkQueue(count: results.count)
        let workers = max(1, min(results.count, ProcessInfo.processInfo.activeProcessorCount))
        let siteURL = catalog.site.url
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let own = { (text: String) in String(decoding: Array(text.utf8), as: UTF8.self) }
            let site = own(siteURL)
            let domain = own(domain)
            let matcher = worker == 0 ? matcher : ((try? AASAMatcher(data: aasa)) ?? matcher)
            let apps = matcher.ruleSets(for: appIDs.map(own))
            let siteParts = LinkProbes.parts(of: site, domain: domain)
            let fast = FastPath.claimBytes.isOn ? FastProbes(apps: apps, siteParts: siteParts) : nil
            while let c = queue.take() {
                var found: [(Int, String, Int)] = []
                var count = 0
                for index in (c * chunk)..<min(links.count, (c + 1) * chunk) where verifiedLinks?[index] != true {
                    count += 1
                    let path = probePath(of: links[index])
                    // Most links pass by bytes; the rest, and any that fails, are split and explained.
                    if fast?.passes(path) == true { continue }
                    let failures = Self.failures(
                        path: path, site: site, siteParts: siteParts, matcher: matcher, apps: apps, domain: domain)
                    if let first = failures.first { found.append((index, first, failures.count)) }
                }
                results.set(c, found)
                matched.set(c, [count])
            }
        }
        for (index, first, count) in results.all {
            let more = count > 1 ? ", and \(count - 1) more URL and app ID pair\(count == 2 ? "" : "s")" : ""
            engine.error(
                "the apple-app-site-association file \(first)\(more)",
                at: links[index].location,
                hint: "this is a bug in Trampoline's claims; please report it with the link's path"
            )
        }

        checkUnclaimed(catalog: catalog, matcher: matcher, at: top, engine: &engine)
        return matched.all.reduce(0, +)
    }

    /// Whether iOS reads a file of `size` bytes: an error past its limit, a warning near it.
    static func isReadable(size: Int, at top: SourceLocation, engine: inout DiagnosticEngine) -> Bool {
        let kilobytes = size / 1024
        if size > AppSiteAssociation.sizeLimit {
            engine.error(
                "the apple-app-site-association file would be \(kilobytes) KB; iOS ignores files over \(AppSiteAssociation.sizeLimit / 1024) KB",
                at: top,
                hint:
                    "links at the top level are claimed one by one; put them in folders (/p/1, /p/2: one /p/* claim per folder), use shorter paths, or split the links across several hosts (each has its own AASA)"
            )
            // Matching thousands of links against thousands of rules would only repeat the news.
            return false
        }
        if size > AppSiteAssociation.sizeWarningLimit {
            engine.warning(
                "the apple-app-site-association file is \(kilobytes) KB, close to the \(AppSiteAssociation.sizeLimit / 1024) KB iOS reads",
                at: top,
                hint:
                    "past \(AppSiteAssociation.sizeLimit / 1024) KB iOS ignores the whole file and no link opens the app; put top-level links in folders, or plan for shorter paths or a second host"
            )
        }
        return true
    }

    /// Why a link's URLs are not claimed as they must be (none when they are), each probe's
    /// verdicts explained.
    static func failures(
        path: String, site: String, siteParts: AASAMatcher.URLParts?, matcher: AASAMatcher,
        apps: [(appID: String, rules: AASAMatcher.RuleSet?)], domain: String
    ) -> [String] {
        var failures: [String] = []
        let probes = LinkProbes(
            site: site, parts: siteParts, path: path, matcher: matcher, apps: apps, domain: domain)
        for probe in claimedProbes {
            for verdict in probes.verdicts(probe) where verdict.decision != .match {
                failures.append(
                    "does not claim \(probe.url(from: probes.base)) for \(verdict.appID) (\(explain(verdict))); the link would open Safari, not the app"
                )
            }
        }
        for probe in debugProbes {
            for verdict in probes.verdicts(probe) where verdict.decision == .match {
                failures.append(
                    "claims \(probe.url(from: probes.base)) for \(verdict.appID) (\(explain(verdict))), so iOS would open the app instead of the debug view"
                )
            }
        }
        return failures
    }

    /// The site's own pages and files must stay in the browser.
    static func checkUnclaimed(
        catalog: Catalog, matcher: AASAMatcher, at top: SourceLocation, engine: inout DiagnosticEngine
    ) {
        for path in unclaimed(in: catalog) {
            let url = catalog.site.url + path
            for appID in catalog.app.appIDs {
                let verdict = matcher.verdict(for: url, appID: appID, domain: catalog.site.host)
                guard verdict.decision == .match else { continue }
                engine.error(
                    "the apple-app-site-association file claims \(url) for \(appID) (\(explain(verdict))); iOS would open the app instead of the page",
                    at: top,
                    hint: path == "/loadCookie.html"
                        ? "the app loads this page in a web view to read the deferred link; it must stay excluded"
                        : "the site's own pages must stay in the browser; exclude them before any wildcard"
                )
            }
        }
    }

    /// One link's URL, split once: each probe's verdicts come from parts derived from it
    /// (``AASAMatcher/URLParts/appending(path:query:)``, held to splitting the joined text by
    /// `URLPartsTests`), not from splitting five strings. The link's own parts are the site's,
    /// split once per check, with its path appended. Checking claims was a tenth of a full
    /// build's CPU, most of it making and splitting those strings.
    struct LinkProbes {
        let base: String
        let matcher: AASAMatcher
        /// The app IDs with their rules, looked up once per check (``AASAMatcher/ruleSets(for:)``).
        let apps: [(appID: String, rules: AASAMatcher.RuleSet?)]
        let domain: String
        /// Nil unless `domain` serves the base URL and nothing trims its text when split.
        let parts: AASAMatcher.URLParts?

        /// The probes of `site` followed by `path`; `siteParts` is ``parts(of:domain:)`` of `site`,
        /// `apps` is `matcher.ruleSets(for:)` of the app IDs to check.
        init(
            site: String, parts siteParts: AASAMatcher.URLParts?, path: String, matcher: AASAMatcher,
            apps: [(appID: String, rules: AASAMatcher.RuleSet?)], domain: String
        ) {
            base = site + path
            self.matcher = matcher
            self.apps = apps
            self.domain = domain
            // The joined text's ends are the site's (untrimmed, or there are no site parts) and
            // the path's last byte, so a blank there is the only new thing splitting would trim.
            if let siteParts, !(path.utf8.last.map(Self.isBlank) ?? false),
                let parts = siteParts.appending(path: path, query: nil)
            {
                self.parts = parts
            } else {
                parts = Self.parts(of: base, domain: domain)
            }
        }

        /// `url` split, when `domain` serves it and nothing trims its text when split; else nil
        /// (probes then split their joined text).
        static func parts(of url: String, domain: String) -> AASAMatcher.URLParts? {
            guard let first = url.utf8.first, let last = url.utf8.last, !isBlank(first), !isBlank(last),
                let parts = AASAMatcher.URLParts(url), parts.isServed(by: domain)
            else { return nil }
            return parts
        }

        private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

        /// The verdicts for `probe`, one per app ID: those of its URL's text.
        func verdicts(_ probe: Probe) -> [AASAVerdict] {
            if let parts = parts?.appending(path: probe.path, query: probe.query) {
                return matcher.verdicts(for: parts, apps: apps)
            }
            // The rare URL that splitting would trim: its text, read as a visitor's would be.
            return matcher.verdicts(for: probe.url(from: base), appIDs: apps.map(\.appID), domain: domain)
        }
    }

    /// `match by rule 3: {"/": "/x"}`, `exclude by rule 0: …` or `no rule matches`.
    static func explain(_ verdict: AASAVerdict) -> String {
        guard let index = verdict.ruleIndex, let rule = verdict.rule else { return "no rule matches" }
        return "\(verdict.decision.rawValue) by rule \(index): \(rule)"
    }
}
