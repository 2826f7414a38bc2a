import Foundation

extension IncomingLink {
    /// A link the app was opened with (`application(_:open:)`, a universal link): the app's
    /// scheme or `https` on the site's host. No marker is needed; when one is there (a link handed
    /// back by `loadCookie.html`), the link is a deferred link and its age is checked.
    public init(opening text: String, configuration: LinkConfiguration, now: Date = Date()) throws(LinkRejection) {
        let isWeb = text.prefix(6).lowercased() == "https:"
        try self.init(
            parsing: text, source: isWeb ? .universalLink : .customScheme, requireMarker: false,
            configuration: configuration, now: now)
    }

    /// The one parser behind every entry point. Never traps: every check is a rejection.
    init(parsing raw: String, source: LinkSource, requireMarker: Bool, configuration: LinkConfiguration, now: Date)
        throws(LinkRejection)
    {
        guard raw.utf8.count <= LinkConfiguration.maximumLength + 256 else { throw .tooLong }
        let text = Self.trimmed(raw)
        guard text.utf8.count <= LinkConfiguration.maximumLength else { throw .tooLong }
        guard !text.isEmpty, !text.unicodeScalars.contains(where: Self.isForbidden) else { throw .notALink }

        // scheme ":" hier-part [ "?" query ] [ "#" fragment ]
        guard let colon = text.firstIndex(of: ":") else { throw .notALink }
        let scheme = text[..<colon]
        guard Self.isScheme(scheme) else { throw .notALink }
        let isWeb: Bool
        switch scheme.lowercased() {
        case configuration.scheme: isWeb = false
        case "https": isWeb = true
        default: throw .otherScheme
        }
        var rest = text[text.index(after: colon)...]
        var fragment: Substring?
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        var query: Substring?
        if let question = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        let hierarchy = rest

        let path = try Self.path(of: hierarchy, isWeb: isWeb, host: configuration.host)
        guard let segments = RoutePattern.decodedSegments(ofPath: String(path)) else { throw .malformedEncoding }
        guard segments.count <= LinkConfiguration.maximumParts else { throw .tooLong }

        let (parameters, kept, markers) = try Self.formDecoded(query)
        guard parameters.count + markers.count <= LinkConfiguration.maximumParts else { throw .tooLong }
        if let fragment, PercentDecoding.decode(fragment.utf8) == nil { throw .malformedEncoding }

        let visitedAt = try Self.visitTime(
            markers, required: requireMarker, configuration: configuration, now: now)

        var unmarked = text[..<colon] + ":" + hierarchy
        if !kept.isEmpty { unmarked += "?" + kept.joined(separator: "&") }
        if let fragment { unmarked += "#" + fragment }

        self.source = source
        self.path = String(path)
        self.segments = segments
        self.query = parameters
        self.fragment = fragment.map(String.init)
        self.text = String(unmarked)
        self.visitedAt = visitedAt
        self.receivedAt = now
        self.deliveryToken =
            visitedAt == nil
            ? nil
            : Self.fingerprint(
                [
                    isWeb ? "https" : "app", segments.joined(separator: "/"),
                    parameters.map { $0.name + "=" + $0.value }.joined(separator: "&"), markers[0],
                ].joined(separator: "\u{1F}"))
    }

    /// The link's path: for https after the (checked) host; for the app's scheme the "host" is
    /// the first segment. Without a trailing slash, "/" when empty.
    static func path(of hierarchy: Substring, isWeb: Bool, host: String) throws(LinkRejection) -> Substring {
        var path: Substring
        if isWeb {
            guard hierarchy.hasPrefix("//") else { throw .otherHost }
            let afterSlashes = hierarchy.dropFirst(2)
            let authority = afterSlashes.prefix { $0 != "/" }
            guard authority.lowercased() == host else { throw .otherHost }
            path = afterSlashes.dropFirst(authority.count)
        } else if hierarchy.hasPrefix("//") {
            path = hierarchy.dropFirst(2)
            if path.hasPrefix("/") == false { path = "/" + path }
        } else {
            path = hierarchy.hasPrefix("/") ? hierarchy : "/" + hierarchy
        }
        if path.isEmpty { path = "/" }
        if path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return path
    }

    /// The query, form-decoded as URLSearchParams encodes it: its parameters and their text, with
    /// the deferred marker's values taken out.
    static func formDecoded(_ query: Substring?) throws(LinkRejection) -> (
        parameters: [QueryParameter], kept: [Substring], markers: [String]
    ) {
        var parameters: [QueryParameter] = []
        var kept: [Substring] = []
        var markers: [String] = []
        for pair in (query ?? "").split(separator: "&") {
            let name = pair.prefix { $0 != "=" }
            let value = pair.dropFirst(name.count).dropFirst()
            guard let decodedName = PercentDecoding.decode(name.utf8, plusIsSpace: true),
                let decodedValue = PercentDecoding.decode(value.utf8, plusIsSpace: true)
            else { throw .malformedEncoding }
            if decodedName == DeferredLink.marker {
                markers.append(decodedValue)
            } else {
                parameters.append(QueryParameter(name: decodedName, value: decodedValue))
                kept.append(pair)
            }
        }
        return (parameters, kept, markers)
    }

    /// The marker: none (only for links that opened the app), or exactly one visit time, neither
    /// too old nor from the future.
    static func visitTime(
        _ markers: [String], required: Bool, configuration: LinkConfiguration, now: Date
    ) throws(LinkRejection) -> Date? {
        var visitedAt: Date?
        if markers.isEmpty {
            if required { throw .unmarked }
        } else {
            guard markers.count == 1, let seconds = Self.seconds(markers[0]) else { throw .badMarker }
            let visit = Date(timeIntervalSince1970: TimeInterval(seconds))
            if now.timeIntervalSince(visit) > configuration.maximumAge { throw .expired }
            if visit.timeIntervalSince(now) > LinkConfiguration.allowedClockSkew { throw .fromTheFuture }
            visitedAt = visit
        }
        return visitedAt
    }

    /// Spaces and line breaks around copied text are dropped; nothing else is repaired.
    static func trimmed(_ text: String) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return text[first...last]
    }

    /// Controls, white space and direction controls never occur in a link the pages wrote.
    static func isForbidden(_ c: Unicode.Scalar) -> Bool {
        // ASCII, nearly every scalar of a link, without the Unicode property lookup.
        if c.isASCII { return c.value <= 0x20 || c.value == 0x7F }
        return PercentDecoding.isControl(c) || c.properties.isWhitespace
            || c.value == 0x200E || c.value == 0x200F || c.value == 0x061C
            || (0x202A...0x202E).contains(c.value) || (0x2066...0x2069).contains(c.value)
    }

    static func isScheme(_ s: Substring) -> Bool {
        guard let first = s.unicodeScalars.first, ("a"..."z").contains(first) || ("A"..."Z").contains(first) else {
            return false
        }
        return s.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "+" || $0 == "-"
                || $0 == "."
        }
    }

    /// The marker's value: 1 to 11 ASCII digits (Unix seconds up to the year 5138).
    static func seconds(_ value: String) -> Int64? {
        guard (1...11).contains(value.utf8.count),
            value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return Int64(value)
    }

    /// FNV-1a, 64 bits, in hex: the once-only store keeps this, not the link (which may be personal).
    /// Not cryptographic; a collision would only hold back one link.
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
