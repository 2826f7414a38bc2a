import Foundation

/// `(0..<count).map(transform)` on every core, in chunks: for work that is the same for each
/// index and independent of the others (rendering, fingerprints). The result is in index order.
func concurrentMap<T>(_ count: Int, chunk: Int = 256, _ transform: @Sendable (Int) -> T) -> [T] {
    [T](unsafeUninitializedCapacity: count) { buffer, initialized in
        // Each iteration initializes only its own slots.
        nonisolated(unsafe) let slots = buffer.baseAddress
        DispatchQueue.concurrentPerform(iterations: (count + chunk - 1) / chunk) { c in
            for index in (c * chunk)..<min(count, (c + 1) * chunk) {
                (slots! + index).initialize(to: transform(index))
            }
        }
        initialized = count
    }
}
