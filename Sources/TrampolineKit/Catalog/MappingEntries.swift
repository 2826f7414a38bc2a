/// A YAML mapping's entries by key name, as the catalog reader looks them up: a link's dozen
/// keys. A list searched in turn rather than a `Dictionary`: hashing each name to build one and
/// again for each of the twenty-odd lookups per link was a sixth of reading a link. Each name
/// is kept with its length and first eight bytes in one word, so most names are passed over
/// with one comparison of integers, and only a likely match compares the strings.
struct MappingEntries: ExpressibleByDictionaryLiteral {
    typealias Entry = CatalogReader.Entry

    private var tags: [UInt64] = []
    private var names: [String] = []
    private var entries: [Entry] = []

    init() {}

    init(minimumCapacity: Int) {
        tags.reserveCapacity(minimumCapacity)
        names.reserveCapacity(minimumCapacity)
        entries.reserveCapacity(minimumCapacity)
    }

    init(dictionaryLiteral elements: (String, Entry)...) {
        for (name, entry) in elements { self[name] = entry }
    }

    /// The entry named `name`; setting one replaces the entry of that name, or adds it.
    subscript(name: String) -> Entry? {
        get { index(of: name).map { entries[$0] } }
        set {
            if let index = index(of: name) {
                if let newValue {
                    entries[index] = newValue
                } else {
                    tags.remove(at: index)
                    names.remove(at: index)
                    entries.remove(at: index)
                }
            } else if let newValue {
                tags.append(Self.tag(of: name))
                names.append(name)
                entries.append(newValue)
            }
        }
    }

    private func index(of name: String) -> Int? {
        let tag = Self.tag(of: name)
        for i in tags.indices where (tags[i] == tag || tags[i] == 0 || tag == 0) && names[i] == name { return i }
        return nil
    }

    /// An ASCII name's first seven bytes and its length (up to 255) in one word: ASCII names
    /// that differ there differ. 0 for any other name, which is compared with every name as a
    /// String (a Kelvin sign equals K). Equal tags say nothing: the names are then compared.
    private static func tag(of name: String) -> UInt64 {
        name.withUTF8Bytes { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return 0 }
            var tag = UInt64(min(bytes.count, 255)) | 1 << 63
            for i in 0..<min(bytes.count, 7) { tag |= UInt64(bytes[i]) << UInt64(8 * (i + 1)) }
            return tag
        }
    }
}
