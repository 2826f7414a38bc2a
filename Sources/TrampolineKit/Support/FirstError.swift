import Foundation

/// The first error thrown by concurrent work.
final class FirstError: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Error?

    var error: Error? { lock.withLock { stored } }

    func record(_ error: Error) {
        lock.withLock { if stored == nil { stored = error } }
    }
}
