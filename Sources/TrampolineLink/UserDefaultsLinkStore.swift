import Foundation

/// A ``LinkStore`` in `UserDefaults` (the app's own domain by default). It keeps the tokens only:
/// fingerprints of delivered links and the first-launch mark, never a link. At most
/// ``capacity`` tokens are kept; the oldest go first.
public final class UserDefaultsLinkStore: LinkStore, @unchecked Sendable {
    /// How many tokens are kept (deferred links arrive a few times per install, not hundreds).
    public static let capacity = 500

    private let defaults: UserDefaults
    private let key: String
    private let lock = NSLock()

    /// - Parameters:
    ///   - defaults: where to keep the tokens (default `.standard`).
    ///   - key: the defaults key (default `TrampolineLink.delivered`).
    public init(defaults: UserDefaults = .standard, key: String = "TrampolineLink.delivered") {
        self.defaults = defaults
        self.key = key
    }

    public func claim(_ token: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        var tokens = defaults.stringArray(forKey: key) ?? []
        guard !tokens.contains(token) else { return false }
        tokens.append(token)
        if tokens.count > Self.capacity { tokens.removeFirst(tokens.count - Self.capacity) }
        defaults.set(tokens, forKey: key)
        return true
    }
}
