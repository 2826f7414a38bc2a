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
        do {
            var input = ByteReader(raw: raw, line: line, file: file)
            guard let path = input.string(), let deepLink = input.string(), let title = input.string(),
                let description = input.optionalString(), let webURL = input.optionalString(),
                let parameters = input.int()
            else { return nil }
            var campaign: [CampaignParameter] = []
            for _ in 0..<max(0, min(parameters, raw.count)) {
                guard let name = input.string(), let value = input.string() else { return nil }
                campaign.append(CampaignParameter(name: name, value: value))
            }
            var options = LinkOptions()
            guard let template = input.string(),
                let fallback = input.string().flatMap(LinkOptions.Fallback.init(rawValue:)),
                let androidFallbackName = input.optionalString(),
                let delay = input.int(), let channels = input.int()
            else { return nil }
            options.template = template
            options.fallback = fallback
            if let androidFallbackName {
                guard let androidFallback = LinkOptions.Fallback(rawValue: androidFallbackName) else { return nil }
                options.androidFallback = androidFallback
            }
            options.fallbackDelayMs = delay
            options.deferred = []
            for _ in 0..<max(0, min(channels, raw.count)) {
                guard let channel = input.string().flatMap(LinkOptions.DeferredChannel.init(rawValue:)) else {
                    return nil
                }
                options.deferred.append(channel)
            }
            guard let cookieName = input.string(), let cookieDays = input.int(), let forwardQuery = input.bool(),
                let image = input.optionalString(),
                let inAppBrowsers = input.string().flatMap(LinkOptions.InAppBrowsers.init(rawValue:)),
                let confirmStore = input.optionalString(), let qrCode = input.bool(),
                let correction = input.string().flatMap(QRErrorCorrection.init(rawValue:)),
                let desktopName = input.optionalString(), let desktopURL = input.optionalString(),
                let storeCampaign = input.optionalString(), let language = input.optionalString(),
                let location = input.location(), let webURLLocation = input.optionalLocation(),
                let templateLocation = input.location(), input.atEnd
            else { return nil }
            options.cookieName = cookieName
            options.cookieDays = cookieDays
            options.forwardQuery = forwardQuery
            options.image = image
            options.inAppBrowsers = inAppBrowsers
            options.confirmStore = confirmStore
            options.qrCode = qrCode
            options.qrErrorCorrection = correction
            if let desktopName {
                guard let desktop = LinkOptions.Desktop(rawValue: desktopName) else { return nil }
                options.desktop = desktop
            }
            options.desktopURL = desktopURL
            options.appStoreCampaign = storeCampaign
            return Link(
                path: path, deepLink: deepLink, title: title, description: description, webURL: webURL,
                language: language, campaign: campaign, options: options, location: location,
                webURLLocation: webURLLocation,
                templateLocation: templateLocation)
        }
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
            string(link.path)
            string(link.deepLink)
            string(link.title)
            optionalString(link.description)
            optionalString(link.webURL)
            int(link.campaign.count)
            for parameter in link.campaign {
                string(parameter.name)
                string(parameter.value)
            }
            let options = link.options
            string(options.template)
            string(options.fallback.rawValue)
            optionalString(options.androidFallback?.rawValue)
            int(options.fallbackDelayMs)
            int(options.deferred.count)
            for channel in options.deferred { string(channel.rawValue) }
            string(options.cookieName)
            int(options.cookieDays)
            bool(options.forwardQuery)
            optionalString(options.image)
            string(options.inAppBrowsers.rawValue)
            optionalString(options.confirmStore)
            bool(options.qrCode)
            string(options.qrErrorCorrection.rawValue)
            optionalString(options.desktop?.rawValue)
            optionalString(options.desktopURL)
            optionalString(options.appStoreCampaign)
            optionalString(link.language)
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
