/// A deep link with placeholders for a route's parameters (`tabi://restaurant/:id`): where they
/// are, and the link with matched values filled in. The build, the pages' script and the app's
/// resolver all fill a route's deep link this way (docs/link-table.md).
public enum DeepLinkTemplate {
    /// A parameter named in a route's deep link: `:name` or `*name` right after a `/` or a `=`
    /// (`tabi://restaurant/:id`, `tabi://r?id=:id`), in the text after the scheme's colon.
    public struct Placeholder: Sendable, Hashable {
        public var name: String
        /// 1-based column of the sigil in the deep link, in Unicode scalars.
        public var column: Int
    }

    /// The placeholders of `deepLink`, in order. The page's script finds them with the same rule
    /// (`/([\/=])[:*]([A-Za-z_]\w*)/g` in Templates/trampoline.js).
    /// A placeholder in the authority (`marry://:host/x`) is none: the visitor would pick the
    /// app's host, so it stays as written (and the build refuses it, ``authorityPlaceholders(in:)``).
    @_spi(Generator) public static func placeholders(in deepLink: String) -> [Placeholder] {
        scan(deepLink).filter { !$0.inAuthority }.map(\.placeholder)
    }

    /// What looks like a placeholder in the deep link's authority, which is never filled.
    @_spi(Generator) public static func authorityPlaceholders(in deepLink: String) -> [Placeholder] {
        scan(deepLink).filter(\.inAuthority).map(\.placeholder)
    }

    /// Every `:name` or `*name` after a `/` or `=`, and whether its sigil is in the authority.
    private static func scan(_ deepLink: String) -> [(placeholder: Placeholder, inAuthority: Bool)] {
        let s = Array(deepLink.unicodeScalars)
        guard let colon = s.firstIndex(of: ":") else { return [] }
        let authority = authorityRange(of: s, colon: colon)
        var found: [(Placeholder, Bool)] = []
        var i = colon + 1
        while i + 1 < s.count {
            if s[i] == "/" || s[i] == "=", s[i + 1] == ":" || s[i + 1] == "*", i + 2 < s.count, isNameStart(s[i + 2]) {
                var end = i + 3
                while end < s.count, isNameStart(s[end]) || ("0"..."9").contains(s[end]) { end += 1 }
                found.append(
                    (
                        Placeholder(name: String(String.UnicodeScalarView(s[(i + 2)..<end])), column: i + 2),
                        authority.contains(i + 1)
                    ))
                i = end
            } else {
                i += 1
            }
        }
        return found
    }

    /// The scalar indices of the authority of `s` (after `scheme://`, up to the first `/`, `?` or
    /// `#`); empty when the link has no `//` right after the scheme's colon.
    static func authorityRange(of s: [Unicode.Scalar], colon: Int) -> Range<Int> {
        guard colon + 2 < s.count, s[colon + 1] == "/", s[colon + 2] == "/" else { return 0..<0 }
        let start = colon + 3
        var end = start
        while end < s.count, s[end] != "/", s[end] != "?", s[end] != "#" { end += 1 }
        return start..<end
    }

    private static func isNameStart(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_"
    }

    /// `link` with each placeholder of a matched parameter replaced by its value, percent-encoded
    /// (a `*rest` value segment by segment, joined with `/`); placeholders of other names stay.
    /// This is what the route page's script does to the deep link and the deferred link.
    public static func fill(_ link: String, parameters: [String: String], restNames: Set<String>) -> String {
        let s = Array(link.unicodeScalars)
        guard let colon = s.firstIndex(of: ":") else { return link }
        var out = String.UnicodeScalarView(s[...colon])
        let authority = authorityRange(of: s, colon: colon)
        var i = colon + 1
        while i < s.count {
            if s[i] == "/" || s[i] == "=", i + 2 < s.count, s[i + 1] == ":" || s[i + 1] == "*", isNameStart(s[i + 2]),
                !authority.contains(i + 1)
            {
                var end = i + 3
                while end < s.count, isNameStart(s[end]) || ("0"..."9").contains(s[end]) { end += 1 }
                let name = String(String.UnicodeScalarView(s[(i + 2)..<end]))
                if let value = parameters[name] {
                    let parts =
                        restNames.contains(name)
                        ? value.split(separator: "/", omittingEmptySubsequences: false).map(String.init) : [value]
                    out.append(s[i])
                    out.append(contentsOf: parts.map(percentEncoded).joined(separator: "/").unicodeScalars)
                    i = end
                    continue
                }
            }
            out.append(s[i])
            i += 1
        }
        return String(out)
    }

    /// Everything but RFC 3986's unreserved characters as `%XX` of its UTF-8 bytes: what the
    /// page's `encodeURIComponent` plus its `[!'()*]` step writes.
    public static func percentEncoded(_ value: String) -> String {
        var out: [UInt8] = []
        for b in value.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(b)
            default:
                out.append(UInt8(ascii: "%"))
                out.append(hexDigits[Int(b >> 4)])
                out.append(hexDigits[Int(b & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
