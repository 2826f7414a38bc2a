import Foundation
import TrampolineModel

extension AASAMatcher {
    /// `text` without leading and trailing spaces and tabs; pure Swift, because Foundation's
    /// trimming bridges through NSString and dominated checking a large site's claims.
    static func trimmingSpaces(_ text: String) -> String {
        // A space or tab Character is that one byte: when neither end byte is one, no Character
        // at the ends is one either, and the text is returned without breaking graphemes.
        guard let first = text.utf8.first, let last = text.utf8.last,
            first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09
        else { return text }
        guard text.first == " " || text.first == "\t" || text.last == " " || text.last == "\t" else { return text }
        return String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    /// A URL split into the parts AASA rules look at, with percent-encoding kept exactly as
    /// written. `URL.path` and friends decode or re-encode, which would change what patterns see
    /// (`/a%2Fb` must not read as `/a/b` under the default `percentEncoded: true`), so the string is
    /// split by hand following RFC 3986's generic syntax.
    package struct URLParts: Sendable, Equatable {
        package let scheme: String
        package let host: String
        package let port: Int?
        /// Path as written, without normalisation; empty when the URL has no path.
        package let path: String
        /// ``path`` as rules compare it (``Rule/normalizedPath(_:)``), made once for all the rules tried.
        let normalizedPath: String
        /// ``path`` as rules with `percentEncoded: false` compare it: decoded, then normalised.
        /// Made once too; without a `%` it is ``normalizedPath``.
        let decodedNormalizedPath: String
        /// Query as written, without the `?`; nil when the URL has none.
        let query: String?
        /// Fragment as written, without the `#`; nil when the URL has none.
        let fragment: String?

        /// The parts of this URL's text followed by `pathSuffix` (no `?` or `#` in it) and then,
        /// if given, `?` and `query` (no `#` in it): what splitting that longer text gives, without
        /// splitting it again. Nil when this URL has a query or fragment, which the added text
        /// would not follow. `URLPartsTests` hold it to ``init(_:)`` of the joined text.
        func appending(path pathSuffix: String, query: String?) -> URLParts? {
            guard self.query == nil, fragment == nil,
                !pathSuffix.withUTF8Bytes({ $0.contains { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } }),
                query?.withUTF8Bytes({ $0.contains(UInt8(ascii: "#")) }) != true,
                // With no path, a suffix not starting with `/` would be read as part of the authority.
                pathSuffix.isEmpty || !path.isEmpty || pathSuffix.utf8.first == UInt8(ascii: "/")
            else { return nil }
            let newPath = path + pathSuffix
            let newNormalizedPath = pathSuffix.isEmpty ? normalizedPath : Rule.normalizedPath(newPath)
            return URLParts(
                scheme: scheme, host: host, port: port, path: newPath, normalizedPath: newNormalizedPath,
                decodedNormalizedPath: Self.decodedNormalizedPath(of: newPath, normalized: newNormalizedPath),
                query: query, fragment: nil)
        }

        private init(
            scheme: String, host: String, port: Int?, path: String, normalizedPath: String,
            decodedNormalizedPath: String, query: String?, fragment: String?
        ) {
            self.scheme = scheme
            self.host = host
            self.port = port
            self.path = path
            self.normalizedPath = normalizedPath
            self.decodedNormalizedPath = decodedNormalizedPath
            self.query = query
            self.fragment = fragment
        }

        /// `path` decoded and normalised; without a `%`, decoding changes nothing and `normalized` is it.
        private static func decodedNormalizedPath(of path: String, normalized: String) -> String {
            path.withUTF8Bytes { $0.contains(UInt8(ascii: "%")) }
                ? Rule.normalizedPath(percentDecoded(path)) : normalized
        }

        /// Splits `string`; nil when it is not an absolute URL with an authority.
        package init?(_ string: String) {
            var rest = Substring(AASAMatcher.trimmingSpaces(string))
            // Searching the UTF-8 view: Character search pays for grapheme breaking on every step.
            guard let colon = rest.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
            let scheme = rest[..<colon]
            // RFC 3986: a letter, then letters, digits, `+`, `-` and `.`, all ASCII, so bytes will do.
            guard let first = scheme.utf8.first, Self.isASCIILetter(first),
                scheme.utf8.allSatisfy({
                    Self.isASCIILetter($0) || (48...57).contains($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E
                })
            else { return nil }
            self.scheme = scheme.lowercased()
            rest = rest[rest.index(after: colon)...]
            guard rest.hasPrefix("//") else { return nil }
            rest = rest.dropFirst(2)

            if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
                fragment = String(rest[rest.index(after: hash)...])
                rest = rest[..<hash]
            } else {
                fragment = nil
            }
            if let question = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
                query = String(rest[rest.index(after: question)...])
                rest = rest[..<question]
            } else {
                query = nil
            }
            let authorityEnd = rest.utf8.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            path = String(rest[authorityEnd...])
            normalizedPath = Rule.normalizedPath(path)
            decodedNormalizedPath = Self.decodedNormalizedPath(of: path, normalized: normalizedPath)
            var authority = rest[..<authorityEnd]
            if let at = authority.utf8.lastIndex(of: UInt8(ascii: "@")) {
                authority = authority[authority.index(after: at)...]
            }

            // Split host and port; a bracketed IPv6 literal contains colons of its own.
            var hostPart = authority
            var portPart: Substring?
            if authority.hasPrefix("["), let close = authority.utf8.firstIndex(of: UInt8(ascii: "]")) {
                hostPart = authority[...close]
                let afterHost = authority[authority.index(after: close)...]
                if afterHost.hasPrefix(":") { portPart = afterHost.dropFirst() }
            } else if let portColon = authority.utf8.lastIndex(of: UInt8(ascii: ":")) {
                hostPart = authority[..<portColon]
                portPart = authority[authority.index(after: portColon)...]
            }
            guard !hostPart.isEmpty else { return nil }
            host = Self.normalizedHost(hostPart)
            if let portPart, !portPart.isEmpty {
                guard let number = Int(portPart) else { return nil }
                port = number
            } else {
                port = nil
            }
        }

        private static func isASCIILetter(_ byte: UInt8) -> Bool {
            (65...90).contains(byte) || (97...122).contains(byte)
        }

        /// The port in effect, filling in the scheme's default.
        var effectivePort: Int? { port ?? Self.defaultPort(for: scheme) }

        /// Whether the URL is served by `domain` (a host name, optionally with `:port`).
        /// Hosts compare case-insensitively (RFC 3986) and ignore a trailing root dot.
        package func isServed(by domain: String) -> Bool {
            var domainHost = Substring(AASAMatcher.trimmingSpaces(domain))
            var domainPort: Int?
            if !domainHost.hasPrefix("["), let colon = domainHost.lastIndex(of: ":"),
                let number = Int(domainHost[domainHost.index(after: colon)...])
            {
                domainPort = number
                domainHost = domainHost[..<colon]
            }
            guard Self.normalizedHost(domainHost) == host else { return false }
            return (domainPort ?? Self.defaultPort(for: scheme)) == effectivePort
        }

        private static func normalizedHost(_ host: Substring) -> String {
            var lowered = host.lowercased()
            if lowered.hasSuffix("."), lowered.count > 1 { lowered.removeLast() }
            return lowered
        }

        private static func defaultPort(for scheme: String) -> Int? {
            switch scheme {
            case "https": return 443
            case "http": return 80
            default: return nil
            }
        }

        /// Decodes `%XX` escapes as UTF-8. Malformed escapes are kept as written; text whose
        /// escapes do not form valid UTF-8 is returned unchanged rather than guessed at.
        static func percentDecoded(_ text: String) -> String {
            guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
            var bytes: [UInt8] = []
            let source = Array(text.utf8)
            var index = 0
            while index < source.count {
                if source[index] == UInt8(ascii: "%"), index + 2 < source.count,
                    let high = Hex.value(of: source[index + 1]), let low = Hex.value(of: source[index + 2])
                {
                    bytes.append(high << 4 | low)
                    index += 3
                } else {
                    bytes.append(source[index])
                    index += 1
                }
            }
            return String(bytes: bytes, encoding: .utf8) ?? text
        }
    }
}
