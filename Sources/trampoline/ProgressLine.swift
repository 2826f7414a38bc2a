import Foundation

/// A `Rendering 1234/5000 (24%)` line rewritten in place on a terminal. Only made when standard
/// error is a TTY: logs and pipes get no carriage-return noise.
/// Updates arrive from the writer's threads, so the state is behind a lock.
final class ProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private var lastPercent = -1
    private let verb: String
    private let noun: String

    init(verb: String = "Writing", noun: String = "files") {
        self.verb = verb
        self.noun = noun
    }

    /// A progress line, or nil when standard error is not a terminal.
    static func forStandardError(verb: String = "Writing", noun: String = "files") -> ProgressLine? {
        isatty(STDERR_FILENO) == 1 ? ProgressLine(verb: verb, noun: noun) : nil
    }

    func update(done: Int, total: Int) {
        let percent = total == 0 ? 100 : done * 100 / total
        lock.withLock {
            guard percent > lastPercent else { return }
            lastPercent = percent
            write("\r\u{1B}[2K\(verb) \(done)/\(total) \(noun) (\(percent)%)")
        }
    }

    /// Erases the line so the summary starts on a clean one.
    func clear() {
        lock.withLock {
            if lastPercent >= 0 { write("\r\u{1B}[2K") }
        }
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
