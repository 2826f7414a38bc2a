/// One field of a link, as the one table of them declares it (``LinkOptions/fields``,
/// ``Link/Fields/table``): its name in Swift and in the catalog, whether the app's link table
/// follows it, the Firebase export column the importer maps to it, and how to read and write it.
///
/// Everything that lists a link's fields walks these tables: the link cache's codec, the
/// fingerprint's fast path, the catalog's keys (so the unknown-key errors, the schema check and
/// an imported links file's columns), and the tests that hold the link table and the importer.
/// Adding a field is its stored property and its entry here, then its reader and its docs
/// (contributing/adding-a-field.md); the tests fail until each exists.
///
/// A class: the codec and the fingerprint walk the tables for every link, and a struct's copy
/// per field retained each of its strings and closures.
package final class LinkField<Root>: Sendable {
    /// The stored property's name, as the encoders write it (`fallbackDelayMs`).
    package let name: String
    /// The catalog's key (`fallback_delay_ms`).
    package let key: String
    /// Whether the link table (docs/link-table.md) changes with the value.
    package let inLinkTable: Bool
    /// The Firebase export column the importer maps to the field, if any.
    package let firebaseColumn: String?
    /// Another valid value than the default, for the tests that walk the table.
    package let sample: LinkFieldValue
    package let read: @Sendable (Root) -> LinkFieldValue
    /// Sets the field from `value`; false when `value` is not of the field's shape or names no case.
    package let write: @Sendable (inout Root, LinkFieldValue) -> Bool

    /// A field read by `get` and written by `set`: plain closures (`{ $0.template }`), which the
    /// codec and the fingerprint call for every link, where a key path's projection cost a fifth
    /// of a rebuild.
    package init<Value: LinkFieldRepresentable>(
        _ name: String, key: String, inLinkTable: Bool = false, firebaseColumn: String? = nil, sample: Value,
        get: @escaping @Sendable (Root) -> Value, set: @escaping @Sendable (inout Root, Value) -> Void
    ) {
        self.name = name
        self.key = key
        self.inLinkTable = inLinkTable
        self.firebaseColumn = firebaseColumn
        self.sample = sample.fieldValue
        read = { get($0).fieldValue }
        write = { root, value in
            guard let typed = Value(fieldValue: value) else { return false }
            set(&root, typed)
            return true
        }
    }

    /// A field whose value no ``LinkFieldRepresentable`` spells, read and written by hand.
    init(
        _ name: String, key: String, inLinkTable: Bool, firebaseColumn: String?, sample: LinkFieldValue,
        read: @escaping @Sendable (Root) -> LinkFieldValue,
        write: @escaping @Sendable (inout Root, LinkFieldValue) -> Bool
    ) {
        self.name = name
        self.key = key
        self.inLinkTable = inLinkTable
        self.firebaseColumn = firebaseColumn
        self.sample = sample
        self.read = read
        self.write = write
    }
}
