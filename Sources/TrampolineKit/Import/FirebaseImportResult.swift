import Foundation

/// What an import found and, when it is clean, the files to write.
public struct FirebaseImportResult: Sendable {
    /// A file to write, whole.
    public struct File: Sendable, Equatable {
        public var url: URL
        public var text: String
    }

    /// Errors and warnings, in input order.
    public var diagnostics: [Diagnostic] = []
    /// The files whose bytes change; empty when there are errors or nothing changed.
    public var files: [File] = []
    /// Links added to the links file.
    public var imported = 0
    /// Links already in the catalog exactly as imported.
    public var unchanged = 0
    /// Archived links left out.
    public var skippedArchived = 0
    /// Invalid rows left out (`--skip-invalid`).
    public var skippedInvalid = 0
    /// The links file, as the catalog names it.
    public var linksFile = FirebaseImportOptions.defaultLinksFile
    /// True when there was no catalog and the import writes one.
    public var createsCatalog = false

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
}
