import Foundation

/// What `trampoline check` found: every diagnostic, plus what was checked for the summary line.
public struct CheckReport: Sendable {
    /// Errors and warnings in file order.
    public var diagnostics: [Diagnostic]
    /// Nil when the catalog could not be loaded.
    public var catalog: Catalog?
    /// The output folder compared with the plan; nil when the comparison did not run
    /// (the catalog has errors, or the folder does not exist yet).
    public var comparedOutput: URL?
    /// How many files the site has (the manifest included); nil when the catalog could not be loaded.
    public var fileCount: Int?

    public init(diagnostics: [Diagnostic], catalog: Catalog? = nil, comparedOutput: URL? = nil, fileCount: Int? = nil) {
        self.diagnostics = diagnostics
        self.catalog = catalog
        self.comparedOutput = comparedOutput
        self.fileCount = fileCount
    }

    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
    public var hasErrors: Bool { errorCount > 0 }

    /// The report with every warning turned into an error, for `--strict`.
    public func strict() -> CheckReport {
        var copy = self
        copy.diagnostics = diagnostics.map { diagnostic in
            var promoted = diagnostic
            promoted.severity = .error
            return promoted
        }
        return copy
    }
}
