import Foundation

/// Hands out chunk numbers 0, 1, 2, … to whichever worker asks next, until `count`: for workers
/// that keep state of their own across chunks (the claims check's matchers), so that a worker that
/// finishes early takes more chunks instead of idling while another works through a fixed share.
package final class ChunkQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    let count: Int

    package init(count: Int) {
        self.count = count
    }

    /// The next chunk no worker has taken, or nil when all have been.
    package func take() -> Int? {
        lock.withLock {
            guard next < count else { return nil }
            defer { next += 1 }
            return next
        }
    }
}
