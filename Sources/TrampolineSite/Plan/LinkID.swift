@_spi(Generator) import TrampolineLink
import TrampolineModel

/// A link's id in the link table (``LinkSealing/name(host:path:shards:hash:)``): the first 16
/// bytes of the SHA-256 of its `id` input, held as two words and written as 32 lower-case hex
/// digits only where a file holds it. A million-link plan held a 32-character string per link
/// (a heap block each) for what is two words.
package struct LinkID: Hashable, Comparable, Sendable {
    package var high: UInt64
    package var low: UInt64

    package init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The id of the link at `path` on `host` (lower case).
    package init(host: String, path: String) {
        let digest = Digest.fingerprint(LinkSealing.input("id", host: host, path: path), [])
        self.init(high: digest.words[0], low: digest.words[1])
    }

    /// Names the links of one host: their inputs' common start (``LinkSealing/input(_:host:path:)``
    /// up to the path) hashed once, so each link costs the hash of its path and no input array
    /// (a plan names every link).
    package struct Namer: Sendable {
        private let start: Digest.Prefixed

        /// `host`: the site's, lower case.
        package init(host: String) {
            start = Digest.Prefixed(LinkSealing.input("id", host: host, path: ""))
        }

        /// ``LinkID/init(host:path:)`` of this namer's host.
        package func id(of path: String) -> LinkID {
            let words = start.fingerprint(path).words
            return LinkID(high: words[0], low: words[1])
        }
    }

    /// The id `hex` spells (32 hex digits, either case); nil for anything else.
    package init?(hex: ArraySlice<UInt8>) {
        guard hex.count == 32,
            let words = hex.withUnsafeBufferPointer({ digits -> (UInt64, UInt64)? in
                guard let high = Hex.word(UnsafeBufferPointer(rebasing: digits[..<16])),
                    let low = Hex.word(UnsafeBufferPointer(rebasing: digits[16...]))
                else { return nil }
                return (high, low)
            })
        else { return nil }
        self.init(high: words.0, low: words.1)
    }

    /// The digest's first 4 bytes, big-endian: the shard in a table of any size is this modulo
    /// its count.
    package var number: UInt32 { UInt32(truncatingIfNeeded: high >> 32) }

    /// The shard that holds the link in a table of `count` shards (at least one).
    package func shard(of count: Int) -> Int { Int(number % UInt32(max(1, count))) }

    /// The id as the table writes it: 32 lower-case hex digits.
    package var hex: String {
        var out: [UInt8] = []
        appendHex(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends ``hex``'s digits to `out`.
    package func appendHex(to out: inout [UInt8]) {
        Hex.append(word: high, to: &out)
        Hex.append(word: low, to: &out)
    }

    /// In the order of their hex digits (the order a table's entries are written in).
    package static func < (left: LinkID, right: LinkID) -> Bool {
        (left.high, left.low) < (right.high, right.low)
    }
}
