/// One field of a link, as the one table of them declares it (``LinkOptions/fields``,
/// ``Link/Fields/table``): its name in Swift and in the catalog, whether the app's link table
/// follows it, the Firebase export column the importer maps to it, and how to read and write it.
///
/// Everything that lists a link's fields walks these tables: the link cache's codec, the
/// fingerprint's fast path, the catalog's keys (so the unknown-key errors, the schema check and
/// an imported links file's columns), and the tests that hold the link table and the importer.
/// Adding a field is its stored property and its entry here, then its reader and its docs
/// (contributing/adding-a-field.md); the tests fail until each exists.
package struct LinkField: Sendable {
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
    /// How the field is read and written, by the shape of its value.
    package let access: LinkFieldAccess

    package init(
        _ name: String, key: String, inLinkTable: Bool = false, firebaseColumn: String? = nil,
        sample: LinkFieldValue, _ access: LinkFieldAccess
    ) {
        self.name = name
        self.key = key
        self.inLinkTable = inLinkTable
        self.firebaseColumn = firebaseColumn
        self.sample = sample
        self.access = access
    }

    /// The field's value in `link`.
    package func read(_ link: Link) -> LinkFieldValue { access.read(link) }

    /// Sets the field from `value`; false when `value` is not of the field's shape or names no case.
    package func write(_ link: inout Link, _ value: LinkFieldValue) -> Bool { access.write(&link, value) }
}
