import Foundation

/// Results of work split into chunks and run concurrently, read back in chunk order so output
/// stays deterministic.
final class ChunkResults<Element>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [[Element]]

    init(chunks: Int) {
        slots = Array(repeating: [], count: chunks)
    }

    var count: Int { slots.count }

    func set(_ chunk: Int, _ elements: [Element]) {
        lock.withLock { slots[chunk] = elements }
    }

    var all: [Element] { lock.withLock { slots.flatMap { $0 } } }
}
