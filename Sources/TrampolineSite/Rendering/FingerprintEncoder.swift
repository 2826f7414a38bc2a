import TrampolineModel

/// Writes any `Encodable` value as one canonical byte string: every stored property, by name, in
/// declaration order, strings length-prefixed so no two values can run together. The renderer
/// hashes it into a ``Fingerprint``, so a field added to a plan entry or a ``Link`` is part of the
/// fingerprint without anyone listing it.
///
/// ``SourceLocation`` values are left out: where a value was written in the catalog never changes
/// the bytes, and moving a link in the file must not re-render it.
struct FingerprintEncoder: Encoder {
    final class Buffer {
        var bytes: [UInt8] = []
        /// Every value through `Encodable`, the fast path for links left out.
        let plain: Bool

        init(plain: Bool = false) {
            self.plain = plain
        }
    }

    let buffer: Buffer
    /// How deep the value being encoded is nested: written before every key and element, so
    /// that where a nested value ends is never ambiguous (there is no "end of container" call).
    var depth: UInt8 = 0
    var codingPath: [CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// SHA-256 of `context` followed by ``encode(_:plain:)``'s bytes of `entry`; the fast path's
    /// bytes are hashed from the buffer they were written into (no array of them, one per page).
    static func fingerprint(of entry: PlanEntry, after context: [UInt8]) -> Fingerprint {
        if FastPath.fingerprint.isOn, let fingerprint = entry.fastFingerprint(after: context) { return fingerprint }
        return Digest.fingerprint(context, encode(entry))
    }

    /// The canonical bytes of `value`. `plain`: without the fast path for links, for the test that
    /// holds the two to each other.
    static func encode<T: Encodable>(_ value: T, plain: Bool = false) -> [UInt8] {
        // The fast path for link pages and QR codes (PlanEntry+Fingerprint.swift): the same bytes.
        if !plain, FastPath.fingerprint.isOn, let entry = value as? PlanEntry, let bytes = entry.fastFingerprintBytes()
        {
            return bytes
        }
        let encoder = FingerprintEncoder(buffer: Buffer(plain: plain))
        encoder.buffer.bytes.reserveCapacity(1024)
        // Only this file's encoder runs, and it never throws.
        try? value.encode(to: encoder)
        return encoder.buffer.bytes
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        buffer.bytes.append(UInt8(ascii: "{"))
        return KeyedEncodingContainer(Keyed<Key>(buffer: buffer, depth: depth &+ 1))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        buffer.bytes.append(UInt8(ascii: "["))
        return Unkeyed(buffer: buffer, depth: depth &+ 1)
    }

    func singleValueContainer() -> SingleValueEncodingContainer { Single(buffer: buffer, depth: depth) }

    static func append(_ text: String, to buffer: Buffer) {
        text.withUTF8Bytes { utf8 in
            buffer.bytes.append(contentsOf: String(utf8.count).utf8)
            buffer.bytes.append(UInt8(ascii: "\""))
            buffer.bytes.append(contentsOf: utf8)
        }
    }

    static func append<T: Encodable>(_ value: T, to buffer: Buffer, depth: UInt8) {
        try? value.encode(to: FingerprintEncoder(buffer: buffer, depth: depth))
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let buffer: Buffer
        let depth: UInt8
        var codingPath: [CodingKey] { [] }

        func key(_ key: Key) {
            buffer.bytes.append(depth)
            buffer.bytes.append(contentsOf: key.stringValue.utf8)
            buffer.bytes.append(UInt8(ascii: "="))
        }

        mutating func encodeNil(forKey key: Key) {
            self.key(key)
            buffer.bytes.append(UInt8(ascii: "~"))
        }
        mutating func encode(_ value: Bool, forKey key: Key) {
            self.key(key)
            buffer.bytes.append(UInt8(ascii: value ? "t" : "f"))
        }
        mutating func encode(_ value: String, forKey key: Key) {
            self.key(key)
            FingerprintEncoder.append(value, to: buffer)
        }
        mutating func encode(_ value: Int, forKey key: Key) {
            self.key(key)
            buffer.bytes.append(contentsOf: String(value).utf8)
            buffer.bytes.append(UInt8(ascii: ";"))
        }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) {
            // A metadata comparison, not `is`: a dynamic cast on every nested value was a tenth
            // of a rebuild's fingerprinting.
            if T.self == SourceLocation.self { return }
            self.key(key)
            // The fast path for links (PlanEntry+Fingerprint.swift): the same bytes, written directly.
            if T.self == Link.self, !buffer.plain {
                withUnsafePointer(to: value) {
                    $0.withMemoryRebound(to: Link.self, capacity: 1) {
                        $0.pointee.appendFingerprint(to: &buffer.bytes, depth: depth)
                    }
                }
                return
            }
            FingerprintEncoder.append(value, to: buffer, depth: depth)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            self.key(key)
            buffer.bytes.append(UInt8(ascii: "{"))
            return KeyedEncodingContainer(Keyed<NestedKey>(buffer: buffer, depth: depth &+ 1))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
            self.key(key)
            buffer.bytes.append(UInt8(ascii: "["))
            return Unkeyed(buffer: buffer, depth: depth &+ 1)
        }

        mutating func superEncoder() -> Encoder { FingerprintEncoder(buffer: buffer, depth: depth) }
        mutating func superEncoder(forKey key: Key) -> Encoder {
            self.key(key)
            return FingerprintEncoder(buffer: buffer, depth: depth)
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let buffer: Buffer
        let depth: UInt8
        var codingPath: [CodingKey] { [] }
        var count = 0

        mutating func next() {
            count += 1
            buffer.bytes.append(depth)
            buffer.bytes.append(UInt8(ascii: ","))
        }

        mutating func encodeNil() {
            next()
            buffer.bytes.append(UInt8(ascii: "~"))
        }
        mutating func encode(_ value: String) {
            next()
            FingerprintEncoder.append(value, to: buffer)
        }
        mutating func encode<T: Encodable>(_ value: T) {
            next()
            FingerprintEncoder.append(value, to: buffer, depth: depth)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
            NestedKey
        > {
            next()
            buffer.bytes.append(UInt8(ascii: "{"))
            return KeyedEncodingContainer(Keyed<NestedKey>(buffer: buffer, depth: depth &+ 1))
        }

        mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
            next()
            buffer.bytes.append(UInt8(ascii: "["))
            return Unkeyed(buffer: buffer, depth: depth &+ 1)
        }

        mutating func superEncoder() -> Encoder {
            next()
            return FingerprintEncoder(buffer: buffer, depth: depth)
        }
    }

    struct Single: SingleValueEncodingContainer {
        let buffer: Buffer
        let depth: UInt8
        var codingPath: [CodingKey] { [] }

        mutating func encodeNil() { buffer.bytes.append(UInt8(ascii: "~")) }
        mutating func encode(_ value: Bool) { buffer.bytes.append(UInt8(ascii: value ? "t" : "f")) }
        mutating func encode(_ value: String) { FingerprintEncoder.append(value, to: buffer) }
        mutating func encode(_ value: Int) {
            buffer.bytes.append(contentsOf: String(value).utf8)
            buffer.bytes.append(UInt8(ascii: ";"))
        }
        mutating func encode<T: Encodable>(_ value: T) { FingerprintEncoder.append(value, to: buffer, depth: depth) }
    }
}
