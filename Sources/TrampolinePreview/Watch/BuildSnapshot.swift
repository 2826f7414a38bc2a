import Foundation
import TrampolineKit

/// A successful build as `serve` keeps it: what was written and what the dashboard shows.
public struct BuildSnapshot: Sendable {
    public var site: SiteBuild
    public var catalog: Catalog { site.catalog }
    public var warnings: [Diagnostic]
    public var summary: SiteWriter.Summary
    public var flows: [LinkFlow]
    public var duration: Duration
}
