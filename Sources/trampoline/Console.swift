import Foundation
import TrampolineKit

/// Where the CLI talks to people: diagnostics to standard error, results to standard output.
enum Console {
    static func report(_ diagnostics: [Diagnostic], format: DiagnosticFormat = .text) {
        guard !diagnostics.isEmpty else { return }
        FileHandle.standardError.write(Data(DiagnosticPrinter.render(diagnostics, format: format).utf8))
    }

    static func displayPath(_ url: URL) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let path = url.path
        return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
    }

    static func kilobytes(_ bytes: Int) -> String {
        bytes < 1024 ? "\(bytes) B" : String(format: "%.1f KB", Double(bytes) / 1024)
    }
}
