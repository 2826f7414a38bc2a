import Foundation
import TrampolineModel

extension SiteBuilder {
    /// A rough page budget: phones on slow networks should get the page in one round trip. A
    /// server's first flight is 10 segments (RFC 6928), about 14 KB; 10 KB leaves room for the
    /// response's headers even uncompressed. (It was 8 KB until the pages' counting, #49, added
    /// 407 bytes to every page, where the fullest real pages had 40 bytes to spare.)
    static let pageBudget = 10 * 1024

    /// CloudFront Functions are at most 10 KB (docs.aws.amazon.com/AmazonCloudFront/latest/
    /// DeveloperGuide/cloudfront-limits.html, "Quotas on CloudFront Functions"); each link under
    /// _case/ adds a line to cloudfront-function.js.
    static let cloudFrontFunctionLimit = 10 * 1024

    /// A warning at each link whose page has more than ``pageBudget`` bytes, in catalog order,
    /// and one when cloudfront-function.js is over ``cloudFrontFunctionLimit``; `size` gives the
    /// size of the plan entry at an index.
    ///
    /// A build measures nothing of its own: the writer renders every page it writes (or proves an
    /// unchanged one by its stamp, whose size is the file's), so ``write(_:to:progress:)`` takes
    /// the sizes from it and no page is rendered twice. `check`, which writes nothing, takes them
    /// from its one rendering of every file (``CheckPass``). `PageBudgetTests` holds the two to the
    /// same warnings.
    static func pageBudgetWarnings(of site: SiteBuild, size: (Int) -> Int?) -> [Diagnostic] {
        var engine = DiagnosticEngine()
        // The plan holds link pages in catalog order: walk it, sizes first (no lookup per link).
        for (index, entry) in site.plan.entries.enumerated() {
            guard let bytes = size(index), bytes > pageBudget else { continue }
            if case .hostFile(.cloudFrontFunction(let cases)) = entry.content, bytes > cloudFrontFunctionLimit,
                let first = site.catalog.links.first(where: { $0.path == cases.first })
            {
                engine.warning(
                    "cloudfront-function.js is \(bytes) bytes with its rules for the \(cases.count) links that differ from another only in case; CloudFront accepts at most \(cloudFrontFunctionLimit)",
                    at: first.location,
                    hint:
                        "give some of these links paths that differ in more than case, or serve them from a CloudFront KeyValueStore"
                )
            }
            guard case .linkPage(let link, _, _) = entry.content, entry.path != .longLinkPage else { continue }
            engine.warning(
                "the page for \(link.path) is \(bytes) bytes, over the \(pageBudget)-byte (\(pageBudget / 1024) KB) budget",
                at: link.location, hint: "shorten its description or title")
        }
        return engine.diagnostics
    }
}
