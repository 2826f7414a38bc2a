import Crypto
import Foundation
import TrampolineModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where each entry of the catalog's `links:` list lay at the last reading: for each, the bytes
/// between it and the entry before (`- `, or a line break and `- ` after a flow entry), its
/// column, its length, its line breaks and its ``LinkCache`` digest; then the length and SHA-256
/// of the text after the list. A rebuild checks these against the new text from both ends
/// (`CatalogReader+Layout.swift`) and runs libyaml only over what lies between the entries that
/// still match: a one-link edit of a 100k-link catalog no longer walks 40 MB of YAML.
///
/// Nothing here is trusted: every entry taken is the same bytes at its new place, proven by its
/// digest and gap. Kept beside the ``LinkCache`` (`<catalog>.layout`), under the same key, never
/// deployed; a missing, damaged or foreign file only costs time. File: ``magic``, the key (32
/// bytes), the list's column, the entry count, the entries (gap length and bytes, column,
/// length, line breaks: unsigned LEB128; digest: 32 bytes), the tail's length, its SHA-256, and
/// the SHA-256 of all that before it.
package struct CatalogLayout: Sendable {
    static let magic = Array("trampoline-layout 1\n".utf8)

    /// One entry, as offsets into ``bytes``.
    package struct Entry: Sendable {
        /// The whole record, copied as it is into a new layout for an entry that did not change.
        var record: Range<Int>
        /// The bytes before the entry's text, after the previous entry's.
        package var gap: Range<Int>
        /// The column of the entry's first character (part of its digest).
        package var column: Int
        /// The byte length of the entry's text.
        package var length: Int
        /// Line breaks in the entry's text.
        package var lineBreaks: Int
        /// Where its digest (32 bytes) starts.
        package var digest: Int
    }

    /// The file's bytes.
    package let bytes: [UInt8]
    /// The key of the ``LinkCache`` reading the layout was made with.
    package let key: [UInt8]
    /// The column of the list's dashes.
    package let column: Int
    package let entries: [Entry]
    /// The byte length of the text after the last entry's.
    package let tailLength: Int
    /// Where the SHA-256 of that text starts in ``bytes``.
    let tailDigest: Int

    /// The layout file beside `linkCache` (its `.links` name ends in `.layout` instead).
    package static func url(besideLinkCache linkCache: URL) -> URL {
        linkCache.deletingPathExtension().appendingPathExtension("layout")
    }

    /// The layout at `url`: none when there is no file (or it is reached through a symbolic
    /// link), damaged when it is not whole.
    package static func load(from url: URL) -> FoundCache<CatalogLayout> {
        guard LinkCache.isReal(url, type: S_IFREG), LinkCache.foldersAreReal(above: url) else { return .none }
        guard let bytes = FileBytes.array(url.path), let layout = CatalogLayout(bytes: bytes) else { return .damaged }
        return .whole(layout)
    }

    init?(bytes: [UInt8]) {
        let header = Self.magic.count + 32
        guard bytes.count >= header + 32, bytes[..<Self.magic.count].elementsEqual(Self.magic),
            Array(SHA256.hash(data: bytes[..<(bytes.count - 32)])) == Array(bytes.suffix(32))
        else { return nil }
        var input = Reader(bytes: bytes, offset: header, end: bytes.count - 32)
        guard let column = input.number(), let count = input.number(), count <= bytes.count else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let start = input.offset
            guard let gapLength = input.number(), let gap = input.skip(gapLength),
                let entryColumn = input.number(), let length = input.number(), let lineBreaks = input.number(),
                let digest = input.skip(32)
            else { return nil }
            entries.append(
                Entry(
                    record: start..<input.offset, gap: gap, column: entryColumn, length: length,
                    lineBreaks: lineBreaks, digest: digest.lowerBound))
        }
        guard let tailLength = input.number(), let tailDigest = input.skip(32), input.offset == input.end else {
            return nil
        }
        self.bytes = bytes
        self.key = Array(bytes[Self.magic.count..<header])
        self.column = column
        self.entries = entries
        self.tailLength = tailLength
        self.tailDigest = tailDigest.lowerBound
    }

    /// Whether `digest` is the one recorded at `offset`.
    package func digest(at offset: Int, equals digest: SHA256.Digest) -> Bool {
        digest.withUnsafeBytes { given in
            bytes.withUnsafeBytes { memcmp($0.baseAddress! + offset, given.baseAddress!, 32) == 0 }
        }
    }

    /// Whether `text` holds the entry's gap bytes at `offset`.
    package func gap(of entry: Entry, isAt offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = entry.gap.count
        guard offset >= 0, offset + length <= text.count else { return false }
        return bytes.withUnsafeBytes {
            memcmp(text.baseAddress! + offset, $0.baseAddress! + entry.gap.lowerBound, length) == 0
        }
    }

    /// The line breaks in the gap (recorded only when ``TextPosition/lineBreaks(in:)`` counts
    /// them by their LFs).
    package func gapLineBreaks(of entry: Entry) -> Int {
        bytes[entry.gap].reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    /// Whether `text` ends with the tail recorded.
    package func tailMatches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard tailLength <= text.count else { return false }
        let digest = Self.sha256(UnsafeBufferPointer(rebasing: text[(text.count - tailLength)...]))
        return self.digest(at: tailDigest, equals: digest)
    }

    static func sha256(_ bytes: UnsafeBufferPointer<UInt8>) -> SHA256.Digest {
        var hasher = SHA256()
        hasher.update(bufferPointer: UnsafeRawBufferPointer(bytes))
        return hasher.finalize()
    }

    // MARK: - Making one

    /// Adds entries one by one, then makes the file's bytes.
    package struct Builder {
        private var body: [UInt8] = []
        package private(set) var count = 0

        package init() {}

        /// An entry that did not change, copied from `layout`.
        package mutating func append(_ entry: Entry, of layout: CatalogLayout) {
            body += layout.bytes[entry.record]
            count += 1
        }

        /// An entry read now.
        package mutating func append(
            gap: UnsafeBufferPointer<UInt8>, column: Int, length: Int, lineBreaks: Int, digest: SHA256.Digest
        ) {
            Self.number(gap.count, to: &body)
            body += gap
            Self.number(column, to: &body)
            Self.number(length, to: &body)
            Self.number(lineBreaks, to: &body)
            body += digest
            count += 1
        }

        /// The file: the entries, the list's `column`, the text after the list, under `key`.
        package func file(key: [UInt8], column: Int, tail: UnsafeBufferPointer<UInt8>) -> [UInt8] {
            var file = CatalogLayout.magic + key
            Self.number(column, to: &file)
            Self.number(count, to: &file)
            file += body
            Self.number(tail.count, to: &file)
            file += CatalogLayout.sha256(tail)
            file += SHA256.hash(data: file)
            return file
        }

        static func number(_ value: Int, to bytes: inout [UInt8]) {
            var rest = UInt64(max(0, value))
            while rest >= 0x80 {
                bytes.append(UInt8(rest & 0x7F) | 0x80)
                rest >>= 7
            }
            bytes.append(UInt8(rest))
        }
    }

    /// Writes `bytes` as the layout at `url` (``AtomicFile``), never into folders reached through
    /// a symbolic link; a failure leaves the old file (which is only ever checked, never trusted).
    package static func write(_ bytes: [UInt8], to url: URL) {
        try? FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        guard LinkCache.foldersAreReal(above: url) else { return }
        try? AtomicFile.write([bytes], to: url)
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset: Int
        let end: Int

        mutating func number() -> Int? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while offset < end {
                let byte = bytes[offset]
                offset += 1
                guard shift < 63 else { return nil }
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value <= UInt64(Int32.max) ? Int(value) : nil }
                shift += 7
            }
            return nil
        }

        mutating func skip(_ count: Int) -> Range<Int>? {
            guard count >= 0, end - offset >= count else { return nil }
            defer { offset += count }
            return offset..<offset + count
        }
    }
}
