import Foundation
import TrampolineModel

extension LiveChecker {
    /// An AASA location as Apple's fetchers (the CDN's AASA-Bot, a device's CFNetwork) and as a
    /// browser: 200, no redirect, JSON, under 128 KB, the build's bytes, and the same answer for all.
    func checkAASA(_ path: OutputPath, _ fetcher: LiveFetcher) async -> [Diagnostic] {
        let url = site + path.urlPath
        var browserFindings: [Diagnostic] = []
        let browser = await fetchOK(url, as: Self.browser, fetcher, into: &browserFindings)
        var findings: [Diagnostic] = []
        var apple: LiveResponse?
        for agent in [Self.appleBot, Self.deviceFetcher] {
            var agentFindings: [Diagnostic] = []
            if let response = await fetchOK(url, as: agent, fetcher, into: &agentFindings) {
                if let browser, browser.body != response.body {
                    findings.append(
                        finding(
                            "bot-differs", url, "Apple's fetcher (\(agent)) gets other bytes than a browser",
                            expected: "the same \(browser.body.count) bytes", seen: "\(response.body.count) bytes",
                            fix: fix.botBlocked))
                }
                apple = apple ?? response
            } else if browser != nil, let failed = agentFindings.first {
                // A browser gets the file and Apple's fetcher does not: bot protection keyed on the user agent.
                findings.append(
                    finding(
                        "bot-blocked", url, "a browser gets the file, Apple's fetcher (\(agent)) does not",
                        expected: "200 as for a browser", seen: failed.detail?.seen ?? failed.message,
                        fix: fix.botBlocked))
            } else if agent == Self.appleBot {
                // The host fails everyone: said once (a host that does not connect, only for the first client).
                findings += agentFindings.isEmpty ? browserFindings : agentFindings
            }
        }
        guard let apple else { return findings }
        return findings + aasaContent(apple, url: url, expected: build[path] ?? Data())
    }

    /// What Apple reads in the file: JSON, at most 128 KB, and the bytes of the build.
    func aasaContent(_ response: LiveResponse, url: String, expected: Data) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        if response.mediaType != "application/json" {
            findings.append(
                finding(
                    "content-type", url, "wrong content type", expected: "application/json",
                    seen: response.mediaType ?? "none", fix: fix.contentType("application/json")))
        }
        if response.truncated || response.body.count > Self.aasaLimit {
            findings.append(
                finding(
                    "too-large", url, "too large for Apple", expected: "at most 128 KB",
                    seen: "\(response.body.count) bytes or more", fix: "serve the file trampoline built"))
        } else if response.body != expected {
            findings.append(
                finding(
                    "stale", url, "not the built file", expected: "\(expected.count) bytes as built",
                    seen: "\(response.body.count) other bytes" + Self.jsonDifference(response.body, expected),
                    fix: fix.staleClaimFile()))
        }
        return findings
    }

    /// assetlinks.json by Google's rules: HTTPS, 200, no redirect, application/json, allowed by robots.txt,
    /// the build's bytes.
    func checkAssetLinks(_ fetcher: LiveFetcher) async -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let url = site + OutputPath.assetLinks.urlPath
        if let response = await fetchOK(url, as: "Google-Digital-Asset-Links", fetcher, into: &findings) {
            if response.mediaType != "application/json" {
                findings.append(
                    finding(
                        "content-type", url, "wrong content type", expected: "application/json",
                        seen: response.mediaType ?? "none", fix: fix.contentType("application/json")))
            }
            if response.body != build[.assetLinks] {
                findings.append(
                    finding(
                        "stale", url, "not the built file (Android verifies the fingerprints it lists)",
                        expected: "the built statements", seen: "\(response.body.count) other bytes",
                        fix: fix.staleClaimFile()))
            }
        }
        if let robots = try? await fetcher.get(site + "/robots.txt", userAgent: "Googlebot"), robots.status == 200,
            RobotsRules(String(decoding: robots.body, as: UTF8.self)).disallows("/.well-known/assetlinks.json")
        {
            findings.append(
                finding(
                    "robots-disallowed", site + "/robots.txt",
                    "disallows /.well-known/assetlinks.json, which Google's verifier obeys",
                    expected: "allowed", seen: "disallowed",
                    fix: "add `Allow: /.well-known/` for `User-agent: *` in robots.txt"))
        }
        return findings
    }

    /// Which of the AASA's apps differ between two copies, for a "not the built file" finding.
    static func jsonDifference(_ seen: Data, _ expected: Data) -> String {
        guard let a = try? JSONSerialization.jsonObject(with: seen) as? [String: Any],
            let b = try? JSONSerialization.jsonObject(with: expected) as? [String: Any]
        else { return " (not JSON)" }
        let keys = Set(a.keys).union(b.keys).sorted().filter {
            !NSDictionary(dictionary: [$0: a[$0] ?? NSNull()]).isEqual(to: [$0: b[$0] ?? NSNull()])
        }
        return keys.isEmpty ? "" : "; differing sections: " + keys.joined(separator: ", ")
    }
}
