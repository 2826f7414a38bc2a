import Crypto
import Foundation
import TrampolineModel
import TrampolineQR

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Links as bytes: the codec of a link cache's entries (`testTheCodecCoversEveryStoredFieldOfALink`
/// holds it to every stored field of `Link`).
extension LinkCache {
    /// The bytes of `link`, read from an entry starting at line `line` of `file`; nil for a link
    /// this cache does not keep (a route: its pattern is parsed again).
    static func encode(_ link: Link, line: Int, file: String) -> [UInt8]? {
        guard link.route == nil else { return nil }
        var out = ByteWriter(line: line, file: file)
        out.link(link)
        return out.bytes
    }

    /// Appends the entry of `link` to `out`: the digest, the length (4 bytes little-endian) and
    /// the link encoded in place; false, and nothing appended, for a link
    /// ``encode(_:line:file:)`` does not keep.
    package static func appendEntry(
        digest: SHA256.Digest, encoding link: Link, line: Int, file: String, to out: inout [UInt8]
    )
        -> Bool
    {
        guard link.route == nil else { return false }
        appendEntry(digest: digest, line: line, file: file, to: &out) { $0.link(link) }
        return true
    }

    /// Appends an entry to `out`: the digest, the length (4 bytes little-endian) and what `body`
    /// writes, in place.
    package static func appendEntry(
        digest: SHA256.Digest, line: Int, file: String, to out: inout [UInt8], body: (inout ByteWriter) -> Void
    ) {
        var writer = ByteWriter(line: line, file: file)
        swap(&writer.bytes, &out)
        writer.bytes.append(contentsOf: digest)
        let lengthAt = writer.bytes.count
        writer.bytes += [0, 0, 0, 0]
        body(&writer)
        withUnsafeBytes(of: UInt32(writer.bytes.count - lengthAt - 4).littleEndian) {
            writer.bytes.replaceSubrange(lengthAt..<lengthAt + 4, with: $0)
        }
        swap(&writer.bytes, &out)
    }

    /// The link `encode` wrote, for an entry now starting at line `line`, read in place; nil for
    /// bytes it did not write.
    static func decode(_ raw: UnsafeRawBufferPointer, line: Int, file: String) -> Link? {
        var input = ByteReader(raw: raw, line: line, file: file)
        var link = Link(
            fields: Link.Fields(
                path: "", deepLink: "", title: "", description: nil, webURL: nil, campaign: [],
                options: LinkOptions(), location: SourceLocation(file: file, line: line, column: 1),
                webURLLocation: nil, templateLocation: SourceLocation(file: file, line: line, column: 1)))
        for field in Link.Fields.table {
            guard let value = input.value(shaped: field.sample, limit: raw.count), field.write(&link, value) else {
                return nil
            }
        }
        for field in LinkOptions.fields {
            guard let value = input.value(shaped: field.sample, limit: raw.count), field.write(&link, value) else {
                return nil
            }
        }
        guard let location = input.location(), let webURLLocation = input.optionalLocation(),
            let templateLocation = input.location(), input.atEnd
        else { return nil }
        link.location = location
        link.webURLLocation = webURLLocation
        link.templateLocation = templateLocation
        return link
    }

    package struct ByteWriter {
        var bytes: [UInt8] = []
        let line: Int
        let file: String

        init(line: Int, file: String) {
            self.line = line
            self.file = file
        }

        mutating func link(_ link: Link) {
            for field in Link.Fields.table { value(field.read(link)) }
            for field in LinkOptions.fields { value(field.read(link)) }
            location(link.location)
            optionalLocation(link.webURLLocation)
            location(link.templateLocation)
        }

        mutating func value(_ value: LinkFieldValue) {
            switch value {
            case .text(let text): string(text)
            case .optionalText(let text): optionalString(text)
            case .number(let number): int(number)
            case .flag(let flag): bool(flag)
            case .texts(let texts):
                int(texts.count)
                for text in texts { string(text) }
            case .parameters(let parameters):
                int(parameters.count)
                for parameter in parameters {
                    string(parameter.name)
                    string(parameter.value)
                }
            }
        }

        mutating func int(_ value: Int) {
            // Zigzag, then 7 bits a byte.
            var rest = UInt64(bitPattern: Int64((value << 1) ^ (value >> 63)))
            while rest >= 0x80 {
                bytes.append(UInt8(rest & 0x7F) | 0x80)
                rest >>= 7
            }
            bytes.append(UInt8(rest))
        }

        mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

        package mutating func string(_ value: String) {
            value.withUTF8Bytes { utf8 in
                int(utf8.count)
                bytes.append(contentsOf: utf8)
            }
        }

        package mutating func optionalString(_ value: String?) {
            guard let value else { return bytes.append(0) }
            bytes.append(1)
            string(value)
        }

        package mutating func optionalLocation(_ value: SourceLocation?) {
            guard let value else { return bytes.append(0) }
            bytes.append(1)
            location(value)
        }

        /// A position in the entry is kept relative to its first line; one elsewhere (a default's) as it is.
        package mutating func location(_ location: SourceLocation) {
            if location.file == file, location.line >= line {
                bytes.append(0)
                int(location.line - line)
            } else {
                bytes.append(1)
                string(location.file)
                int(location.line)
            }
            int(location.column)
        }
    }

    package struct ByteReader {
        let raw: UnsafeRawBufferPointer
        var offset = 0
        let line: Int
        let file: String

        package init(raw: UnsafeRawBufferPointer, line: Int, file: String) {
            self.raw = raw
            self.line = line
            self.file = file
        }

        package var atEnd: Bool { offset == raw.count }

        mutating func byte() -> UInt8? {
            guard offset < raw.count else { return nil }
            defer { offset += 1 }
            return raw[offset]
        }

        mutating func int() -> Int? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while let byte = byte() {
                guard shift < 64 else { return nil }
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 {
                    let zigzag = Int64(bitPattern: value)
                    return Int((zigzag >> 1) ^ -(zigzag & 1))
                }
                shift += 7
            }
            return nil
        }

        mutating func bool() -> Bool? {
            switch byte() {
            case 0: false
            case 1: true
            default: nil
            }
        }

        package mutating func string() -> String? {
            guard let count = int(), count >= 0, offset + count <= raw.count else { return nil }
            defer { offset += count }
            let bytes = UnsafeRawBufferPointer(rebasing: raw[offset..<offset + count]).bindMemory(to: UInt8.self)
            // Checked by UTF8Check, then decoded: the generic validating initializer cost a
            // runtime metadata lookup per call (a third of decoding a link).
            return UTF8Check.isValid(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
        }

        /// nil when the bytes are wrong; `.some(nil)` for an absent value.
        package mutating func optionalString() -> String?? {
            switch byte() {
            case 0: return .some(nil)
            case 1: return string().map { .some($0) }
            default: return nil
            }
        }

        /// A value of the same shape as `shape`, as ``ByteWriter/value(_:)`` wrote it; nil for
        /// bytes it did not write. A list is at most `limit` long (the entry's size).
        mutating func value(shaped shape: LinkFieldValue, limit: Int) -> LinkFieldValue? {
            switch shape {
            case .text: return string().map { .text($0) }
            case .optionalText: return optionalString().map { .optionalText($0) }
            case .number: return int().map { .number($0) }
            case .flag: return bool().map { .flag($0) }
            case .texts:
                guard let count = int(), count >= 0, count <= limit else { return nil }
                var texts: [String] = []
                for _ in 0..<count {
                    guard let text = string() else { return nil }
                    texts.append(text)
                }
                return .texts(texts)
            case .parameters:
                guard let count = int(), count >= 0, count <= limit else { return nil }
                var parameters: [CampaignParameter] = []
                for _ in 0..<count {
                    guard let name = string(), let value = string() else { return nil }
                    parameters.append(CampaignParameter(name: name, value: value))
                }
                return .parameters(parameters)
            }
        }

        package mutating func optionalLocation() -> SourceLocation?? {
            switch byte() {
            case 0: return .some(nil)
            case 1: return location().map { .some($0) }
            default: return nil
            }
        }

        package mutating func location() -> SourceLocation? {
            switch byte() {
            case 0:
                guard let delta = int(), let column = int() else { return nil }
                return SourceLocation(file: file, line: line + delta, column: column)
            case 1:
                guard let file = string(), let line = int(), let column = int() else { return nil }
                return SourceLocation(file: file, line: line, column: column)
            default:
                return nil
            }
        }
    }
}
