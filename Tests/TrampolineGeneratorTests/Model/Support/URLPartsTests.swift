import XCTest

@testable import TrampolineSite

/// ``AASAMatcher/URLParts/appending(path:query:)``, the claims check's way to its probe URLs
/// (``ClaimVerifier/LinkProbes``), must give exactly what splitting the joined text gives, or
/// nothing (the check then splits the text).
final class URLPartsTests: XCTestCase {
    private let bases = [
        "https://go.example.com/p/1", "https://go.example.com/p/1/", "https://go.example.com",
        "https://GO.Example.com./caf%C3%A9", "https://go.example.com:8443/a/b", "https://user@go.example.com/x",
        "https://[2001:db8::1]:443/v6", "https://go.example.com/東京/😀", "https://go.example.com/a%2Fb/%7E",
        "https://go.example.com//double", "http://go.example.com/plain", "https://go.example.com/p/1?a=1",
        "https://go.example.com/p/1#top", "https://go.example.com/p/1?#", "https://go.example.com?q",
    ]
    private let suffixes = ["", "/", "x", "/deeper/still", "%20", "/é"]
    private let queries: [String?] = [nil, "", "x=1", "debug=1", "utm_source=x&debug=1", "a=%3F&b=東京", "?"]

    func testNormalizedPathTrimsSlashesAsTheSubstringWayDid() {
        // The plain way, by Substring, before ASCII paths went by bytes.
        func plain(_ path: String) -> String {
            var trimmed = Substring(path)
            while trimmed.hasPrefix("/") { trimmed = trimmed.dropFirst() }
            while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
            return trimmed.isEmpty ? "" : "/" + trimmed
        }
        // A combining mark after a slash makes a character that is no slash.
        let pieces = ["/", "//", "a", "é", "東京", "😀", "%2F", "e\u{301}", "\u{301}x", "\u{301}", "b/c", " ", "."]
        var generator = SystemRandomNumberGenerator()
        var paths = [""] + pieces
        for _ in 0..<3_000 {
            paths.append(
                (0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                    .joined())
        }
        for path in paths {
            XCTAssertEqual(AASAMatcher.Rule.normalizedPath(path), plain(path), path.debugDescription)
        }
    }

    func testQueryItemsSplitAsTheCharacterWayDid() {
        // The plain way, by Character, before ASCII queries went by bytes.
        func plain(_ query: String, decoded: Bool) -> [String] {
            query.split(separator: "&").map { item in
                let name: Substring
                let value: Substring
                if let equals = item.firstIndex(of: "=") {
                    name = item[..<equals]
                    value = item[item.index(after: equals)...]
                } else {
                    name = item
                    value = ""
                }
                return decoded
                    ? AASAMatcher.URLParts.percentDecoded(String(name)) + "\u{0}"
                        + AASAMatcher.URLParts.percentDecoded(String(value))
                    : String(name) + "\u{0}" + String(value)
            }
        }
        // Combining marks after `&` and `=` make characters that are neither; CR LF is one character.
        let pieces = [
            "a", "b=1", "&", "=", "&&", "%26", "%3D", "%C3%A9", "é", "\u{301}", "\r\n", "\r", "\n", "debug", "東",
        ]
        var generator = SystemRandomNumberGenerator()
        for percentEncoded in [true, false] {
            let rule = AASAMatcher.Rule(
                settings: [
                    "/": .string("*"), "?": .object([("a", .string("*"))]), "percentEncoded": .bool(percentEncoded),
                ], variables: [:], text: "")
            for _ in 0..<3_000 {
                let query = (0..<Int.random(in: 0...7, using: &generator)).map { _ in
                    pieces.randomElement(using: &generator)!
                }.joined()
                let items = rule.queryItems(query).map { $0.name + "\u{0}" + $0.value }
                XCTAssertEqual(
                    items, query.isEmpty ? [] : plain(query, decoded: !percentEncoded), query.debugDescription)
            }
        }
    }

    func testQueryItemsMatchedByBytesAsByStrings() {
        // The plain way: every item's name and value as Strings (forEachQueryItem), names compared
        // as the rule compares them. Non-ASCII names (a Kelvin sign equals K as a String) and
        // queries take the plain way in itemMatch too; they are here to show they still agree.
        let pieces = [
            "debug", "DEBUG", "Debug", "=1", "=", "&", "&&", "1", "a", "x=1", "%64ebug", "K", "\u{212A}", "é", "",
        ]
        let names = ["debug", "Debug", "a", "K", "\u{212A}", "é", "x"]
        var generator = SystemRandomNumberGenerator()
        var fast = 0
        for caseSensitive in [true, false] {
            for name in names {
                for pattern in ["1", "*", "", "?*"] {
                    let rule = AASAMatcher.Rule(
                        settings: ["?": .object([(name, .string(pattern))]), "caseSensitive": .bool(caseSensitive)],
                        variables: [:], text: "")
                    guard case .items(let constraints) = rule.query, let constraint = constraints.first else {
                        return XCTFail("no item constraint")
                    }
                    for _ in 0..<300 {
                        let query = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                            pieces.randomElement(using: &generator)!
                        }.joined()
                        var present = false
                        var allMatch = true
                        rule.forEachQueryItem(query) { itemName, value in
                            guard allMatch,
                                caseSensitive ? itemName == name : itemName.lowercased() == name.lowercased()
                            else { return }
                            present = true
                            allMatch = constraint.pattern.matches(value)
                        }
                        let got = rule.itemMatch(constraint, in: query)
                        XCTAssertTrue(
                            got == (present, allMatch),
                            "\(query.debugDescription) for \(name) \(pattern) caseSensitive \(caseSensitive): \(got) vs \((present, allMatch))"
                        )
                        if constraint.asciiName != nil,
                            AASAMatcher.Rule.asciiItemMatch(
                                constraint.asciiName!, constraint.pattern, in: query, caseSensitive: caseSensitive)
                                != nil
                        {
                            fast += 1
                        }
                    }
                }
            }
        }
        // Most cases went the byte way.
        XCTAssertGreaterThan(fast, 4_000)
    }

    func testAppendingIsSplittingTheJoinedText() throws {
        var compared = 0
        for base in bases {
            let parts = try XCTUnwrap(AASAMatcher.URLParts(base), base)
            for suffix in suffixes {
                for query in queries {
                    let joined = base + suffix + (query.map { "?" + $0 } ?? "")
                    guard let derived = parts.appending(path: suffix, query: query) else {
                        // Only where the joined text would not split as the base plus its suffix.
                        XCTAssertTrue(
                            parts.query != nil || parts.fragment != nil
                                || (parts.path.isEmpty && !suffix.isEmpty && !suffix.hasPrefix("/")),
                            "no parts for \(joined)")
                        continue
                    }
                    XCTAssertEqual(derived, AASAMatcher.URLParts(joined), joined)
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 400)
    }

    func testWhatTheAddedTextCannotFollowGivesNoParts() throws {
        let plain = try XCTUnwrap(AASAMatcher.URLParts("https://go.example.com/p/1"))
        XCTAssertNil(plain.appending(path: "?x", query: nil), "a query in the path suffix")
        XCTAssertNil(plain.appending(path: "#x", query: nil), "a fragment in the path suffix")
        XCTAssertNil(plain.appending(path: "", query: "a#b"), "a fragment in the query")
        XCTAssertNil(try XCTUnwrap(AASAMatcher.URLParts("https://go.example.com/p?a")).appending(path: "/", query: nil))
        XCTAssertNil(
            try XCTUnwrap(AASAMatcher.URLParts("https://go.example.com/p#f")).appending(path: "", query: "x=1"))
        XCTAssertNil(
            try XCTUnwrap(AASAMatcher.URLParts("https://go.example.com")).appending(path: "x", query: nil),
            "would extend the host")
    }

    /// The claims check's verdicts for every probe of a link equal the matcher's for the probe's
    /// URL text, on an AASA with excludes, a debug rule and a wildcard, for links it claims and
    /// links it does not.
    func testTheClaimsChecksProbesGiveTheVerdictsOfTheirURLs() throws {
        let aasa =
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.a", "ABCDE12345.com.example.b"], "components": [{"/": "*", "?": {"debug": "1"}, "exclude": true}, {"/": "/no/*", "exclude": true}, {"/": "/p/*"}, {"/": "/caf%C3%A9"}, {"/": "/x?/", "caseSensitive": false}]}]}}"#
        let matcher = try AASAMatcher(data: Data(aasa.utf8))
        let appIDs = ["ABCDE12345.com.example.a", "ABCDE12345.com.example.b", "ABCDE12345.com.example.none"]
        var derived = 0
        // Sites whose parts a link's path can follow, and sites it cannot (a query, blanks that
        // splitting trims); paths with blanks at either end.
        let sites = [
            "https://go.example.com", "https://GO.example.com.", "https://go.example.com:443",
            "https://go.example.com/base",
            "https://go.example.com?x=1", "https://go.example.com ", " https://go.example.com",
            "https://go.example.com\t",
        ]
        for site in sites {
            for path in [
                "/p/1", "/p/1/", "/no/2", "/caf%C3%A9", "/XY", "/other", "/p/東京", "", " /p/1", "/p/1 ", "/p/1\t",
            ] {
                for domain in ["go.example.com", "go.example.com:443", "other.example.com"] {
                    let siteParts = ClaimVerifier.LinkProbes.parts(of: site, domain: domain)
                    let probes = ClaimVerifier.LinkProbes(
                        site: site, parts: siteParts, path: path, matcher: matcher, apps: matcher.ruleSets(for: appIDs),
                        domain: domain)
                    XCTAssertEqual(probes.base, site + path)
                    if probes.parts != nil { derived += 1 }
                    for probe in ClaimVerifier.claimedProbes + ClaimVerifier.debugProbes {
                        let url = probe.url(from: probes.base)
                        XCTAssertEqual(
                            probes.verdicts(probe), matcher.verdicts(for: url, appIDs: appIDs, domain: domain),
                            "\(url) on \(domain)")
                    }
                }
            }
        }
        XCTAssertGreaterThanOrEqual(derived, 60, "most probes come from derived parts")
    }
}
