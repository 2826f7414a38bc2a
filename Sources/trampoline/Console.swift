import Foundation
import TrampolineModel

/// Where the CLI talks to people: diagnostics to standard error, results to standard output.
enum Console {
    static func report(_ diagnostics: [Diagnostic], format: DiagnosticFormat = .text) {
        guard !diagnostics.isEmpty else { return }
        FileHandle.standardError.write(Data(DiagnosticPrinter.render(diagnostics, format: format).utf8))
    }

    /// A line on standard output, unbuffered: `serve` runs for long and others read its lines live.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// A line on standard error: notes beside the results, such as `build --timings`.
    static func note(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Ends a successful command at once, `value` still alive: a 100,000-link build's model and
    /// plan are millions of small allocations, and freeing them one by one only to exit took about
    /// 0.15 s. The operating system reclaims the memory whole.
    static func exitSuccess<T>(keeping value: T) -> Never {
        fflush(nil)  // every C stream: `print` writes through stdout's buffer
        withExtendedLifetime(value) { exit(EXIT_SUCCESS) }
    }

    static func displayPath(_ url: URL) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let path = url.path
        return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
    }

    /// `840 ms` or `2.41 s`.
    static func duration(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return seconds < 1 ? String(format: "%.0f ms", seconds * 1000) : String(format: "%.2f s", seconds)
    }

    static func kilobytes(_ bytes: Int) -> String {
        bytes < 1024 ? "\(bytes) B" : String(format: "%.1f KB", Double(bytes) / 1024)
    }
}
