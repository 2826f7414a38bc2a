import Foundation
import TrampolineModel
import TrampolineSite

/// Answers `trampoline match`: what an apple-app-site-association file decides for a URL,
/// for each app ID, and which rule decided it.
package struct AASAQuery: Sendable {
    package let matcher: AASAMatcher
    /// The apps asked about, in order.
    package let appIDs: [String]
    /// The host the file is served from; nil means each URL's own host.
    package let domain: String?

    /// - Parameters:
    ///   - aasa: the file's bytes.
    ///   - appIDs: the apps to ask about; nil means every app the file names.
    ///   - domain: the host serving the file (`host` or `host:port`); nil means each URL's own host.
    /// - Throws: ``DiagnosticsError`` when the file cannot be read as an AASA or names no app.
    package init(
        aasa: Data, appIDs: [String]? = nil, domain: String? = nil,
        displayName: String = "the apple-app-site-association file"
    ) throws {
        do {
            matcher = try AASAMatcher(data: aasa)
        } catch {
            throw DiagnosticsError([
                Diagnostic(
                    .error, at: nil, "\(displayName): \(error)", hint: "pass a JSON file with an applinks section")
            ])
        }
        let ids = appIDs ?? matcher.appIDs
        guard !ids.isEmpty else {
            throw DiagnosticsError([
                Diagnostic(
                    .error, at: nil, "\(displayName) names no app in its applinks details",
                    hint: "add appIDs to a detail")
            ])
        }
        self.appIDs = ids
        self.domain = domain
    }

    /// One URL's verdicts.
    package struct Answer: Sendable, Equatable {
        package var url: String
        /// The host the URL was judged against.
        package var domain: String
        package var verdicts: [AASAVerdict]
        /// Why a `no_match` is one when it is not about rules: the URL's host or scheme, or an
        /// app the file does not list (app ID → reason).
        package var reasons: [String: String]
        /// With a catalog that has routes: which page serves the URL and what it opens (a plain
        /// link before any route), or that the 404 page does.
        package var page: String?
        /// With a catalog: the deep link TrampolineLink delivers for this universal link, resolved
        /// through the link table the build makes; nil when it delivers none (``appReason`` says why).
        package var appReceives: String?
        /// Why the app receives no deep link (a ``LinkResolutionFailure`` code), or nil.
        package var appReason: String?
        /// Whether the link table was asked (a catalog was given).
        package var resolved = false

        /// The URL, then one line per app: `  TEAM.app: match by rule 8: {"/": "/topic/1"}`, then
        /// the page line when there is one.
        package var text: String {
            var lines = ["\(url) (served by \(domain))"]
            for verdict in verdicts {
                var line = "  \(verdict.appID): \(verdict.decision.rawValue)"
                if let index = verdict.ruleIndex, let rule = verdict.rule {
                    line += " by rule \(index): \(rule)"
                } else {
                    line += " (\(reasons[verdict.appID] ?? "no rule matches this URL"))"
                }
                lines.append(line)
            }
            if let page { lines.append("  page: \(page)") }
            if resolved { lines.append("  app receives: " + (appReceives ?? "nothing (\(appReason ?? "unknown"))")) }
            return lines.joined(separator: "\n") + "\n"
        }

        /// One JSON object: `url`, `domain`, `verdicts` (`app_id`, `decision`, `rule_index`, `rule`,
        /// `reason`), `page`, `app_receives` (a string or null) and `reason` (when it is null).
        package var json: String {
            func string(_ text: String?) -> String { text.map(Escaping.jsonString) ?? "null" }
            let list = verdicts.map { verdict in
                "{\"app_id\":\(string(verdict.appID)),\"decision\":\(string(verdict.decision.rawValue)),\"rule_index\":\(verdict.ruleIndex.map(String.init) ?? "null"),\"rule\":\(string(verdict.rule)),\"reason\":\(string(reasons[verdict.appID]))}"
            }
            var members = [
                "\"url\":\(string(url))", "\"domain\":\(string(domain))",
                "\"verdicts\":[\(list.joined(separator: ","))]", "\"page\":\(string(page))",
            ]
            members.append("\"app_receives\":\(string(appReceives))")
            if appReceives == nil {
                members.append("\"reason\":\(string(resolved ? appReason : "no link table: --aasa was given"))")
            }
            return "{" + members.joined(separator: ",") + "}"
        }
    }

    /// ``answer(for:)``, plus, when `catalog` has routes, the page that serves the URL and what it
    /// opens (``Catalog/page(forPath:)``: a plain link wins over any route).
    package func answer(for input: String, pagesOf catalog: Catalog?) throws -> Answer {
        var answer = try answer(for: input)
        guard let catalog, !catalog.routes.isEmpty, let parts = AASAMatcher.URLParts(answer.url) else { return answer }
        let path = parts.path.isEmpty ? "/" : parts.path
        // The site's own files come first: a host serves a file that exists before any rewrite.
        if let file = OutputPath.siteFileDescription(atURLPath: path) {
            answer.page = file
            return answer
        }
        answer.page =
            catalog.page(forPath: path).map { match in
                let kind =
                    match.link.itemOf.map { "an item of the route \($0.pattern.text):" }
                    ?? (!match.link.isRoute ? "the link" : "the route")
                return "\(match.pagePath) (\(kind) \(match.link.path)) opens \(match.deepLink)"
            } ?? "\(OutputPath.notFound.urlPath) (no link or route takes the path)"
        return answer
    }

    /// Judges `input`: a full URL, or a path (`/topic/1`) on ``domain``.
    /// - Throws: ``DiagnosticsError`` when `input` is not a URL that can be judged.
    package func answer(for input: String) throws -> Answer {
        var url = input
        if input.hasPrefix("/") {
            guard let domain else {
                throw DiagnosticsError([
                    Diagnostic(
                        .error, at: nil, "'\(input)' is a path, and there is no domain to put it on",
                        hint: "give a full URL such as https://example.com\(input), or pass --domain")
                ])
            }
            url = "https://\(domain)\(input)"
        }
        guard let parts = AASAMatcher.URLParts(url) else {
            throw DiagnosticsError([
                Diagnostic(.error, at: nil, "'\(input)' is not an absolute URL", hint: "write it as https://host/path")
            ])
        }
        let authority = parts.port.map { "\(parts.host):\($0)" } ?? parts.host
        let domain = domain ?? authority
        var reasons: [String: String] = [:]
        let verdicts = appIDs.map { appID in
            let verdict = matcher.verdict(for: url, appID: appID, domain: domain)
            if verdict.decision == .noMatch {
                if parts.scheme != "https" {
                    reasons[appID] = "iOS opens only https URLs as universal links"
                } else if !parts.isServed(by: domain) {
                    reasons[appID] = "the URL's host is not \(domain), which serves the file"
                } else if !matcher.appIDs.contains(appID) {
                    // Named only where iOS does not look (an "appID" beside "appIDs"): say so.
                    if let note = matcher.notes.first(where: { $0.appID == appID }) {
                        reasons[appID] = "the file does not list this app for iOS: \(note)"
                    } else {
                        reasons[appID] = "the file does not list this app"
                    }
                }
            }
            return verdict
        }
        return Answer(url: url, domain: domain, verdicts: verdicts, reasons: reasons, page: nil)
    }
}
