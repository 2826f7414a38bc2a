import Foundation
import TrampolineModel

/// What `trampoline check` found: every diagnostic, plus what was checked for the summary line.
package struct CheckReport: Sendable {
    /// Errors and warnings in file order.
    package var diagnostics: [Diagnostic]
    /// Nil when the catalog could not be loaded.
    package var catalog: Catalog?
    /// The output folder compared with the plan; nil when the comparison did not run
    /// (the catalog has errors, or the folder does not exist yet).
    package var comparedOutput: URL?
    /// How many files the site has (the manifest included); nil when the catalog could not be loaded.
    package var fileCount: Int?
    /// The plan the check built in memory, for `check --live` to compare the deployed site with;
    /// nil when the catalog could not be loaded.
    package var build: SiteBuild?

    package init(
        diagnostics: [Diagnostic], catalog: Catalog? = nil, comparedOutput: URL? = nil, fileCount: Int? = nil,
        build: SiteBuild? = nil
    ) {
        self.diagnostics = diagnostics
        self.catalog = catalog
        self.comparedOutput = comparedOutput
        self.fileCount = fileCount
        self.build = build
    }

    package var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    package var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
    package var hasErrors: Bool { errorCount > 0 }

    /// The report with every warning turned into an error, for `--strict`.
    package func strict() -> CheckReport {
        var copy = self
        copy.diagnostics = diagnostics.map { diagnostic in
            var promoted = diagnostic
            promoted.severity = .error
            return promoted
        }
        return copy
    }
}
