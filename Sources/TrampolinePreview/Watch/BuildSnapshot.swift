import Foundation
import TrampolineBuild
import TrampolineModel

/// A successful build as `serve` keeps it: what was written and what the dashboard shows.
package struct BuildSnapshot: Sendable {
    package var site: SiteBuild
    package var catalog: Catalog { site.catalog }
    package var warnings: [Diagnostic]
    package var summary: SiteWriter.Summary
    package var flows: [LinkFlow]
    package var duration: Duration
}
