/// A cache file as a rebuild found it: none there, one that cannot be read (its checksum, its
/// header or its entries are wrong: it is ignored, and the build says so in a note), or whole.
/// A whole file made under another key is still only used under its own.
package enum FoundCache<Value: Sendable>: Sendable {
    case none
    case damaged
    case whole(Value)

    /// The cache, when whole.
    package var value: Value? {
        if case .whole(let value) = self { return value }
        return nil
    }
}
