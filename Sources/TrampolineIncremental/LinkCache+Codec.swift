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
    /// The bytes of `link`, read from an entry starting at line `line` of `file` with `defaults`;
    /// nil for a link this cache does not keep (a route: its pattern is parsed again).
    static func encode(_ link: Link, line: Int, file: String, defaults: LinkOptions? = nil) -> [UInt8]? {
        guard !link.isRoute else { return nil }
        var out = ByteWriter(line: line, file: file)
        out.link(link, defaults: defaults)
        return out.bytes
    }

    /// Appends the entry of `link`, read with `defaults`, to `out`: the digest, the length (4
    /// bytes little-endian) and the link encoded in place; false, and nothing appended, for a
    /// link ``encode(_:line:file:defaults:)`` does not keep.
    package static func appendEntry(
        digest: SHA256.Digest, encoding link: Link, line: Int, file: String, defaults: LinkOptions?,
        to out: inout [UInt8]
    )
        -> Bool
    {
        guard !link.isRoute else { return false }
        appendEntry(digest: digest, line: line, file: file, to: &out) { $0.link(link, defaults: defaults) }
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

    /// The link `encode` wrote, for an entry now starting at line `line` and read with `defaults`
    /// (the cache's key holds them: the same as when it was written), read in place; nil for
    /// bytes it did not write.
    static func decode(_ raw: UnsafeRawBufferPointer, line: Int, file: String, defaults: LinkOptions? = nil) -> Link? {
        var input = ByteReader(raw: raw, line: line, file: file)
        var link = Link(
            fields: Link.Fields(
                path: "", deepLink: "", title: "", description: nil, webURL: nil, campaign: [],
                options: LinkOptions(), location: SourceLocation(file: file, line: line, column: 1),
                webURLLocation: nil, templateLocation: SourceLocation(file: file, line: line, column: 1)))
        // By index, taking only the field's access: plain data (``LinkFieldAccess``).
        for index in Link.Fields.table.indices {
            guard Link.Fields.table[index].access.read(from: &input, into: &link, limit: raw.count) else { return nil }
        }
        switch input.byte() {
        case 1?:
            // The defaults' options, shared: not a field of them read or compared.
            guard let defaults else { return nil }
            link.options = defaults
        case 0?:
            for index in LinkOptions.fields.indices {
                guard LinkOptions.fields[index].access.read(from: &input, into: &link, limit: raw.count) else {
                    return nil
                }
            }
        default:
            return nil
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

        /// `link`, read with `defaults`: options equal to them are a flag, not their fields (most
        /// links of a large catalog set none, and decoding each field was a fifth of decoding).
        mutating func link(_ link: Link, defaults: LinkOptions?) {
            for index in Link.Fields.table.indices { Link.Fields.table[index].access.write(of: link, to: &self) }
            if let defaults, link.options == defaults {
                bytes.append(1)
            } else {
                bytes.append(0)
                for index in LinkOptions.fields.indices { LinkOptions.fields[index].access.write(of: link, to: &self) }
            }
            location(link.location)
            optionalLocation(link.webURLLocation)
            location(link.templateLocation)
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

extension LinkFieldAccess {
    /// Writes the field's value: text with its length, an optional's flag byte, a list's count first.
    fileprivate func write(of link: Link, to out: inout LinkCache.ByteWriter) {
        switch self {
        case .text(let get, _): out.string(get(link))
        case .optionalText(let get, _): out.optionalString(get(link))
        case .number(let get, _): out.int(get(link))
        case .flag(let get, _): out.bool(get(link))
        case .texts(let get, _):
            let texts = get(link)
            out.int(texts.count)
            for text in texts { out.string(text) }
        case .parameters(let get, _):
            let parameters = get(link)
            out.int(parameters.count)
            for parameter in parameters {
                out.string(parameter.name)
                out.string(parameter.value)
            }
        }
    }

    /// Reads the field as ``write(of:to:)`` wrote it into `link`; false for bytes it did not
    /// write. A list is at most `limit` long (the entry's size).
    fileprivate func read(from input: inout LinkCache.ByteReader, into link: inout Link, limit: Int) -> Bool {
        switch self {
        case .text(_, let set):
            guard let text = input.string() else { return false }
            return set(&link, text)
        case .optionalText(_, let set):
            guard let text = input.optionalString() else { return false }
            return set(&link, text)
        case .number(_, let set):
            guard let number = input.int() else { return false }
            set(&link, number)
            return true
        case .flag(_, let set):
            guard let flag = input.bool() else { return false }
            set(&link, flag)
            return true
        case .texts(_, let set):
            guard let count = input.int(), count >= 0, count <= limit else { return false }
            var texts: [String] = []
            for _ in 0..<count {
                guard let text = input.string() else { return false }
                texts.append(text)
            }
            return set(&link, texts)
        case .parameters(_, let set):
            guard let count = input.int(), count >= 0, count <= limit else { return false }
            var parameters: [CampaignParameter] = []
            for _ in 0..<count {
                guard let name = input.string(), let value = input.string() else { return false }
                parameters.append(CampaignParameter(name: name, value: value))
            }
            set(&link, parameters)
            return true
        }
    }
}
