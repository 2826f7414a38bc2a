/// A digest of everything one output file's bytes are rendered from. Equal fingerprints mean
/// equal bytes, so a rebuild may skip rendering a file whose fingerprint it has seen written.
/// Held inline (four words, no heap allocation): a large site keeps one per file.
package struct Fingerprint: Hashable, Sendable, CustomStringConvertible {
    package let words: SIMD4<UInt64>

    /// From its words, as ``words`` holds them.
    package init(words: SIMD4<UInt64>) {
        self.words = words
    }

    /// From a 32-byte SHA-256 digest.
    package init(digest: [UInt8]) {
        precondition(digest.count == 32, "a SHA-256 digest has 32 bytes")
        var words = SIMD4<UInt64>()
        for i in 0..<4 {
            var word: UInt64 = 0
            for byte in digest[(i * 8)..<(i * 8 + 8)] { word = word << 8 | UInt64(byte) }
            words[i] = word
        }
        self.words = words
    }

    /// From its ``hex`` form; nil for anything else.
    init?(hex: some StringProtocol) {
        guard let parsed = Array(hex.utf8).withUnsafeBufferPointer({ Fingerprint(hexBytes: $0) }) else { return nil }
        self = parsed
    }

    /// From the UTF-8 bytes of its ``hex`` form, read in place; nil for anything else.
    package init?(hexBytes: UnsafeBufferPointer<UInt8>) {
        guard hexBytes.count == 64 else { return nil }
        var words = SIMD4<UInt64>()
        for i in 0..<4 {
            guard let word = Hex.word(UnsafeBufferPointer(rebasing: hexBytes[(i * 16)..<(i * 16 + 16)])) else {
                return nil
            }
            words[i] = word
        }
        self.words = words
    }

    /// SHA-256 in lower-case hex.
    package var hex: String {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for i in 0..<4 { Hex.append(word: words[i], to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    package var description: String { hex }
}
