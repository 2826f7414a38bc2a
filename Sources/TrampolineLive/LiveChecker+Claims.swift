import Foundation
import TrampolineKit

extension LiveChecker {
    /// An AASA location as Apple's fetcher and as a browser: 200, no redirect, JSON, under 128 KB,
    /// the build's bytes, and the same answer for both.
    func checkAASA(_ path: OutputPath, _ fetcher: LiveFetcher) async -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let url = site + path.urlPath
        let expected = build[path] ?? Data()
        var botFindings: [Diagnostic] = []
        let bot = await fetchOK(url, as: Self.appleBot, fetcher, into: &botFindings)
        var browserFindings: [Diagnostic] = []
        let browser = await fetchOK(url, as: Self.browser, fetcher, into: &browserFindings)
        if bot == nil, browser != nil, let first = botFindings.first {
            // A browser gets the file and Apple's fetcher does not: bot protection keyed on the user agent.
            findings.append(
                Diagnostic(
                    .error, at: location,
                    first.message + "; a browser gets it, Apple's fetcher (user agent AASA-Bot) does not",
                    hint: LiveFix.botBlocked))
        } else {
            findings += botFindings
        }
        guard let response = bot else { return findings }
        if let type = response.mediaType, type != "application/json" {
            findings.append(
                finding(
                    url, "wrong content type", expected: "application/json", seen: type,
                    fix: LiveFix.contentType("application/json", hosting)))
        } else if response.mediaType == nil {
            findings.append(
                finding(
                    url, "no content type", expected: "application/json", seen: "none",
                    fix: LiveFix.contentType("application/json", hosting)))
        }
        if response.truncated || response.body.count > Self.aasaLimit {
            findings.append(
                finding(
                    url, "too large for Apple", expected: "at most 128 KB",
                    seen: "\(response.body.count) bytes or more",
                    fix: "serve the file trampoline built"))
        } else if response.body != expected {
            findings.append(
                finding(
                    url, "not the built file", expected: "\(expected.count) bytes as built",
                    seen: "\(response.body.count) different bytes", fix: LiveFix.stale))
        }
        if let browser, browser.body != response.body {
            findings.append(
                finding(
                    url, "Apple's fetcher gets other bytes than a browser", expected: "the same file",
                    seen: "\(response.body.count) and \(browser.body.count) bytes", fix: LiveFix.botBlocked))
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
                        url, "wrong content type", expected: "application/json", seen: response.mediaType ?? "none",
                        fix: LiveFix.contentType("application/json", hosting)))
            }
            if response.body != build[.assetLinks] {
                findings.append(
                    finding(
                        url, "not the built file (Android verifies the fingerprints it lists)",
                        expected: "the built statements", seen: "\(response.body.count) different bytes",
                        fix: LiveFix.stale))
            }
        }
        if let robots = try? await fetcher.get(site + "/robots.txt", userAgent: "Googlebot"), robots.status == 200,
            RobotsRules(String(decoding: robots.body, as: UTF8.self)).disallows("/.well-known/assetlinks.json")
        {
            findings.append(
                finding(
                    site + "/robots.txt", "disallows /.well-known/assetlinks.json, which Google's verifier obeys",
                    expected: "allowed", seen: "disallowed",
                    fix: "add `Allow: /.well-known/` for `User-agent: *` in robots.txt"))
        }
        return findings
    }
}
