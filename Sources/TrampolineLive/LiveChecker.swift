import Foundation
import TrampolineKit

/// `trampoline check --live`: fetches what Apple's fetcher, Apple's CDN, Google's verifier and a
/// browser get from the deployed site (`site.url`) and compares each with the build in memory.
/// Every finding is a diagnostic at `site.url` in the catalog naming the URL, what was expected,
/// what was seen, and the fix for `site.hosting`.
package struct LiveChecker: Sendable {
    /// Apple's fetcher: the swcd daemon's user agent (Apple Developer Forums, "AASA-Bot").
    static let appleBot = "AASA-Bot/1.0.0"
    static let browser = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1"
    /// Apple's limit on an uncompressed AASA ("Supporting associated domains": 128 KB).
    static let aasaLimit = 128 * 1024

    package var build: SiteBuild
    package var options: LiveOptions
    /// Where findings point: the catalog's `site.url` line, else the catalog file.
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
    var host: String { URL(string: site)?.host?.lowercased() ?? build.catalog.site.host }
    var hosting: StaticHost? { build.catalog.site.hosting }

    /// Every finding, in a stable order: origin claims, services, then pages.
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
            findings += await checkAppleCDN(fetcher)
            if build.plan[.assetLinks] != nil { findings += await checkGoogleDAL(fetcher) }
        }
        findings += await checkPages(fetcher, progress: progress)
        await fetcher.shutdown()
        return findings
    }

    /// A finding about `url`: what is wrong, what was expected and seen, and the fix.
    func finding(
        _ severity: Diagnostic.Severity, _ url: String, _ what: String, expected: String, seen: String, fix: String
    ) -> Diagnostic {
        Diagnostic(severity, at: location, "\(url): \(what) (expected \(expected), seen \(seen))", hint: fix)
    }

    /// An error finding about `url`.
    func finding(_ url: String, _ what: String, expected: String, seen: String, fix: String) -> Diagnostic {
        finding(.error, url, what, expected: expected, seen: seen, fix: fix)
    }

    /// One origin file as a given client: answered 200 with no redirect, else the finding.
    func fetchOK(_ url: String, as agent: String, _ fetcher: LiveFetcher, into findings: inout [Diagnostic]) async
        -> LiveResponse?
    {
        let response: LiveResponse
        do {
            response = try await fetcher.get(url, userAgent: agent)
        } catch {
            findings.append(
                finding(
                    url, "no answer", expected: "HTTPS 200", seen: "\(error)",
                    fix: "serve the site over HTTPS with a certificate for \(URL(string: url)?.host ?? url)"))
            return nil
        }
        if response.isRedirect {
            let target = response.header("Location") ?? "no Location"
            findings.append(
                finding(
                    url, "redirects, and Apple and Google do not follow redirects for this file", expected: "200",
                    seen: "\(response.status) to \(target)", fix: LiveFix.redirect(hosting)))
            return nil
        }
        guard response.status == 200 else {
            findings.append(
                finding(url, "not served", expected: "200", seen: "\(response.status)", fix: LiveFix.missing(hosting)))
            return nil
        }
        return response
    }
}
