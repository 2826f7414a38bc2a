import TrampolineModel

/// The fast path of ``FingerprintEncoder`` for what a large plan holds most of: link pages and
/// their QR codes (two entries per link), the link table's shards (a row per link) and the
/// compact layout's lookup shards (a link per entry), written straight into the buffer instead of through
/// `Encodable`'s generic containers, which cost a metadata lookup and a box per container and
/// were most of a no-op rebuild's fingerprinting. The bytes are exactly those the encoder writes
/// for the same entry: `LinkFingerprintTests` holds the two to each other on entries with every
/// field set, so a field added to ``Link``, ``LinkOptions`` or these cases and not here fails it.
extension PlanEntry {
    /// What `FingerprintEncoder.encode(self)` returns, for the link page, QR code and link-table
    /// shard cases; nil for the others, which take the plain path. A lookup shard's fingerprint
    /// is made of its entries' digests instead (``lookupShardFingerprintBytes()``).
    func fastFingerprintBytes() -> [UInt8]? {
        guard var writer = fastFingerprintWriter() else { return nil }
        return writer.finish()
    }

    /// SHA-256 of `context` followed by ``fastFingerprintBytes()``, hashed from the writer's
    /// buffer: no array of the bytes is made (one per page of a rebuild).
    func fastFingerprint(after context: [UInt8]) -> Fingerprint? {
        guard var writer = fastFingerprintWriter() else { return nil }
        return writer.finishHashing(after: context)
    }

    /// The writer holding ``fastFingerprintBytes()``, which its caller must finish.
    private func fastFingerprintWriter() -> FingerprintBytes? {
        var capacity = 1024
        switch content {
        case .linkPage, .qrCode: break
        case .linkTableShard(_, let rows): capacity = 64 + rows.count * 96
        default: return nil
        }
        var writer = FingerprintBytes(capacity: capacity)
        // PlanEntry at depth 0: its keys at 1, the content's case key at 2, the case's values at 3.
        writer.entryStart(path: path)
        switch content {
        case .linkPage(let link, let template, let behaviour):
            writer.key("linkPage", depth: 2)
            writer.byte(UInt8(ascii: "{"))
            writer.key("_0", depth: 3)
            writer.link(link, depth: 3)
            writer.string("template", template, depth: 3)
            writer.string("behaviour", behaviour.rawValue, depth: 3)
        case .qrCode(let url, let errorCorrection):
            writer.key("qrCode", depth: 2)
            writer.byte(UInt8(ascii: "{"))
            writer.string("url", url, depth: 3)
            writer.string("errorCorrection", errorCorrection.rawValue, depth: 3)
        case .linkTableShard(let shard, let rows):
            // The link table's shards: each row one length-prefixed string (``LinkTableRow/encode(to:)``),
            // written without making the string.
            writer.shardStart("linkTableShard", shard: shard, list: "rows")
            // In place: iterating copied each row (a retain and release of each of its strings),
            // a tenth of a 1M-link rebuild's fingerprinting.
            rows.withUnsafeBufferPointer { rows in
                for index in rows.indices {
                    writer.byte(4)
                    writer.byte(UInt8(ascii: ","))
                    writer.linkTableRow(rows[index])
                }
            }
        default:
            break
        }
        return writer
    }
}

extension PlanEntry {
    /// A lookup shard's ``fastFingerprintBytes()``, with where each of its links' entries is in
    /// them: what each entry is encoded as, hashed alone to tell which entries a rebuild may take
    /// sealed from the shard it wrote before (``SiteRenderer/lookupShardFingerprints(of:)``).
    /// Nil for other entries.
    func lookupShardFingerprintBytes() -> (bytes: [UInt8], entries: [Range<Int>])? {
        guard case .lookupShard(let shard, let links) = content else { return nil }
        var writer = FingerprintBytes(capacity: 64 + links.count * 512)
        writer.entryStart(path: path)
        writer.shardStart("lookupShard", shard: shard, list: "links")
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(links.count)
        links.withUnsafeBufferPointer { links in
            for index in links.indices {
                writer.byte(4)
                writer.byte(UInt8(ascii: ","))
                let start = writer.written
                writer.lookupShardEntry(links[index], depth: 4)
                ranges.append(start..<writer.written)
            }
        }
        return (writer.finish(), ranges)
    }
}

extension Link {
    /// Appends what the encoder writes for this link at `depth` (its `{`, keys and values).
    func appendFingerprint(to out: inout [UInt8], depth: UInt8) {
        // Only this link's bytes are copied: a link table's fingerprint appends thousands of links.
        var writer = FingerprintBytes(capacity: 1024)
        writer.link(self, depth: depth)
        writer.finish(appendingTo: &out)
    }
}

/// The bytes written into a buffer of its own, checked for room once per write: appending to an
/// array, each of a link's hundred-odd small writes checked the array's uniqueness and capacity,
/// most of the cost of a fingerprint's encoding (a fifth of a one-link rebuild went to
/// fingerprints). ``finish()`` hands the bytes over and frees the buffer; it must be called once.
private struct FingerprintBytes {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0

    /// How many bytes are written so far.
    var written: Int { count }

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    /// The bytes written; the buffer is freed.
    mutating func finish() -> [UInt8] {
        defer { base.deallocate() }
        return Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// SHA-256 of `context` and the bytes written (``Digest/fingerprint(_:_:)``); the buffer is freed.
    mutating func finishHashing(after context: [UInt8]) -> Fingerprint {
        defer { base.deallocate() }
        return Digest.fingerprint(context, raw: UnsafeRawBufferPointer(start: base, count: count))
    }

    /// The bytes written, appended to `out`; the buffer is freed.
    mutating func finish(appendingTo out: inout [UInt8]) {
        defer { base.deallocate() }
        out.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
    }

    @inline(__always)
    private mutating func reserve(_ more: Int) {
        if count + more > capacity { grow(to: count + more) }
    }

    private mutating func grow(to needed: Int) {
        let larger = max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        reserve(1)
        base[count] = value
        count += 1
    }

    mutating func bytes(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress, !buffer.isEmpty else { return }
        reserve(buffer.count)
        (base + count).update(from: source, count: buffer.count)
        count += buffer.count
    }

    /// `value` in decimal (``DecimalText``).
    mutating func decimal(_ value: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        DecimalText.withDigits(of: UInt64(value.magnitude)) { bytes($0) }
    }

    mutating func key(_ name: StaticString, depth: UInt8) {
        byte(depth)
        bytes(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        byte(UInt8(ascii: "="))
    }

    mutating func key(_ name: String, depth: UInt8) {
        byte(depth)
        name.withUTF8Bytes { bytes($0) }
        byte(UInt8(ascii: "="))
    }

    mutating func string(_ text: String) {
        text.withUTF8Bytes { utf8 in
            decimal(utf8.count)
            byte(UInt8(ascii: "\""))
            bytes(utf8)
        }
    }

    mutating func int(_ value: Int) {
        decimal(value)
        byte(UInt8(ascii: ";"))
    }

    /// What ``LinkTableRow/encode(to:)`` gives the encoder: one string of what the row is made
    /// of, each `<length>:<text>`, then `t` or `f` and the campaign's count, as a string value.
    mutating func linkTableRow(_ row: borrowing LinkTableRow) {
        func digits(_ value: Int) -> Int {
            var count = 1
            var rest = value
            while rest >= 10 {
                rest /= 10
                count += 1
            }
            return count
        }
        func length(_ field: String) -> Int {
            let count = field.utf8.count
            return digits(count) + 1 + count
        }
        // Field by field: a list of the row's strings was two arrays per row, a million at 1M links.
        let link = row.link
        let campaign = link.campaign
        var total = 1 + digits(campaign.count) + length(link.path) + length(link.deepLink)
        for parameter in campaign { total += length(parameter.name) + length(parameter.value) }
        decimal(total)
        byte(UInt8(ascii: "\""))
        field(link.path)
        field(link.deepLink)
        for parameter in campaign {
            field(parameter.name)
            field(parameter.value)
        }
        bool(row.forwardQuery)
        decimal(campaign.count)
    }

    /// `<length>:<text>`, one field of a ``linkTableRow(_:)``.
    private mutating func field(_ text: String) {
        text.withUTF8Bytes { utf8 in
            decimal(utf8.count)
            byte(UInt8(ascii: ":"))
            bytes(utf8)
        }
    }

    /// A plan entry's start: its `{`, its path and the `{` of its content (a case at depth 2).
    mutating func entryStart(path: OutputPath) {
        byte(UInt8(ascii: "{"))
        string("path", path.value, depth: 1)
        key("content", depth: 1)
        byte(UInt8(ascii: "{"))
    }

    /// A shard case `name`'s start: its number, then the `[` of its list `list` (at depth 3).
    mutating func shardStart(_ name: StaticString, shard: Int, list: StaticString) {
        key(name, depth: 2)
        byte(UInt8(ascii: "{"))
        key("shard", depth: 3)
        int(shard)
        key(list, depth: 3)
        byte(UInt8(ascii: "["))
    }

    /// A ``LookupShardEntry`` as the plain encoder writes it: its link, id and behaviour.
    mutating func lookupShardEntry(_ entry: LookupShardEntry, depth: UInt8) {
        byte(UInt8(ascii: "{"))
        let d = depth &+ 1
        key("link", depth: d)
        link(entry.link, depth: d)
        key("id", depth: d)
        decimal(32)
        byte(UInt8(ascii: "\""))
        reserve(32)
        Hex.write(word: entry.id.high, to: base + count)
        Hex.write(word: entry.id.low, to: base + count + 16)
        count += 32
        string("behaviour", entry.behaviour.rawValue, depth: d)
    }

    /// `value`'s eight bytes, most significant first.
    mutating func word(_ value: UInt64) {
        reserve(8)
        for shift in stride(from: 56, through: 0, by: -8) {
            base[count] = UInt8(truncatingIfNeeded: value >> UInt64(shift))
            count += 1
        }
    }

    mutating func bool(_ value: Bool) {
        byte(UInt8(ascii: value ? "t" : "f"))
    }

    mutating func string(_ name: StaticString, _ value: String, depth: UInt8) {
        key(name, depth: depth)
        string(value)
    }

    mutating func optional(_ name: StaticString, _ value: String?, depth: UInt8) {
        if let value { string(name, value, depth: depth) }
    }

    /// A link as the plain encoder writes `Link.Fields`: the own fields' table, then the options
    /// (``LinkOptions/fields``), then the route. The encoder leaves source locations out.
    /// A link with a ``Link/source`` (``FastPath/linkSources``) is that digest instead, after
    /// a `#`, which no encoding of values starts with: its values follow from the digest, and
    /// encoding them was most of a rebuild's fingerprinting.
    mutating func link(_ link: Link, depth: UInt8) {
        if let source = link.source, FastPath.linkSources.isOn {
            byte(UInt8(ascii: "#"))
            word(source[0])
            word(source[1])
            return
        }
        byte(UInt8(ascii: "{"))
        let d = depth &+ 1
        // By index, taking only the field's name and access (plain data, ``LinkFieldAccess``).
        for index in Link.Fields.table.indices {
            Link.Fields.table[index].access.fingerprint(Link.Fields.table[index].name, of: link, to: &self, depth: d)
        }
        key("options", depth: d)
        options(of: link, depth: d)
        if let route = link.route { string("route", route.pattern.text, depth: d) }
    }

    mutating func options(of link: Link, depth: UInt8) {
        byte(UInt8(ascii: "{"))
        let d = depth &+ 1
        for index in LinkOptions.fields.indices {
            LinkOptions.fields[index].access.fingerprint(LinkOptions.fields[index].name, of: link, to: &self, depth: d)
        }
    }
}

extension LinkFieldAccess {
    /// The field `name` as the plain encoder writes it: absent when nil, a list as `[` and its elements.
    fileprivate func fingerprint(_ name: String, of link: Link, to out: inout FingerprintBytes, depth: UInt8) {
        switch self {
        case .text(let get, _):
            out.key(name, depth: depth)
            out.string(get(link))
        case .optionalText(let get, _):
            guard let text = get(link) else { return }
            out.key(name, depth: depth)
            out.string(text)
        case .number(let get, _):
            out.key(name, depth: depth)
            out.int(get(link))
        case .flag(let get, _):
            out.key(name, depth: depth)
            out.bool(get(link))
        case .texts(let get, _):
            out.key(name, depth: depth)
            out.byte(UInt8(ascii: "["))
            for text in get(link) {
                out.byte(depth &+ 1)
                out.byte(UInt8(ascii: ","))
                out.string(text)
            }
        case .parameters(let get, _):
            out.key(name, depth: depth)
            out.byte(UInt8(ascii: "["))
            for parameter in get(link) {
                out.byte(depth &+ 1)
                out.byte(UInt8(ascii: ","))
                out.byte(UInt8(ascii: "{"))
                out.string("name", parameter.name, depth: depth &+ 2)
                out.string("value", parameter.value, depth: depth &+ 2)
            }
        }
    }
}
