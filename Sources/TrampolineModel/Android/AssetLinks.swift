import Foundation

/// Parses and validates Digital Asset Links statement lists
/// (`/.well-known/assetlinks.json`) by the rules of Google's Digital Asset
/// Links implementation, as pinned down by its compatibility test suite
/// (github.com/google/digitalassetlinks, `compatibility-tests/v1`).
///
/// ```swift
/// let result = try AssetLinks.parse(data)      // whole-list errors throw
/// for problem in result.problems { print(problem) }   // skipped entries
/// let statements = try AssetLinks.validate(data)      // any problem throws
/// ```
package enum AssetLinks {

    /// One statement of a statement list: the serving site grants each of
    /// `relations` to `target`.
    package struct Statement: Equatable, Hashable, Sendable {
        /// Relation strings of the form `kind/detail`, e.g.
        /// `delegate_permission/common.handle_all_urls`, in file order.
        package var relations: [String]
        /// The asset the relations are granted to.
        package var target: Target

        package init(relations: [String], target: Target) {
            self.relations = relations
            self.target = target
        }
    }

    /// The asset a statement points at.
    package enum Target: Equatable, Hashable, Sendable {
        /// An Android app: its package name and the SHA-256 fingerprints of
        /// its signing certificates (any one of them identifies the app).
        case androidApp(package: String, sha256CertFingerprints: [String])
        /// A web site, as written in the file (`http[s]://host[:port]`); use
        /// ``AssetLinks/canonicalSite(_:)`` to compare sites.
        case web(site: String)
    }

    /// The outcome of parsing a list whose top level is a JSON array.
    package struct ParseResult: Equatable, Sendable {
        /// The valid statements, in file order.
        package var statements: [Statement]
        /// URLs of `{"include": ...}` directives, in file order. They are not
        /// fetched: this type only parses.
        package var includes: [String]
        /// Skipped entries (``AssetLinksError/invalidStatement(index:problem:)``)
        /// in file order, then ``AssetLinksError/noStatements`` if nothing
        /// usable is left. Google reports any of these as a failed fetch
        /// (malformed content) while still using the valid statements.
        package var problems: [AssetLinksError]

        /// True when the list would be accepted without any error.
        package var isValid: Bool { problems.isEmpty }

        package init(statements: [Statement], includes: [String], problems: [AssetLinksError]) {
            self.statements = statements
            self.includes = includes
            self.problems = problems
        }
    }

    // MARK: - Parsing

    /// Parses a statement list, skipping invalid entries as Google does.
    ///
    /// - Throws: ``AssetLinksError/invalidJSON(reason:line:column:)`` or
    ///   ``AssetLinksError/notAnArray(found:)`` when the list as a whole cannot
    ///   be used. Problems with single entries do not throw; they are listed in
    ///   ``ParseResult/problems``.
    package static func parse(_ data: Data) throws(AssetLinksError) -> ParseResult {
        let root: JSONValue
        do {
            root = try JSONValue.parseDocument(data, expecting: "a JSON array of statements")
        } catch {
            throw .invalidJSON(reason: error.reason, line: error.line, column: error.column)
        }
        guard case .array(let entries) = root else {
            throw .notAnArray(found: root.kindDescription)
        }
        var result = ParseResult(statements: [], includes: [], problems: [])
        for (index, entry) in entries.enumerated() {
            switch parseEntry(entry) {
            case .success(.statement(let statement)):
                result.statements.append(statement)
            case .success(.include(let url)):
                result.includes.append(url)
            case .failure(let problem):
                result.problems.append(.invalidStatement(index: index, problem: problem))
            }
        }
        if result.statements.isEmpty && result.includes.isEmpty {
            result.problems.append(.noStatements)
        }
        return result
    }

    /// Parses a statement list and requires it to be entirely valid.
    ///
    /// Use this to check a file you generate: anything Google would flag,
    /// including a single skipped entry or an empty list, is an error.
    ///
    /// - Returns: The statements (include directives are allowed but not returned).
    /// - Throws: The first problem found, in file order.
    package static func validate(_ data: Data) throws(AssetLinksError) -> [Statement] {
        let result = try parse(data)
        if let first = result.problems.first {
            throw first
        }
        return result.statements
    }

    // MARK: - Field rules (usable on their own, e.g. to check configuration)

    /// Whether `fingerprint` is a SHA-256 fingerprint as DAL requires: exactly
    /// 32 byte pairs of upper-case hex digits (`0-9`, `A-F`) joined by `:`.
    /// Lower case, missing colons and surrounding spaces are rejected.
    package static func isValidFingerprint(_ fingerprint: String) -> Bool {
        let bytes = Array(fingerprint.utf8)
        guard bytes.count == 32 * 3 - 1 else { return false }
        for (offset, byte) in bytes.enumerated() {
            if offset % 3 == 2 {
                guard byte == UInt8(ascii: ":") else { return false }
            } else {
                let isUpperHex =
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
                guard isUpperHex else { return false }
            }
        }
        return true
    }

    /// Whether `name` is a valid Android package name: two or more
    /// `.`-separated segments, each an ASCII letter followed by letters,
    /// digits or `_`. (The suite only pins down that empty names and names
    /// with spaces fail; the rest is Android's own rule for package names.)
    package static func isValidPackageName(_ name: String) -> Bool {
        let segments = name.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count >= 2 else { return false }
        return segments.allSatisfy { segment in
            guard let first = segment.unicodeScalars.first, isASCIILetter(first) else { return false }
            return segment.unicodeScalars.allSatisfy { isASCIILetter($0) || isASCIIDigit($0) || $0 == "_" }
        }
    }

    /// Checks a relation string (`kind/detail`); `nil` means it is valid.
    package static func relationProblem(_ relation: String) -> AssetLinksError.RelationProblem? {
        let parts = relation.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return .notKindSlashDetail }
        // The suite rejects upper case, spaces, '*', '+', '!' and empty parts;
        // the specification gives detail as [a-z0-9_.]+ and we hold kind to the same.
        if !isRelationToken(parts[0]) { return .invalidKind }
        if !isRelationToken(parts[1]) { return .invalidDetail }
        return nil
    }

    /// Checks a web `site` value; `nil` means it is valid.
    package static func siteProblem(_ site: String) -> AssetLinksError.SiteProblem? {
        if case .failure(let problem) = parseOrigin(site, isSite: true) { return problem }
        return nil
    }

    /// The canonical form of a valid `site`, for comparing sites the way DAL
    /// does: lower-case scheme and host, no trailing dot on the host, and no
    /// port when it is the scheme's default. Returns `nil` for invalid sites.
    ///
    /// `canonicalSite("HTTPS://Example.com.:443")` is `"https://example.com"`.
    package static func canonicalSite(_ site: String) -> String? {
        guard case .success(let origin) = parseOrigin(site, isSite: true) else { return nil }
        return origin.canonical
    }

    // MARK: - Entries

    private enum Entry {
        case statement(Statement)
        case include(String)
    }

    private static func parseEntry(_ entry: JSONValue) -> Result<Entry, AssetLinksError.StatementProblem> {
        guard case .object = entry else {
            return .failure(.notAnObject(found: entry.kindDescription))
        }
        if let include = entry["include"] {
            // Other standard fields would make the entry ambiguous; unknown
            // fields are fine, for extensibility (comptest2004/2005).
            let clashing = ["relation", "target"].filter { entry[$0] != nil }
            guard clashing.isEmpty else { return .failure(.includeWithStatementFields(clashing)) }
            guard case .string(let url) = include else {
                return .failure(.includeNotAString(found: include.kindDescription))
            }
            if case .failure(let problem) = parseOrigin(url, isSite: false) {
                return .failure(.invalidIncludeURL(url, problem))
            }
            return .success(.include(url))
        }
        return parseRelations(entry["relation"]).flatMap { relations in
            parseTarget(entry["target"]).map { target in
                .statement(Statement(relations: relations, target: target))
            }
        }
    }

    private static func parseRelations(_ value: JSONValue?) -> Result<[String], AssetLinksError.StatementProblem> {
        guard let value else { return .failure(.missingRelation) }
        guard case .array(let items) = value else {
            return .failure(.relationNotAnArray(found: value.kindDescription))
        }
        guard !items.isEmpty else { return .failure(.emptyRelationArray) }
        var relations: [String] = []
        for (position, item) in items.enumerated() {
            guard case .string(let relation) = item else {
                return .failure(.relationNotAString(position: position, found: item.kindDescription))
            }
            if let problem = relationProblem(relation) {
                return .failure(.invalidRelation(relation, problem))
            }
            relations.append(relation)
        }
        return .success(relations)
    }

    private static func parseTarget(_ value: JSONValue?) -> Result<Target, AssetLinksError.StatementProblem> {
        guard let value else { return .failure(.missingTarget) }
        guard case .object = value else {
            return .failure(.targetNotAnObject(found: value.kindDescription))
        }
        guard let namespaceValue = value["namespace"] else { return .failure(.missingNamespace) }
        guard case .string(let namespace) = namespaceValue else {
            return .failure(.namespaceNotAString(found: namespaceValue.kindDescription))
        }
        // Other members of the descriptor are ignored, like unknown statement fields.
        switch namespace {
        case "web":
            return parseWebTarget(value)
        case "android_app":
            return parseAndroidTarget(value)
        default:
            return .failure(.unrecognizedNamespace(namespace))
        }
    }

    private static func parseWebTarget(_ descriptor: JSONValue) -> Result<Target, AssetLinksError.StatementProblem> {
        guard let siteValue = descriptor["site"] else { return .failure(.missingSite) }
        guard case .string(let site) = siteValue else {
            return .failure(.siteNotAString(found: siteValue.kindDescription))
        }
        // Google's API answers "No site field" for an empty site too.
        guard !site.isEmpty else { return .failure(.missingSite) }
        if let problem = siteProblem(site) {
            return .failure(.invalidSite(site, problem))
        }
        return .success(.web(site: site))
    }

    private static func parseAndroidTarget(_ descriptor: JSONValue) -> Result<Target, AssetLinksError.StatementProblem>
    {
        guard let packageValue = descriptor["package_name"] else { return .failure(.missingPackageName) }
        guard case .string(let package) = packageValue else {
            return .failure(.packageNameNotAString(found: packageValue.kindDescription))
        }
        guard isValidPackageName(package) else { return .failure(.invalidPackageName(package)) }

        guard let fingerprintsValue = descriptor["sha256_cert_fingerprints"] else {
            return .failure(.missingFingerprints)
        }
        guard case .array(let items) = fingerprintsValue else {
            return .failure(.fingerprintsNotAnArray(found: fingerprintsValue.kindDescription))
        }
        guard !items.isEmpty else { return .failure(.emptyFingerprintArray) }
        var fingerprints: [String] = []
        for (position, item) in items.enumerated() {
            guard case .string(let fingerprint) = item else {
                return .failure(.fingerprintNotAString(position: position, found: item.kindDescription))
            }
            guard isValidFingerprint(fingerprint) else {
                return .failure(.malformedFingerprint(position: position, value: fingerprint))
            }
            fingerprints.append(fingerprint)
        }
        return .success(.androidApp(package: package, sha256CertFingerprints: fingerprints))
    }

    // MARK: - URLs

    private struct Origin {
        var scheme: String
        var host: String
        var port: Int?

        var canonical: String {
            let defaultPort = scheme == "https" ? 443 : 80
            guard let port, port != defaultPort else { return "\(scheme)://\(host)" }
            return "\(scheme)://\(host):\(port)"
        }
    }

    /// Parses `http[s]://host[:port]` by hand rather than with `URL`, whose
    /// leniency differs between platforms. A site (`isSite`) must stop after
    /// the port; an include URL may go on with a path, query or fragment.
    private static func parseOrigin(_ text: String, isSite: Bool) -> Result<Origin, AssetLinksError.SiteProblem> {
        if let bad = text.unicodeScalars.first(where: { $0.value <= 0x20 || $0.value >= 0x7F }) {
            let shown = bad.value == 0x20 ? "a space" : "U+" + String(bad.value, radix: 16, uppercase: true)
            return .failure(
                .malformed(
                    "it contains \(shown); URLs must be ASCII without spaces (write international host names in their xn-- form)"
                ))
        }
        guard let colon = text.firstIndex(of: ":") else { return .failure(.missingScheme) }
        let scheme = text[..<colon]
        let afterColon = text[text.index(after: colon)...]
        guard let first = scheme.unicodeScalars.first, isASCIILetter(first),
            scheme.unicodeScalars.allSatisfy({
                isASCIILetter($0) || isASCIIDigit($0) || "+-.".unicodeScalars.contains($0)
            }),
            // "example.com:8080" is a host and port, not a scheme.
            !(afterColon.first.map(\.isNumber) ?? false)
        else { return .failure(.missingScheme) }
        let lowerScheme = scheme.lowercased()
        guard lowerScheme == "http" || lowerScheme == "https" else {
            return .failure(.notHTTP(scheme: String(scheme)))
        }
        guard afterColon.hasPrefix("//") else {
            return .failure(.malformed("expected '//' after '\(scheme):'"))
        }
        let rest = afterColon.dropFirst(2)
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        let remainder = rest[authorityEnd...]

        if authority.contains("@") { return .failure(.hasLoginInfo) }
        if authority.hasPrefix("[") {
            return .failure(.malformed("IP address literals are not supported; use a domain name"))
        }
        var host = authority
        var port: Int?
        if let portColon = authority.lastIndex(of: ":") {
            host = authority[..<portColon]
            let digits = authority[authority.index(after: portColon)...]
            guard !digits.isEmpty else {
                return .failure(.malformed("the port after ':' is empty; remove the ':' or give a port"))
            }
            guard digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let value = Int(digits), (1...65535).contains(value)
            else {
                return .failure(.malformed("port \(digits) is not a number from 1 to 65535"))
            }
            port = value
        }
        // One trailing dot marks a fully qualified name and is allowed (comptest2204).
        if host.hasSuffix(".") { host = host.dropLast() }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard !host.isEmpty,
            labels.allSatisfy({ label in
                !label.isEmpty
                    && label.unicodeScalars.allSatisfy {
                        isASCIILetter($0) || isASCIIDigit($0) || $0 == "-" || $0 == "_"
                    }
            })
        else {
            return .failure(.malformed("\"\(authority)\" is not a valid host name"))
        }
        if isSite, let first = remainder.first {
            switch first {
            case "/": return .failure(.hasPath)
            case "?": return .failure(.hasQuery)
            default: return .failure(.hasFragment)
            }
        }
        return .success(Origin(scheme: lowerScheme, host: host.lowercased(), port: port))
    }

    // MARK: - Character classes

    private static func isRelationToken(_ token: Substring) -> Bool {
        !token.isEmpty
            && token.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || isASCIIDigit($0) || $0 == "_" || $0 == "."
            }
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }
}
