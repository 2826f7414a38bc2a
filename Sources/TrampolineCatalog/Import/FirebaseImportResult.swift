import Foundation
import TrampolineModel

/// What an import found and, when it is clean, the files to write.
package struct FirebaseImportResult: Sendable {
    /// A file to write, whole.
    package struct File: Sendable, Equatable {
        package var url: URL
        package var text: String
    }

    /// Errors and warnings, in input order.
    package var diagnostics: [Diagnostic] = []
    /// The files whose bytes change; empty when there are errors or nothing changed.
    package var files: [File] = []
    /// Links added to the links file.
    package var imported = 0
    /// Links already in the catalog exactly as imported.
    package var unchanged = 0
    /// Archived links left out.
    package var skippedArchived = 0
    /// Invalid rows left out (`--skip-invalid`).
    package var skippedInvalid = 0
    /// The links file, as the catalog names it.
    package var linksFile = FirebaseImportOptions.defaultLinksFile
    /// True when there was no catalog and the import writes one.
    package var createsCatalog = false

    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    package var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
}
