import Foundation

/// A value computed on another thread from the moment it is made; ``value`` waits for it.
final class Background<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written once by the work, before `done` is signalled; read only after waiting for it.
    private var result: Value?

    init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async {
            self.result = work()
            self.done.signal()
        }
    }

    /// The value, once the work has finished. The semaphore is given back after each read, so
    /// every read happens after the write.
    var value: Value {
        done.wait()
        defer { done.signal() }
        return result!
    }
}
