/// The value rules of the catalog, as pure functions: each returns nil when the value is fine,
/// or a message saying what is wrong and how to fix it.
package enum CatalogRules {
    /// Lower-cased: the files Trampoline writes at the top and the preview's dashboard.
    static let reservedPaths = Set(
        OutputPath.topLevelFiles.map { $0.urlPath.lowercased() } + [
            "/_trampoline", Route.folderPrefix, "/" + OutputPath.lookupShardFolder,
            "/" + OutputPath.longLinkFolder, "/" + OutputPath.countFolder, "/" + OutputPath.caseFolderName,
        ])

    /// ``reservedPaths`` as bytes, made once: ``normalizedPath(_:)`` runs for every link.
    static let reservedPathBytes = reservedPaths.map { Array($0.utf8) }
    /// The start of the names `app.icon` copies take: a link's first segment cannot share it.
    static let appIconPrefixBytes = Array(("/" + OutputPath.appIconPrefix).utf8)

    /// Characters allowed in a link path: RFC 3986 unreserved and a few sub-delimiters.
    /// No `%` (so no encoded traversal), no `*`, `?` or `$` (AASA wildcards and `$(variables)`),
    /// no `\`, `#`, spaces or quotes.
    static func isPathCharacter(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "a"..."z", "A"..."Z", "0"..."9", "-", ".", "_", "~", "!", "&", "(", ")", "+", ",", ";",
            "=", ":", "@", "/":
            return true
        default:
            return false
        }
    }

    /// Normalizes a link path (drops one trailing slash) or explains why it is unsafe.
    package static func normalizedPath(_ raw: String) -> Result<String, RuleViolation> {
        guard raw.hasPrefix("/") else {
            return .failure(.init("path \(quoted(raw)) must start with '/'", hint: "write it as /\(raw)"))
        }
        var path = raw
        if path.utf8.count > 1, path.hasSuffix("/") { path.removeLast() }
        if path == "/" {
            return .failure(
                .init("path '/' is the site's home page and cannot be a link", hint: "use a path such as /welcome"))
        }
        if let bad = path.unicodeScalars.first(where: { !isPathCharacter($0) }) {
            return .failure(
                .init(
                    "path \(quoted(raw)) contains \(describe(bad)), which is not allowed in a link path",
                    hint:
                        "use letters, digits and - . _ ~ ! & ( ) + , ; = : @ between slashes; no %, *, ?, $, #, \\ or spaces"
                ))
        }
        // Every character is ASCII from here on (isPathCharacter), so the checks go by bytes:
        // splitting the String into Characters and comparing them was half the cost of reading
        // a link's fields.
        let bytes = Array(path.utf8)
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        // The segments after the leading slash, the empty one after a trailing slash included.
        var start = 1
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: slash) ?? bytes.count
            let segment = bytes[start..<end]
            start = end + 1
            if segment.isEmpty {
                return .failure(
                    .init("path \(quoted(raw)) has an empty segment ('//')", hint: "remove the extra slash"))
            }
            // Any "..", not just a whole segment: servers and CDNs reject or normalize it unevenly.
            if segment.elementsEqual([dot])
                || zip(segment, segment.dropFirst()).contains(where: { $0 == dot && $1 == dot })
            {
                return .failure(
                    .init(
                        "path \(quoted(raw)) contains a '\(String(decoding: segment, as: UTF8.self))' segment, which would leave its folder",
                        hint: "spell the path out without . or .."))
            }
            if segment.first == dot {
                return .failure(
                    .init(
                        "path \(quoted(raw)) has a segment starting with '.', which hosts treat as hidden",
                        hint: "start each segment with a letter or digit"))
            }
            if segment.count > 200 {
                return .failure(
                    .init(
                        "path \(quoted(raw)) has a segment longer than 200 bytes",
                        hint: "shorten it; file systems cap names at 255 bytes"))
            }
        }
        let lowered = bytes.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
        if reservedPathBytes.contains(where: {
            lowered.starts(with: $0) && (lowered.count == $0.count || lowered[$0.count] == UInt8(ascii: "/"))
        })
            || lowered.starts(with: "/.well-known".utf8) || lowered.starts(with: appIconPrefixBytes)
        {
            return .failure(
                .init(
                    "path \(quoted(raw)) is reserved for a file Trampoline writes itself", hint: "choose another path"))
        }
        return .success(path)
    }

    /// Absolute http(s) URLs only; everything else (javascript:, data:, protocol-relative) is refused.
    package static func webURLProblem(_ value: String, key: String) -> RuleViolation? {
        FastPath.webURLBytes.isOn && isPlainlyValidWebURL(value) ? nil : checkedWebURLProblem(value, key: key)
    }

    /// ``webURLProblem(_:key:)`` without the fast path.
    static func checkedWebURLProblem(_ value: String, key: String) -> RuleViolation? {
        if let bad = value.unicodeScalars.first(where: { $0.isSpace || $0.value < 0x20 || $0.value == 0x7F }) {
            return .init(
                "\(key) contains \(describe(bad))",
                hint: "URLs cannot contain spaces or control characters; percent-encode them (%20)")
        }
        guard let colon = value.firstIndex(of: ":") else {
            return .init(
                "\(key) \(quoted(value)) is not an absolute URL", hint: "write it in full, starting with https://")
        }
        let scheme = value[..<colon].lowercased()
        guard scheme == "https" || scheme == "http" else {
            return .init(
                "\(key) uses the '\(scheme):' scheme; only http: and https: URLs are allowed here",
                hint: "use an https:// URL")
        }
        let rest = value[value.index(after: colon)...]
        guard rest.hasPrefix("//"), let host = hostOf(rest.dropFirst(2)), !host.isEmpty else {
            return .init("\(key) \(quoted(value)) has no host", hint: "write it as https://host/path")
        }
        if value.unicodeScalars.contains(where: { $0 == "\\" || $0 == "\"" || $0 == "<" || $0 == ">" || $0 == "`" }) {
            return .init(
                "\(key) \(quoted(value)) contains a character that must be percent-encoded (\\ \" < > `)",
                hint: "percent-encode it")
        }
        return urlSyntaxProblem(value, afterScheme: rest.dropFirst(2), key: key)
    }

    /// A fast, byte-level check for the common shape, `http(s)://host[:port][/path][?query][#fragment]`
    /// in plain ASCII: a host of letters, digits, `.` and `-` with no empty label, no user info,
    /// at most one `#`, `%` only before two hex digits, and only RFC 3986 characters. Everything
    /// it accepts, the full rules accept too; anything else goes through them (and their messages).
    /// The punctuation RFC 3986 allows unescaped in a path, query or fragment.
    static let urlPunctuation = Escaping.ByteSet { "-._~/?!$&'()*+,;=:@".utf8.contains($0) }

    static func isPlainlyValidWebURL(_ value: String) -> Bool {
        return value.withUTF8Bytes { bytes in
            let https = Array("https://".utf8)
            let http = Array("http://".utf8)
            var i: Int
            if bytes.starts(with: https) {
                i = https.count
            } else if bytes.starts(with: http) {
                i = http.count
            } else {
                return false
            }
            // Host: labels of [a-z0-9-] (any case), separated by single dots.
            let hostStart = i
            var labelLength = 0
            while i < bytes.count, bytes[i] != UInt8(ascii: "/"), bytes[i] != UInt8(ascii: "?"),
                bytes[i] != UInt8(ascii: "#"), bytes[i] != UInt8(ascii: ":")
            {
                let b = bytes[i]
                if b == UInt8(ascii: ".") {
                    guard labelLength > 0 else { return false }
                    labelLength = 0
                } else if isAlphanumeric(b) || b == UInt8(ascii: "-") {
                    labelLength += 1
                } else {
                    return false
                }
                i += 1
            }
            guard i > hostStart else { return false }
            if i < bytes.count, bytes[i] == UInt8(ascii: ":") {
                i += 1
                var port = 0
                var digits = 0
                while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) {
                    port = port * 10 + Int(bytes[i] - UInt8(ascii: "0"))
                    digits += 1
                    i += 1
                    if digits > 5 { return false }
                }
                guard port <= 65_535 else { return false }
                if i < bytes.count, bytes[i] != UInt8(ascii: "/"), bytes[i] != UInt8(ascii: "?"),
                    bytes[i] != UInt8(ascii: "#")
                {
                    return false
                }
            }
            var hashes = 0
            // Read once: a global's every access checks that it is initialised.
            let punctuation = urlPunctuation
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "#") {
                    hashes += 1
                    if hashes > 1 { return false }
                } else if b == UInt8(ascii: "%") {
                    guard i + 2 < bytes.count, isHexDigit(bytes[i + 1]), isHexDigit(bytes[i + 2]) else { return false }
                } else if !(isAlphanumeric(b) || punctuation.contains(b)) {
                    return false
                }
                i += 1
            }
            return true
        }
    }

    private static func isAlphanumeric(_ b: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
    }

    private static func isHexDigit(_ b: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(b)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(b)
    }

    /// Why `authority` (of `site.url`) is not a public domain name, or nil. A port, an IP
    /// literal or `localhost` would make `check --live` in CI send requests wherever a catalog
    /// pull request points, and no phone verifies an association file there anyway.
    package static func siteHostProblem(_ authority: String) -> String? {
        let host = authority.lowercased()
        if host.hasPrefix("[") { return "names an IP address; links live on a domain name" }
        if host.contains(":") { return "has a port; links are served on the default https port, 443" }
        let name = host.hasSuffix(".") ? String(host.dropLast()) : host
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        if name == "localhost" || name.hasSuffix(".localhost") || labels.last == "local" || labels.last == "internal" {
            return "names a local host; links live on a public domain name"
        }
        // The WHATWG URL parser reads a host whose last label is a number (decimal, or 0x hex)
        // as an IPv4 address: 127.1, 2130706433 and 0x7f.1 are all 127.0.0.1.
        if let last = labels.last, !last.isEmpty,
            last.allSatisfy({ $0.isASCII && $0.isNumber })
                || (last.hasPrefix("0x") && last.dropFirst(2).allSatisfy({ $0.isASCII && $0.isHexDigit }))
        {
            return "names an IP address; links live on a domain name"
        }
        if labels.count < 2 || labels.contains(where: \.isEmpty) {
            return "is not a full domain name (such as go.example.com)"
        }
        return nil
    }

    /// Bidirectional formatting characters (LRM, RLM, the embeddings, overrides and isolates):
    /// RFC 3987 forbids them in IRIs, because they can make one URL look like another.
    package static func isBidiControl(_ c: Unicode.Scalar) -> Bool { InertText.isBidiControl(c) }

    /// What the WHATWG URL parser (and the W3C validator) refuse in an http(s) URL once the
    /// scheme and host are known to be there: a page must never carry a URL the browser reads
    /// differently from the catalog.
    static func urlSyntaxProblem(_ value: String, afterScheme: Substring, key: String) -> RuleViolation? {
        let parts = URLAuthority(afterScheme: afterScheme)
        let pathAndRest = parts.rest
        if let bad = value.unicodeScalars.first(where: {
            $0 == "{" || $0 == "}" || $0 == "|" || $0 == "^" || (!$0.isASCII && isBidiControl($0))
        }) {
            return bad.isASCII
                ? .init(
                    "\(key) \(quoted(value)) contains \(describe(bad)), which must be percent-encoded in a URL",
                    hint: "percent-encode it as %\(String(bad.value, radix: 16, uppercase: true))")
                : .init(
                    "\(key) contains the text direction control \(describe(bad))",
                    hint: "remove it; direction controls can make a URL look like another")
        }
        if let bad = pathAndRest.unicodeScalars.first(where: { $0 == "[" || $0 == "]" }) {
            return .init(
                "\(key) \(quoted(value)) contains '\(bad)' after the host",
                hint: "percent-encode it as \(bad == "[" ? "%5B" : "%5D")")
        }
        if pathAndRest.utf8.lazy.filter({ $0 == UInt8(ascii: "#") }).count > 1 {
            return .init("\(key) \(quoted(value)) has more than one '#'", hint: "percent-encode the later ones as %23")
        }
        let scalars = value.containsBytes("%") ? Array(value.unicodeScalars) : []
        for (i, c) in scalars.enumerated() where c == "%" {
            guard i + 2 < scalars.count, scalars[i + 1].properties.isASCIIHexDigit,
                scalars[i + 2].properties.isASCIIHexDigit
            else {
                return .init(
                    "\(key) \(quoted(value)) has a '%' that is not followed by two hex digits",
                    hint: "write a literal % as %25")
            }
        }
        if parts.userAndHost.count > 2 {
            return .init(
                "\(key) \(quoted(value)) has more than one '@' before the host",
                hint: "percent-encode an @ in a user name or password as %40")
        }
        return hostPortProblem(value, hostPort: parts.hostPort, key: key)
    }

    /// What the WHATWG URL parser refuses in a URL's host and port: a broken IPv6 host, brackets
    /// elsewhere, an empty label, a port that is no number up to 65535.
    static func hostPortProblem(_ value: String, hostPort: Substring, key: String) -> RuleViolation? {
        let port: Substring?
        if hostPort.hasPrefix("[") {
            guard let close = hostPort.firstIndex(of: "]"),
                hostPort[hostPort.index(after: hostPort.startIndex)..<close].allSatisfy({
                    $0.isHexDigit || $0 == ":" || $0 == "."
                })
            else {
                return .init(
                    "\(key) \(quoted(value)) has a broken IPv6 host",
                    hint: "write an IPv6 address in brackets, such as https://[2001:db8::1]/")
            }
            let after = hostPort[hostPort.index(after: close)...]
            if !after.isEmpty, after.first != ":" {
                return .init(
                    "\(key) \(quoted(value)) has text after the IPv6 host",
                    hint: "only :port may follow the closing bracket")
            }
            port = after.isEmpty ? nil : after.dropFirst()
        } else {
            let parts = hostPort.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let host = parts[0]
            if host.contains("[") || host.contains("]") {
                return .init(
                    "\(key) \(quoted(value)) has '[' or ']' in its host", hint: "only an IPv6 address goes in brackets")
            }
            if host.split(separator: ".", omittingEmptySubsequences: false).dropLast(host.hasSuffix(".") ? 1 : 0)
                .contains(where: \.isEmpty)
            {
                return .init(
                    "\(key) \(quoted(value)) has an empty label in its host ('..')",
                    hint: "write the host name in full, such as example.com")
            }
            port = parts.count > 1 ? parts[1] : nil
        }
        if let port, !port.isEmpty,
            !(port.count <= 5 && port.allSatisfy({ $0.isASCII && $0.isNumber }) && Int(port)! <= 65_535)
        {
            return .init(
                "\(key) \(quoted(value)) has the port '\(port)'",
                hint: "a port is a number from 0 to 65535; leave it out for the default")
        }
        return nil
    }

    package static func hostOf(_ authorityAndRest: Substring) -> String? {
        String(URLAuthority(afterScheme: authorityAndRest).host)
    }

    package static func isScheme(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first, ("a"..."z").contains(first) || ("A"..."Z").contains(first) else {
            return false
        }
        return value.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "+" || $0 == "-"
                || $0 == "."
        }
    }

    /// Schemes that would turn a deep link into script or local content in a browser.
    package static let forbiddenSchemes: Set<String> = [
        "javascript", "data", "vbscript", "file", "about", "blob", "http", "https", "filesystem", "view-source",
    ]

    /// The most text one link may carry (title, description, URLs, campaign, options' text): its
    /// page repeats each value two or three times (body, social tags, page data), so no page can
    /// pass a few hundred KB whatever a catalog holds (the page budget warns past 8 KB).
    package static let maximumLinkTextBytes = 64 * 1024

    /// The most `campaign` parameters a link may have: TrampolineLink and the Android library
    /// refuse a link with more than 64 query parameters.
    package static let maximumCampaignParameters = 64

    /// Schemes iOS or Android open themselves: over-the-air installs (`itms-services`), the
    /// stores, calls and messages, Android's `intent:` (which would let a deep link name any
    /// app's component), Safari's and Chrome's own openers. Apple's "About Apple URL schemes"
    /// and Android's Intent.parseUri name them.
    package static let systemSchemes: Set<String> = [
        "itms-services", "itms", "itms-apps", "itms-appss", "itms-books", "itms-bookss", "macappstore",
        "market", "intent", "android-app", "content", "tel", "telprompt", "sms", "smsto", "mms",
        "mmsto", "mailto", "facetime", "facetime-audio", "maps", "geo", "x-safari-https", "x-safari-http",
        "googlechrome", "googlechromes", "firefox", "microsoft-edge", "shortcuts", "prefs", "app-prefs",
        "x-web-search", "ws", "wss", "ftp", "sip", "sips",
    ]

    package static func matches(_ value: String, _ allowed: (Unicode.Scalar) -> Bool, length: ClosedRange<Int>) -> Bool
    {
        length.contains(value.unicodeScalars.count) && value.unicodeScalars.allSatisfy(allowed)
    }

    package static func isUpperAlnum(_ c: Unicode.Scalar) -> Bool { ("A"..."Z").contains(c) || ("0"..."9").contains(c) }

    /// An Android application id, by the rule Google's verifier applies (``AssetLinks``).
    package static func isAndroidPackage(_ value: String) -> Bool {
        AssetLinks.isValidPackageName(value)
    }

    /// A SHA-256 certificate fingerprint in the one form Google's Digital Asset Links verifier
    /// accepts (`14:6D:E9:…`, 32 upper-case hex pairs), from any case, with or without colons
    /// (keytool and Play Console print colons; some tools print bare hex). Nil when it is not
    /// 32 bytes of hex.
    package static func normalizedFingerprint(_ value: String) -> String? {
        let bytes = Array(value.utf8)
        let hex: [UInt8]
        if bytes.contains(UInt8(ascii: ":")) {
            let pairs = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
            guard pairs.count == 32, pairs.allSatisfy({ $0.count == 2 }) else { return nil }
            hex = pairs.flatMap { $0 }
        } else {
            hex = bytes
        }
        guard hex.count == 64, hex.allSatisfy({ Hex.value(of: $0) != nil }) else { return nil }
        var out: [UInt8] = []
        for (i, digit) in hex.enumerated() {
            if i > 0, i % 2 == 0 { out.append(UInt8(ascii: ":")) }
            out.append(Hex.upper[Int(Hex.value(of: digit)!)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    package static func isBundleID(_ value: String) -> Bool {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2 && value.utf8.count <= 155
            && parts.allSatisfy { part in
                !part.isEmpty
                    && part.unicodeScalars.allSatisfy {
                        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
                    }
            }
    }

    package static func isAppID(_ value: String) -> Bool {
        guard let dot = value.firstIndex(of: ".") else { return false }
        return matches(String(value[..<dot]), isUpperAlnum, length: 10...10)
            && isBundleID(String(value[value.index(after: dot)...]))
    }

    /// The BCP 47 `langtag` grammar (language, extlang, script, region, variants, extensions,
    /// private use), in order. Whether a subtag is registered is not checked.
    package static func isLanguageTag(_ value: String) -> Bool {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        func alpha(_ s: Substring, _ n: ClosedRange<Int>) -> Bool {
            n.contains(s.count) && s.allSatisfy { $0.isASCII && $0.isLetter }
        }
        func digits(_ s: Substring, _ n: Int) -> Bool { s.count == n && s.allSatisfy { $0.isASCII && $0.isNumber } }
        func alnum(_ s: Substring, _ n: ClosedRange<Int>) -> Bool {
            n.contains(s.count) && s.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
        guard let first = parts.first, alpha(first, 2...8) else { return false }
        var i = 1
        if first.count <= 3 {
            var extlangs = 0
            while i < parts.count, extlangs < 3, alpha(parts[i], 3...3) {
                i += 1
                extlangs += 1
            }
        }
        if i < parts.count, alpha(parts[i], 4...4) { i += 1 }
        if i < parts.count, alpha(parts[i], 2...2) || digits(parts[i], 3) { i += 1 }
        while i < parts.count,
            alnum(parts[i], 5...8) || (parts[i].count == 4 && parts[i].first!.isNumber && alnum(parts[i], 4...4))
        { i += 1 }
        while i < parts.count, parts[i].count == 1, alnum(parts[i], 1...1), parts[i].lowercased() != "x" {
            i += 1
            guard i < parts.count, alnum(parts[i], 2...8) else { return false }
            while i < parts.count, alnum(parts[i], 2...8) { i += 1 }
        }
        if i < parts.count, parts[i].lowercased() == "x" {
            i += 1
            guard i < parts.count else { return false }
            while i < parts.count, alnum(parts[i], 1...8) { i += 1 }
        }
        return i == parts.count
    }

    /// RFC 6265 cookie-name token, narrowed to characters that need no quoting anywhere.
    package static func isCookieName(_ value: String) -> Bool {
        matches(
            value,
            {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
                    || $0 == "-"
            }, length: 1...64)
    }

    /// Control characters other than tab and newline have no business in catalog text.
    package static func controlCharacter(in value: String, allowNewlines: Bool) -> Unicode.Scalar? {
        // By bytes, exactly: C0 and DEL are single bytes, and C1 (U+0080...U+009F) is 0xC2
        // followed by the scalar's own value, so the first byte match is the first scalar match.
        // Decoding every scalar had cost more than the rest of reading a link's text.
        return value.withUTF8Bytes { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 || byte == 0x7F {
                    if !(allowNewlines && (byte == 0x0A || byte == 0x09 || byte == 0x0D)) {
                        return Unicode.Scalar(byte)
                    }
                } else if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                    return Unicode.Scalar(bytes[index + 1])
                }
                index += 1
            }
            return nil
        }
    }

    package static func describe(_ c: Unicode.Scalar) -> String {
        let hex = String(c.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        if c.value < 0x20 || (0x7F...0x9F).contains(c.value) || c.properties.isWhitespace || isBidiControl(c) {
            return "the character \(code)"
        }
        return "'\(c)' (\(code))"
    }

    package static func quoted(_ value: String) -> String {
        "'" + printable(value) + "'"
    }

    /// `value` shortened, with control and direction characters written as `\u{…}`: a diagnostic
    /// must not drive or reorder the terminal.
    package static func printable(_ value: String) -> String {
        let shown = value.count > 60 ? String(value.prefix(57)) + "..." : value
        return InertText.escape(shown)
    }
}

/// A broken rule: what is wrong, and how to fix it.
package struct RuleViolation: Error, Equatable {
    package var message: String
    package var hint: String?

    package init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }
}
