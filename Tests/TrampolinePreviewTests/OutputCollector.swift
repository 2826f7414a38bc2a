import Foundation

/// Thread-safe accumulation of a child's output.
final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var out = Data(), err = Data()

    func append(_ data: Data, stderr: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if stderr { err.append(data) } else { out.append(data) }
    }

    var stdout: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: out, as: UTF8.self)
    }
    var stderr: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: err, as: UTF8.self)
    }
}
