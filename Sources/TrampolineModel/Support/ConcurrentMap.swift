import Foundation

/// `(0..<count).map(transform)` on every core, in chunks: for work that is the same for each
/// index and independent of the others (rendering, fingerprints). The result is in index order.
@inlinable package func concurrentMap<T>(_ count: Int, chunk: Int = 256, _ transform: @Sendable (Int) -> T) -> [T] {
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

/// `transform` of each index on every core, as ``concurrentMap(_:chunk:_:)``, then each result
/// handed to `body` in index order, moved out rather than copied: a large plan's results are a
/// link each, and copying then freeing them all cost as much as making them. A window of 64
/// chunks at a time: the results of a million links held at once were a quarter of a build's peak
/// of memory.
@inlinable package func concurrentMap<T>(
    _ count: Int, chunk: Int = 256, _ transform: @Sendable (Int) -> T, consumedBy body: (consuming T) -> Void
) {
    let window = max(1, min(count, chunk * 64))
    let buffer = UnsafeMutablePointer<T>.allocate(capacity: window)
    defer { buffer.deallocate() }
    // Each iteration initializes only its own slots; each slot is moved out exactly once.
    nonisolated(unsafe) let slots = buffer
    var start = 0
    while start < count {
        let size = min(window, count - start)
        let first = start
        DispatchQueue.concurrentPerform(iterations: (size + chunk - 1) / chunk) { c in
            for index in (c * chunk)..<min(size, (c + 1) * chunk) {
                (slots + index).initialize(to: transform(first + index))
            }
        }
        for index in 0..<size { body((buffer + index).move()) }
        start += size
    }
}
