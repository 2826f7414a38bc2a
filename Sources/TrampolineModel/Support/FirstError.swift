import Foundation

/// The first error thrown by concurrent work.
package final class FirstError: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Error?

    package init() {}

    package var error: Error? { lock.withLock { stored } }

    package func record(_ error: Error) {
        lock.withLock { if stored == nil { stored = error } }
    }
}
