import Foundation

/// Results of work split into chunks and run concurrently, read back in chunk order so output
/// stays deterministic.
package final class ChunkResults<Element>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [[Element]]

    package init(chunks: Int) {
        slots = Array(repeating: [], count: chunks)
    }

    package var count: Int { slots.count }

    package func set(_ chunk: Int, _ elements: [Element]) {
        lock.withLock { slots[chunk] = elements }
    }

    package var all: [Element] { lock.withLock { slots.flatMap { $0 } } }
}
