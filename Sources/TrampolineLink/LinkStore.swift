/// Remembers which deferred links were delivered, across launches, so each is delivered at most once.
///
/// One operation, so that any storage (UserDefaults, the keychain, a file, a test double) fits:
/// ``UserDefaultsLinkStore`` on a device, ``InMemoryLinkStore`` in tests. A relaunch is a new
/// ``TrampolineLinks`` over the same store.
public protocol LinkStore: Sendable {
    /// Records `token` and returns true the first time it is claimed; false ever after, in this
    /// launch or any later one. Must be atomic: two claims of one token never both return true.
    func claim(_ token: String) -> Bool
}
