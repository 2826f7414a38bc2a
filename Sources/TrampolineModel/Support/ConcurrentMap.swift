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
/// link each, and copying then freeing them all cost as much as making them. In windows of 32
/// chunks: the results of a million links held at once were a quarter of a build's peak of
/// memory. The next window is made while `body` takes the one before (two windows live at most):
/// `body` runs on the calling thread alone, and made one window after the other it left a core
/// idle for a third of a large plan. `transform` must not touch what `body` changes.
@inlinable package func concurrentMap<T>(
    _ count: Int, chunk: Int = 256, _ transform: @Sendable (Int) -> T, consumedBy body: (consuming T) -> Void
) {
    guard count > 0 else { return }
    let window = max(1, min(count, chunk * 32))
    let buffers = [
        UnsafeMutablePointer<T>.allocate(capacity: window), UnsafeMutablePointer<T>.allocate(capacity: window),
    ]
    defer { for buffer in buffers { buffer.deallocate() } }
    withoutActuallyEscaping(transform) { transform in
        // Each window's iterations initialize only their own slots; each slot is moved out exactly
        // once, by `body`, after the window is made and before it is made again.
        nonisolated(unsafe) let slots = buffers
        let make: @Sendable (Int, Int) -> Void = { first, buffer in
            let size = min(window, count - first)
            DispatchQueue.concurrentPerform(iterations: (size + chunk - 1) / chunk) { c in
                for index in (c * chunk)..<min(size, (c + 1) * chunk) {
                    (slots[buffer] + index).initialize(to: transform(first + index))
                }
            }
        }
        make(0, 0)
        var (start, buffer) = (0, 0)
        while start < count {
            let next = start + window
            let group = DispatchGroup()
            if next < count {
                let other = 1 - buffer
                DispatchQueue.global().async(group: group) { make(next, other) }
            }
            for index in 0..<min(window, count - start) { body((slots[buffer] + index).move()) }
            group.wait()
            (start, buffer) = (next, 1 - buffer)
        }
    }
}
