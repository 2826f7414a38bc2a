import Foundation

/// A ``LinkStore`` in memory: for tests, and for simulating relaunches (keep the store, make a
/// new ``TrampolineLinks``).
public final class InMemoryLinkStore: LinkStore, @unchecked Sendable {
    private let lock = NSLock()
    private var claimed: Set<String> = []

    public init() {}

    public func claim(_ token: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return claimed.insert(token).inserted
    }

    /// The tokens claimed so far (fingerprints and the first-launch mark, never links).
    public var tokens: Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return claimed
    }
}
