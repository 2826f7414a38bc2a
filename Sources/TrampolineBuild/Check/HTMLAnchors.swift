import Foundation

/// The `href` values of a page's `<a>` tags, read from its bytes: what the same-host check follows.
/// Only anchors count (a canonical `<link>` or an image is not a tap), and only an attribute named
/// `href` (not `data-href`), quoted as the renderer writes it. Reads bytes without decoding the
/// page into a String: `check` reads every page of the site, so this runs 100,000 times.
enum HTMLAnchors {
    /// The targets in page order, HTML character references decoded.
    static func targets(in html: [UInt8]) -> [String] {
        html.withUnsafeBufferPointer { targets(in: $0) }
    }

    /// The targets that can be on `host`: relative ones and `http(s)://host…` (a store button or
    /// any other host's URL is left out without making a String of it).
    static func targets(in html: [UInt8], onHost host: String) -> [String] {
        let host = Array(host.lowercased().utf8)
        return html.withUnsafeBufferPointer { targets(in: $0, keeping: { !isOnAnotherHost($0, than: host) }) }
    }

    static func targets(
        in html: UnsafeBufferPointer<UInt8>,
        keeping keep: (UnsafeBufferPointer<UInt8>.SubSequence) -> Bool = { _ in true }
    ) -> [String] {
        var result: [String] = []
        var index = 0
        let count = html.count
        guard let base = html.baseAddress else { return [] }
        while index + 1 < count {
            // To the next `<` (memchr: pages are mostly text between tags).
            guard let next = memchr(base + index, Int32(UInt8(ascii: "<")), count - index) else { break }
            index = base.distance(to: next.assumingMemoryBound(to: UInt8.self))
            guard index + 1 < count, html[index + 1] | 0x20 == UInt8(ascii: "a"),
                index + 2 >= count || !isWordByte(html[index + 2])
            else {
                index += 1
                continue
            }
            // Inside the tag, up to its `>`: the first `href` that has a quoted value.
            var cursor = index + 2
            var found: (value: Range<Int>, end: Int)?
            while cursor < count, html[cursor] != UInt8(ascii: ">"), found == nil {
                if isHref(html, at: cursor), startsAttribute(html[cursor - 1]) {
                    found = quotedValue(html, after: cursor + 4)
                }
                cursor += 1
            }
            if let found {
                if keep(html[found.value]) {
                    result.append(unescape(String(decoding: html[found.value], as: UTF8.self)))
                }
                index = found.end
            } else {
                index += 2
            }
        }
        return result
    }

    /// `href` in any case at `index`.
    private static func isHref(_ html: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index + 4 <= html.count else { return false }
        return html[index] | 0x20 == UInt8(ascii: "h") && html[index + 1] | 0x20 == UInt8(ascii: "r")
            && html[index + 2] | 0x20 == UInt8(ascii: "e") && html[index + 3] | 0x20 == UInt8(ascii: "f")
    }

    /// After `href`: optional spaces, `=`, optional spaces and a quoted value; its range and the
    /// index after the closing quote.
    private static func quotedValue(_ html: UnsafeBufferPointer<UInt8>, after start: Int) -> (Range<Int>, Int)? {
        var index = skipSpaces(html, from: start)
        guard index < html.count, html[index] == UInt8(ascii: "=") else { return nil }
        index = skipSpaces(html, from: index + 1)
        guard index < html.count, html[index] == UInt8(ascii: "\"") || html[index] == UInt8(ascii: "'") else {
            return nil
        }
        let quote = html[index]
        var end = index + 1
        while end < html.count, html[end] != quote { end += 1 }
        guard end < html.count else { return nil }
        return (index + 1..<end, end + 1)
    }

    private static func skipSpaces(_ html: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < html.count, isSpace(html[index]) { index += 1 }
        return index
    }

    /// What may come before an attribute's name: a space, or the quote that closed the previous value.
    private static func startsAttribute(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// A byte of `\w`: ASCII letters, digits and `_`; any byte of a non-ASCII character counts
    /// too (letters such as `é` are word characters for the pattern).
    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...:
            true
        default: false
        }
    }

    /// True for `https://other.host/…` and any other scheme's URL (`marry://`, `mailto:`); false
    /// for a relative reference or `host`'s URL (lowercased bytes), which need the URL parser.
    static func isOnAnotherHost<C: Collection<UInt8>>(_ href: C, than host: [UInt8]) -> Bool {
        guard let colon = href.firstIndex(of: UInt8(ascii: ":")),
            !href[..<colon].contains(where: {
                $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
            })
        else { return false }
        let scheme = href[..<colon].map { $0 | 0x20 }
        guard scheme.elementsEqual("https".utf8) || scheme.elementsEqual("http".utf8) else { return true }
        let rest = href[href.index(after: colon)...]
        guard rest.starts(with: "//".utf8) else { return false }
        let authority = rest.dropFirst(2).prefix {
            $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
        }
        // user@ or :port, or an escaped character: the parser decides.
        guard
            !authority.contains(where: { $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "&") }
            )
        else { return false }
        return !authority.lazy.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }.elementsEqual(host)
    }

    /// The character references a generated page can hold in an attribute.
    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&#x27;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
