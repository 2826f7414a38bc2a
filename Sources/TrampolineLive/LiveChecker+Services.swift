import Foundation
import TrampolineModel
import TrampolineSite

extension LiveChecker {
    /// Apple's CDN copy (`<base><host>`): present and equal to the build, else stale or its failure.
    /// Apple, "Supporting associated domains": devices get the file from Apple's CDN, which answers
    /// a failure with the `Apple-Failure-Reason` header.
    func checkAppleCDN(_ fetcher: LiveFetcher) async -> [Diagnostic] {
        let url = options.appleCDN + host
        let response: LiveResponse
        do {
            response = try await fetcher.get(url, userAgent: Self.appleBot)
        } catch {
            return [
                finding(
                    .warning, "cdn-unreachable", url, "Apple's CDN did not answer", expected: "its copy of the AASA",
                    seen: "\(error)", fix: "try again later; phones read the AASA from this CDN, not from the site")
            ]
        }
        guard response.status == 200 else {
            let reason = response.header("Apple-Failure-Reason").map {
                "\(response.status), Apple-Failure-Reason: \($0)"
            }
            return [
                finding(
                    "cdn-failure", url, "Apple's CDN has no copy of the AASA, so phones will not open the app",
                    expected: "200 with the built file", seen: reason ?? "\(response.status)",
                    fix: "fix the origin findings above; Apple's CDN fetches the file again within about a day")
            ]
        }
        let built = build[.appSiteAssociation] ?? Data()
        guard !Self.sameJSON(response.body, built) else { return [] }
        return [cdnStale(url, copy: response.body, built: built)]
    }

    /// The CDN's copy differs from the build: what the offline matcher decides with each for every
    /// link, so the finding names the links that open Safari (or the app) until Apple refreshes.
    func cdnStale(_ url: String, copy: Data, built: Data) -> Diagnostic {
        let fix =
            "wait for Apple's CDN to refresh (about a day), or test on a device with the `?mode=developer` associated domain"
        guard let old = try? AASAMatcher(data: copy), let new = try? AASAMatcher(data: built) else {
            return finding(
                "cdn-stale", url, "Apple's CDN serves a copy of the AASA that iOS cannot read",
                expected: "the built file", seen: "\(copy.count) bytes that are not an AASA", fix: fix)
        }
        let appIDs = build.catalog.app.appIDs
        func opensApp(_ matcher: AASAMatcher, _ link: String) -> Bool {
            appIDs.contains { matcher.verdict(for: link, appID: $0, domain: host).decision == .match }
        }
        var safari: [String] = []
        var app: [String] = []
        for link in build.catalog.links {
            let linkURL = site + link.visitPath
            let (before, after) = (opensApp(old, linkURL), opensApp(new, linkURL))
            if after && !before { safari.append(link.visitPath) }
            if before && !after { app.append(link.visitPath) }
        }
        let total = build.catalog.links.count
        var seen = "\(copy.count) other bytes"
        if !safari.isEmpty { seen += "; \(Self.count(safari, of: total)) open Safari with it" }
        if !app.isEmpty { seen += "; \(Self.count(app, of: total)) open the app with it, not their page" }
        if safari.isEmpty && app.isEmpty { seen += "; every link opens as the build says" }
        return finding(
            safari.isEmpty && app.isEmpty ? .warning : .error, "cdn-stale", url,
            "Apple's CDN serves an older copy of the AASA", expected: "the built file", seen: seen, fix: fix)
    }

    /// "3 of 120 links (/a, /b, /c)", naming the first five.
    static func count(_ paths: [String], of total: Int) -> String {
        let names = paths.prefix(5).joined(separator: ", ") + (paths.count > 5 ? " and \(paths.count - 5) more" : "")
        return "\(paths.count) of \(total) links (\(names))"
    }

    /// Google's Digital Asset Links API (`statements:list`): every package and fingerprint of the
    /// catalog is among the statements Google sees for the site.
    func checkGoogleDAL(_ fetcher: LiveFetcher) async -> [Diagnostic] {
        guard let android = build.catalog.app.android else { return [] }
        var query = URLComponents(string: options.googleDAL)
        query?.queryItems = [
            URLQueryItem(name: "source.web.site", value: site),
            URLQueryItem(name: "relation", value: "delegate_permission/common.handle_all_urls"),
        ]
        guard let url = query?.string else { return [] }
        let response: LiveResponse
        do {
            response = try await fetcher.get(url, userAgent: "trampoline")
        } catch {
            return [
                finding(
                    .warning, "dal-unreachable", url, "Google's Digital Asset Links API did not answer",
                    expected: "statements", seen: "\(error)", fix: "try again later")
            ]
        }
        let seen = Self.statementTargets(response.body)
        var findings: [Diagnostic] = []
        for fingerprint in android.sha256CertFingerprints {
            let key = "\(android.package) \(fingerprint.uppercased())"
            if !seen.contains(key) {
                findings.append(
                    finding(
                        "dal-missing-key", url,
                        "Google does not see \(android.package) with this signing key; App Links will fail verification (legacy_failure)",
                        expected: fingerprint,
                        seen: seen.isEmpty ? "no statements" : seen.sorted().joined(separator: ", "),
                        fix:
                            "list the Play App Signing key's SHA-256 (Play Console > App integrity), not the upload key's, in app.android.sha256_cert_fingerprints, then deploy"
                    ))
            }
        }
        return findings
    }

    /// "package FINGERPRINT" for each androidApp target in a `statements:list` answer.
    static func statementTargets(_ data: Data) -> Set<String> {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let statements = root["statements"] as? [[String: Any]]
        else { return [] }
        var result: Set<String> = []
        for statement in statements {
            guard let target = statement["target"] as? [String: Any],
                let app = target["androidApp"] as? [String: Any], let name = app["packageName"] as? String,
                let cert = app["certificate"] as? [String: Any], let print = cert["sha256Fingerprint"] as? String
            else { continue }
            result.insert("\(name) \(print.uppercased())")
        }
        return result
    }

    /// Equal as JSON values (the CDN may re-serialise the file).
    static func sameJSON(_ a: Data, _ b: Data) -> Bool {
        if a == b { return true }
        guard let x = try? JSONSerialization.jsonObject(with: a), let y = try? JSONSerialization.jsonObject(with: b)
        else { return false }
        return NSDictionary(dictionary: ["v": x]).isEqual(to: ["v": y])
    }
}
