import Foundation

/// The names and seals of link table format version 2 (docs/link-table.md, "Sealed entries"): a
/// link is named by a digest of the site's host and its path, and its entry is sealed with a key
/// derived from them, so the table lists no path and only whoever knows a path reads its entry.
/// `hash` is SHA-256: this library's own (`LinkSHA256`) by default; the generator passes a faster one.
@_spi(Generator) public enum LinkSealing {
    public typealias Hash = @Sendable ([UInt8]) -> [UInt8]

    /// This library's SHA-256.
    public static let plainHash: Hash = { LinkSHA256.hash($0) }

    /// What every digest's input starts with.
    static let prefix = "trampoline-link-table/2 "

    /// What a digest hashes: `prefix + label + "\n" + host + "\n" + path`, as UTF-8.
    public static func input(_ label: String, host: String, path: String) -> [UInt8] {
        // One array, sized once: joining the strings first made five (a million-link build names
        // every link).
        var input: [UInt8] = []
        input.reserveCapacity(prefix.utf8.count + label.utf8.count + host.utf8.count + path.utf8.count + 2)
        input += prefix.utf8
        input += label.utf8
        input.append(UInt8(ascii: "\n"))
        input += host.utf8
        input.append(UInt8(ascii: "\n"))
        input += path.utf8
        return input
    }

    /// SHA-256 of ``input(_:host:path:)``.
    static func digest(_ label: String, host: String, path: String, hash: Hash) -> [UInt8] {
        hash(input(label, host: host, path: path))
    }

    /// The link's id: lower-case hex of the first 16 bytes of its `id` digest; its number: the
    /// digest's first 4 bytes, big-endian; and its shard: the number modulo `count`.
    public static func name(host: String, path: String, shards count: Int, hash: Hash = plainHash) -> (
        id: String, shard: Int, number: UInt32
    ) {
        let digest = digest("id", host: host, path: path, hash: hash)
        let hex = Array("0123456789abcdef".utf8)
        var id: [UInt8] = []
        id.reserveCapacity(32)
        for byte in digest.prefix(16) {
            id.append(hex[Int(byte >> 4)])
            id.append(hex[Int(byte & 0x0f)])
        }
        let first = digest.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return (String(decoding: id, as: UTF8.self), Int(first % UInt32(max(1, count))), first)
    }

    /// `entry` (an entry object's UTF-8) sealed for `path` on `host`, in Base64 as the table holds it.
    public static func seal(_ entry: [UInt8], host: String, path: String, hash: Hash = plainHash) -> String {
        Data(xor(entry, key: digest("key", host: host, path: path, hash: hash), hash: hash)).base64EncodedString()
    }

    /// The entry bytes `sealed` holds for `path` on `host`; nil when it is not Base64.
    public static func unseal(_ sealed: String, host: String, path: String, hash: Hash = plainHash) -> [UInt8]? {
        guard let data = Data(base64Encoded: sealed) else { return nil }
        return xor(Array(data), key: digest("key", host: host, path: path, hash: hash), hash: hash)
    }

    /// `data` XOR the keystream of `key`: SHA-256(key ‖ block number, 4 bytes big-endian), blocks 0, 1, 2….
    static func xor(_ data: [UInt8], key: [UInt8], hash: Hash) -> [UInt8] {
        var out = data
        var input = key + [0, 0, 0, 0]
        var block: UInt32 = 0
        var at = 0
        while at < out.count {
            for (offset, shift) in [24, 16, 8, 0].enumerated() {
                input[key.count + offset] = UInt8(truncatingIfNeeded: block >> UInt32(shift))
            }
            let stream = hash(input)
            for index in 0..<min(stream.count, out.count - at) { out[at + index] ^= stream[index] }
            at += stream.count
            block += 1
        }
        return out
    }
}
