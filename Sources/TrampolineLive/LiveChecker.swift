import Foundation
import TrampolineBuild
import TrampolineModel

/// `trampoline check --live`: fetches what Apple's fetcher, Apple's CDN, Google's verifier and a
/// browser get from the deployed site (`site.url`) and compares each with the build in memory.
/// Every finding is a diagnostic at `site.url` in the catalog naming the URL, what was expected,
/// what was seen, and the fix for `site.hosting`.
package struct LiveChecker: Sendable {
    /// Apple's fetcher: the swcd daemon's user agent (Apple Developer Forums, "AASA-Bot").
    static let appleBot = "AASA-Bot/1.0.0"
    /// A device's own request (`swcd`, through CFNetwork), which developer-mode associated domains
    /// and older iOS versions make instead of asking the CDN.
    static let deviceFetcher = "swcd (unknown version) CFNetwork/1568.100.1 Darwin/24.0.0"
    static let browser = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1"
    /// Apple's limit on an uncompressed AASA ("Supporting associated domains": 128 KB).
    static let aasaLimit = 128 * 1024

    package var build: SiteBuild
    package var options: LiveOptions
    /// Where findings point: the catalog's `site.host` line, else its first line.
    package var location: SourceLocation?

    package init(build: SiteBuild, options: LiveOptions, location: SourceLocation?) {
        self.build = build
        self.options = options
        self.location = location
    }

    var site: String {
        var url = build.catalog.site.url
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }
    /// The one host the catalog serves (`site.url`'s); the association files claim it.
    var host: String { URL(string: site)?.host?.lowercased() ?? build.catalog.site.host }
    var fix: LiveFix { LiveFix(hosting: build.catalog.site.hosting) }
    /// The build's file that sets the headers the host must send, as findings name it.
    var headerSource: String {
        switch build.catalog.site.hosting {
        case .firebaseHosting: OutputPath.firebaseConfig.value
        case .nginx: OutputPath.nginxConfig.value
        default: OutputPath.headers.value
        }
    }

    /// Every finding, in a stable order: origin claims, services, then the site's files and pages.
    package func run(progress: (@Sendable (Int, Int) -> Void)? = nil) async -> [Diagnostic] {
        let fetcher: LiveFetcher
        do {
            fetcher = try LiveFetcher(options: options)
        } catch {
            return [Diagnostic(.error, at: location, "check --live could not start its HTTP client: \(error)")]
        }
        var findings: [Diagnostic] = []
        for path in OutputPath.appSiteAssociationFiles where build.plan[path] != nil {
            findings += await checkAASA(path, fetcher)
        }
        if build.plan[.assetLinks] != nil {
            findings += await checkAssetLinks(fetcher)
        }
        if options.services {
            if build.plan[.appSiteAssociation] != nil { findings += await checkAppleCDN(fetcher) }
            if build.plan[.assetLinks] != nil { findings += await checkGoogleDAL(fetcher) }
        }
        findings += await checkFiles(fetcher, progress: progress)
        await fetcher.shutdown()
        return findings
    }

    /// A finding about `url`: what is wrong, what was expected and seen, and the fix; `code` is
    /// its stable name in JSON (docs/check.md).
    func finding(
        _ severity: Diagnostic.Severity, _ code: String, _ url: String, _ what: String, expected: String,
        seen: String, fix: String
    ) -> Diagnostic {
        Diagnostic(
            severity, at: location, "\(url): \(what) (expected \(expected), seen \(seen))", hint: fix,
            detail: .init(code: code, url: url, expected: expected, seen: seen))
    }

    /// An error finding.
    func finding(_ code: String, _ url: String, _ what: String, expected: String, seen: String, fix: String)
        -> Diagnostic
    {
        finding(.error, code, url, what, expected: expected, seen: seen, fix: fix)
    }

    /// One file as a given client: answered 200 with no redirect, else the finding.
    func fetchOK(_ url: String, as agent: String, _ fetcher: LiveFetcher, into findings: inout [Diagnostic]) async
        -> LiveResponse?
    {
        guard let response = await fetch(url, as: agent, fetcher, into: &findings) else { return nil }
        guard response.status == 200 else {
            findings.append(
                finding(
                    "not-served", url, "not served", expected: "200", seen: "\(response.status)", fix: fix.missing()))
            return nil
        }
        return response
    }

    /// One URL as a given client, any status but a redirect, else the finding (redirects are never followed).
    func fetch(_ url: String, as agent: String, _ fetcher: LiveFetcher, into findings: inout [Diagnostic]) async
        -> LiveResponse?
    {
        let response: LiveResponse
        do {
            response = try await fetcher.get(url, userAgent: agent)
        } catch let error as LiveError where error.repeated {
            // Said once per host, whichever request failed first (a probe that reports nothing
            // of its own included): the rest of the host's findings are missing for this reason.
            if error.firstSkip {
                let host = URL(string: url)?.host ?? url
                findings.append(
                    finding(
                        "host-skipped", url,
                        "no answer: an earlier request to \(host) failed, so neither this file nor its others were asked",
                        expected: "an answer", seen: error.description,
                        fix: "fix what made \(host) fail, then check again: its other files were not checked"))
            }
            return nil
        } catch {
            findings.append(
                finding(
                    "no-answer", url, "no answer", expected: "HTTPS 200", seen: "\(error)",
                    fix: "serve the site over HTTPS with a certificate for \(URL(string: url)?.host ?? url)"))
            return nil
        }
        if response.isRedirect {
            let target = response.header("Location") ?? "no Location"
            findings.append(
                finding(
                    "redirect", url, "redirects, and Apple, Google and the app library do not follow redirects here",
                    expected: "200", seen: "\(response.status) to \(target)", fix: fix.redirect()))
            return nil
        }
        return response
    }
}
