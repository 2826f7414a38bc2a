import Crypto
import Foundation

/// SHA-256: stable across runs and machines (Swift's `Hasher` is seeded per process).
package enum Digest {
    /// The digest of `text`'s UTF-8 bytes, in lower-case hex.
    package static func hex(_ text: String) -> String {
        return text.withUTF8Bytes { hex(of: SHA256.hash(data: UnsafeRawBufferPointer($0))) }
    }

    /// The digest of the bytes at `raw`, in lower-case hex.
    package static func hex(raw: UnsafeRawBufferPointer) -> String {
        hex(of: SHA256.hash(data: raw))
    }

    /// The digest of `bytes`, in lower-case hex.
    static func hex(bytes: [UInt8]) -> String {
        hex(of: SHA256.hash(data: bytes))
    }

    /// The raw digest of `bytes`.
    package static func bytes(_ bytes: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(data: bytes))
    }

    /// The digest of `first` followed by `second`, without joining them, as a ``Fingerprint``
    /// (no array of the digest between: a rebuild makes 200k).
    package static func fingerprint(_ first: [UInt8], _ second: [UInt8]) -> Fingerprint {
        fingerprint(first, second[...])
    }

    /// The digest of `first` followed by the bytes of `second`, as a ``Fingerprint``.
    package static func fingerprint(_ first: [UInt8], _ second: ArraySlice<UInt8>) -> Fingerprint {
        second.withUnsafeBytes { fingerprint(first, raw: $0) }
    }

    /// The digest of `first` followed by the bytes at `second`, as a ``Fingerprint``.
    package static func fingerprint(_ first: [UInt8], raw second: UnsafeRawBufferPointer) -> Fingerprint {
        var hasher = SHA256()
        first.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        hasher.update(bufferPointer: second)
        return fingerprint(of: hasher)
    }

    /// SHA-256 of one fixed start followed by each caller's bytes, the start hashed once: when
    /// thousands of inputs share their first bytes, each then costs the hash of its own.
    package struct Prefixed: Sendable {
        private let start: SHA256

        package init(_ prefix: [UInt8]) {
            var hasher = SHA256()
            hasher.update(data: prefix)
            start = hasher
        }

        /// The digest of the start followed by `text`'s UTF-8 bytes.
        package func fingerprint(_ text: String) -> Fingerprint {
            var hasher = start
            text.withUTF8Bytes { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
            return Digest.fingerprint(of: hasher)
        }
    }

    private static func fingerprint(of hasher: SHA256) -> Fingerprint {
        hasher.finalize().withUnsafeBytes { digest in
            func word(_ index: Int) -> UInt64 {
                UInt64(bigEndian: digest.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
            }
            return Fingerprint(words: SIMD4(word(0), word(1), word(2), word(3)))
        }
    }

    private static func hex(of digest: SHA256.Digest) -> String {
        var hex: [UInt8] = []
        hex.reserveCapacity(SHA256.byteCount * 2)
        for byte in digest { Hex.append(byte, to: &hex, digits: Hex.lower) }
        return String(decoding: hex, as: UTF8.self)
    }
}
