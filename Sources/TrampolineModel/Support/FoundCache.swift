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

    /// Whether a file was there and could not be read (what a note names).
    package var isDamaged: Bool {
        if case .damaged = self { return true }
        return false
    }

    /// The same finding, a whole cache made into `transform`'s value.
    package func map<Other>(_ transform: (Value) -> Other) -> FoundCache<Other> {
        switch self {
        case .none: .none
        case .damaged: .damaged
        case .whole(let value): .whole(transform(value))
        }
    }
}
