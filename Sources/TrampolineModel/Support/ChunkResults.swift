import Foundation

/// Results of work split into chunks and run concurrently, read back in chunk order so output
/// stays deterministic.
@usableFromInline package final class ChunkResults<Element>: @unchecked Sendable {
    @usableFromInline let lock = NSLock()
    @usableFromInline var slots: [[Element]]

    @inlinable package init(chunks: Int) {
        slots = Array(repeating: [], count: chunks)
    }

    @inlinable package var count: Int { slots.count }

    @inlinable package func set(_ chunk: Int, _ elements: [Element]) {
        lock.withLock { slots[chunk] = elements }
    }

    @inlinable package var all: [Element] { lock.withLock { slots.flatMap { $0 } } }
}
