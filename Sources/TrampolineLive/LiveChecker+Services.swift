import Foundation
import TrampolineKit

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
                    .warning, url, "Apple's CDN did not answer", expected: "its copy of the AASA", seen: "\(error)",
                    fix: "try again later; phones read the AASA from this CDN, not from the site")
            ]
        }
        guard response.status == 200 else {
            let reason = response.header("Apple-Failure-Reason").map {
                "\(response.status), Apple-Failure-Reason: \($0)"
            }
            return [
                finding(
                    url, "Apple's CDN has no copy of the AASA, so phones will not open the app",
                    expected: "200 with the built file", seen: reason ?? "\(response.status)",
                    fix: "fix the origin findings above; Apple's CDN fetches the file again within about a day")
            ]
        }
        let built = build[.appSiteAssociation] ?? build[.rootAppSiteAssociation] ?? Data()
        guard Self.sameJSON(response.body, built) else {
            return [
                finding(
                    .warning, url,
                    "Apple's CDN serves an older copy of the AASA; new links open Safari until it refreshes",
                    expected: "the built file", seen: "\(response.body.count) other bytes",
                    fix:
                        "wait for Apple's CDN to refresh (about a day), or test with the `?mode=developer` associated domain"
                )
            ]
        }
        return []
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
                    .warning, url, "Google's Digital Asset Links API did not answer", expected: "statements",
                    seen: "\(error)", fix: "try again later")
            ]
        }
        let seen = Self.statementTargets(response.body)
        var findings: [Diagnostic] = []
        for fingerprint in android.sha256CertFingerprints {
            let key = "\(android.package) \(fingerprint.uppercased())"
            if !seen.contains(key) {
                findings.append(
                    finding(
                        url,
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
