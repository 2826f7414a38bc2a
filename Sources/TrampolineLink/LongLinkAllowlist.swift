import Foundation

/// `site.long_links.allow`: where a long link's `link`, `ifl`, `afl` and `ofl` may point, as
/// Firebase's own URL allowlist limited them. An entry is a URL prefix (`https://shop.example/item/`),
/// a host (`shop.example`) or a host's subdomains (`*.shop.example`). Nothing else is followed, so
/// a long link on the team's domain is never an open redirect (docs/share-links.md).
public struct LongLinkAllowlist: Sendable, Hashable {
    public let entries: [String]

    public init(_ entries: [String]) {
        self.entries = entries
    }

    /// Whether `target` is an https URL of a safe shape that an entry allows.
    public func allows(_ target: String) -> Bool {
        guard let parts = Self.safeHTTPS(target) else { return false }
        let authority = Self.lower(parts.authority)
        let rest = Self.rooted(parts.rest)
        return entries.contains { entry in
            if let prefix = Self.split(entry) {
                return Self.lower(prefix.authority).utf8.elementsEqual(authority.utf8)
                    && rest.utf8.starts(with: Self.rooted(prefix.rest).utf8)
            }
            if entry.hasPrefix("*.") {
                let suffix = Self.lower(entry.dropFirst())
                return !authority.contains(":") && authority.utf8.count > suffix.utf8.count
                    && authority.utf8.suffix(suffix.utf8.count).elementsEqual(suffix.utf8)
            }
            return authority.utf8.elementsEqual(Self.lower(entry).utf8)
        }
    }

    /// Why `entry` cannot be an allowlist entry, or nil when it can: the build refuses the others.
    @_spi(Generator) public static func problem(with entry: String) -> String? {
        if Self.lower(entry).hasPrefix("https://") {
            guard let parts = safeHTTPS(entry), !parts.authority.isEmpty else {
                return "is not an https URL prefix (no spaces, controls, '\\' or '@'; a host after https://)"
            }
            if parts.rest.contains("?") || parts.rest.contains("#") {
                return "has a query or fragment; give a URL prefix such as https://shop.example/item/"
            }
            return nil
        }
        let host = entry.hasPrefix("*.") ? String(entry.dropFirst(2)) : entry
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        let valid =
            labels.count >= 2
            && labels.allSatisfy { label in
                !label.isEmpty && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.unicodeScalars.allSatisfy {
                        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
                    }
            }
        return valid
            ? nil : "is neither an https:// URL prefix, a host (shop.example) nor a host pattern (*.shop.example)"
    }

    /// The authority and the rest of an `https://` URL that is safe to follow: at most 2048 bytes,
    /// no space, control, bidi control or backslash, an authority without userinfo.
    static func safeHTTPS(_ target: String) -> (authority: Substring, rest: Substring)? {
        guard target.utf8.count <= 2048,
            !target.unicodeScalars.contains(where: {
                $0.value <= 0x20 || PercentDecoding.isControl($0) || $0 == "\\" || RoutePattern.isBidiControl($0)
            }),
            let parts = split(target), !parts.authority.isEmpty, !parts.authority.contains("@"),
            !hasDotSegment(parts.rest)
        else { return nil }
        return parts
    }

    /// Whether the path of `rest` (up to `?` or `#`) has a `.` or `..` segment, or one that
    /// decodes to it: browsers remove them, so `/item/../admin` would open `/admin` past a prefix.
    static func hasDotSegment(_ rest: Substring) -> Bool {
        let path = rest.unicodeScalars.prefix { $0 != "?" && $0 != "#" }
        return path.split(separator: "/", omittingEmptySubsequences: false).contains { segment in
            let decoded = lower(String(segment)).replacingOccurrences(of: "%2e", with: ".")
            return decoded == "." || decoded == ".."
        }
    }

    /// `https://` (in any case), then the authority up to `/`, `?` or `#`, and the rest.
    static func split(_ url: String) -> (authority: Substring, rest: Substring)? {
        guard url.utf8.prefix(8).map({ $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }).elementsEqual("https://".utf8)
        else { return nil }
        let scalars = url.unicodeScalars.dropFirst(8)
        let end = scalars.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? scalars.endIndex
        return (Substring(scalars[..<end]), Substring(scalars[end...]))
    }

    /// The rest of a URL after its authority, as a browser reads it: always starting with `/`.
    /// ASCII letters in lower case, nothing else: Unicode lower-casing would make the Kelvin sign
    /// (U+212A) a "k", and the pages' script and the Android library compare as ASCII.
    static func lower(_ text: some StringProtocol) -> String {
        String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    private static func rooted(_ rest: Substring) -> String { rest.hasPrefix("/") ? String(rest) : "/" + rest }
}
