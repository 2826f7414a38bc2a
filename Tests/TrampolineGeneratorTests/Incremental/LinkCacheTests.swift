import Foundation
import TrampolineTestSupport
import XCTest

@testable import TrampolineCatalog
@testable import TrampolineIncremental
@testable import TrampolineModel

/// The catalog's link cache (`Catalog/LinkCache.swift`) against the plain reading it shortens:
/// after every kind of edit, a reading with the cache gives the same catalog (links, positions)
/// and the same diagnostics as one without, and takes from the cache exactly the entries whose
/// text did not change.
final class LinkCacheTests: FolderTestCase {
    static let header = """
        # A catalog to edit
        site:
          url: https://go.example.com
        app:
          name: Marry
          ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
          android: {package: com.example.marry, sha256_cert_fingerprints: ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}
        defaults:
          image: https://go.example.com/share.png
          template: interstitial
        links:

        """

    /// Every optional field of a link, non-ASCII text (libyaml counts characters, the cache bytes),
    /// block and flow styles, and a route (never recorded).
    static let rich = """
          - path: /p/1
            deep_link: marry://p?id=1
            title: "Café 1 — \\"quoted\\""
            description: |
              A *long* description with [a link](https://example.com/x)
              and émoji 😀 on a second line.
            web_url: https://example.com/p/1
            campaign: {utm_source: instagram, utm_campaign: "c 1", utm_content: ""}
            fallback: web
            android_fallback: store
            fallback_delay_ms: 0
            deferred: [cookie]
            cookie_name: __Host-other
            cookie_days: 30
            forward_query: false
            image: https://example.com/1.png
            in_app_browsers: ignore
            confirm_store: "Open the App Store?"
            qr_error_correction: H
            desktop: store
            desktop_url: https://example.com/desk
            app_store_campaign: "été 1"
            language: ja
            template: redirect
          - {path: /p/2, title: Plain, qr_code: false, deferred: []}
          - {path: /restaurant/:id(digits), deep_link: "marry://restaurant/:id", title: Route, web_url: "https://example.com/r/:id"}

        """

    static func plain(_ index: Int) -> String {
        "  - path: /topic/\(index)\n    title: Topic \(index) — ü\n    description: Read *topic* \(index).\n"
    }

    static func catalog(_ links: [String]) -> String { header + links.joined() }

    static let base = [rich] + (1...40).map(plain)

    var cacheURL: URL { folder.appendingPathComponent("site-config.yml.links") }

    /// Reads `text` with the cache at ``cacheURL`` and without any; asserts both readings agree.
    @discardableResult
    func read(
        _ text: String, version: String = "test", secret: [UInt8] = Array(repeating: 7, count: 32),
        templates: Set<String>? = ["interstitial", "redirect"],
        file: StaticString = #filePath, line: UInt = #line
    ) -> CatalogLoader.Reading {
        let (cached, plain) = CatalogReadings(folder: folder).bothWays(
            text, knownTemplates: templates, version: version, secret: secret, file: file, line: line)
        XCTAssertNil(plain.cacheHits, file: file, line: line)
        return cached
    }

    /// A catalog with no `defaults:` reads its links through the cache too; one whose
    /// `defaults:` comes after the links, however it is written, is read as the plain way reads it.
    func testACatalogWithoutDefaultsUsesTheCache() throws {
        let bare = Self.catalog((1...30).map(Self.plain)).replacingOccurrences(
            of: "defaults:\n  image: https://go.example.com/share.png\n  template: interstitial\n", with: "")
        XCTAssertFalse(bare.contains("defaults"))
        XCTAssertEqual(read(bare).cacheHits?.links, 30)
        XCTAssertEqual(read(bare).cacheHits?.hits, 30)
        // After the links: the word is in the text, so the links wait for the end, as before.
        let after = bare + "defaults: {image: https://go.example.com/later.png}\n"
        XCTAssertNil(read(after).cacheHits)
        // Written with an escape, the key is found only once read: the catalog is read again
        // without the cache, and the links get the image.
        let escaped = bare + "\"default\\x73\": {image: https://go.example.com/later.png}\n"
        XCTAssertFalse(escaped.contains("defaults"))
        let reading = read(escaped)
        XCTAssertNil(reading.cacheHits)
        XCTAssertEqual(reading.catalog?.links.first?.image, "https://go.example.com/later.png")
    }

    func testTheRenewalOfACache() {
        // Small caches are written anew whenever anything changed.
        XCTAssertEqual(LinkCache.renewal(entries: 42, used: 42, new: 0, segments: 1, isWhole: true), .keep)
        XCTAssertEqual(LinkCache.renewal(entries: 42, used: 41, new: 0, segments: 1, isWhole: true), .rewrite)
        XCTAssertEqual(LinkCache.renewal(entries: 42, used: 42, new: 1, segments: 1, isWhole: true), .rewrite)
        // Large ones get a segment of the new entries while under a tenth of them is unused...
        XCTAssertEqual(LinkCache.renewal(entries: 100_000, used: 99_999, new: 1, segments: 1, isWhole: true), .append)
        XCTAssertEqual(
            LinkCache.renewal(entries: 100_000, used: 99_000, new: 1_000, segments: 3, isWhole: true), .append)
        XCTAssertEqual(LinkCache.renewal(entries: 100_000, used: 90_000, new: 0, segments: 3, isWhole: true), .keep)
        // ...and a new file past it, past 16 segments, or when the file's tail was damaged.
        XCTAssertEqual(LinkCache.renewal(entries: 100_000, used: 89_999, new: 0, segments: 1, isWhole: true), .rewrite)
        XCTAssertEqual(LinkCache.renewal(entries: 100_000, used: 99_999, new: 1, segments: 16, isWhole: true), .rewrite)
        XCTAssertEqual(LinkCache.renewal(entries: 100_000, used: 99_999, new: 1, segments: 2, isWhole: false), .rewrite)
        XCTAssertEqual(LinkCache.renewal(entries: 100_000, used: 100_000, new: 0, segments: 2, isWhole: false), .keep)
    }

    /// The segments of the cache file at ``cacheURL``, and whether it is whole.
    private func segments() throws -> (count: Int, entries: Int, isWhole: Bool) {
        guard case .whole(let cache) = LinkCache.load(from: cacheURL) else { throw CocoaError(.fileReadCorruptFile) }
        return (cache.segments, cache.count, cache.isWhole)
    }

    func testALargeCacheGetsTheEditedEntriesAppendedAsASegment() throws {
        // A one-link edit of a 12,000-link catalog appends the edited entry: the file before it
        // stays as it was, and the next reading takes the edited link from the cache too.
        let links = (1...12_000).map(Self.plain)
        XCTAssertEqual(read(Self.catalog(links)).cacheHits?.hits, 0)
        let before = try Data(contentsOf: cacheURL)
        XCTAssertEqual(try segments().count, 1)
        var edited = links
        edited[7] = edited[7].replacingOccurrences(of: "Topic 8 —", with: "Topic eight —")
        XCTAssertEqual(read(Self.catalog(edited)).cacheHits?.hits, 11_999)
        let appended = try Data(contentsOf: cacheURL)
        XCTAssertGreaterThan(appended.count, before.count)
        XCTAssertEqual(appended.prefix(before.count), before, "appended to, not written anew")
        XCTAssertEqual(try segments().count, 2)
        XCTAssertEqual(try segments().entries, 12_001)
        XCTAssertEqual(read(Self.catalog(edited)).cacheHits?.hits, 12_000)
        XCTAssertEqual(try Data(contentsOf: cacheURL), appended, "nothing new: left as it was")
        XCTAssertEqual(read(Self.catalog(links)).cacheHits?.hits, 12_000, "the old entry is still there")

        // A segment cut short (a build killed while appending) is left out, the rest kept; the
        // next renewal writes a whole file.
        try Data(appended.prefix(appended.count - 10)).write(to: cacheURL)
        XCTAssertEqual(try segments().count, 1)
        XCTAssertFalse(try segments().isWhole)
        XCTAssertEqual(read(Self.catalog(edited)).cacheHits?.hits, 11_999)
        XCTAssertEqual(try segments().count, 1)
        XCTAssertTrue(try segments().isWhole)
        XCTAssertEqual(read(Self.catalog(edited)).cacheHits?.hits, 12_000)

        // A segment whose bytes do not match its digest is left out too.
        edited[9] = edited[9].replacingOccurrences(of: "Topic 10 —", with: "Topic ten —")
        XCTAssertEqual(read(Self.catalog(edited)).cacheHits?.hits, 11_999)
        var damaged = try Data(contentsOf: cacheURL)
        XCTAssertEqual(try segments().count, 2)
        damaged[damaged.count - 50] ^= 0x20
        try damaged.write(to: cacheURL)
        XCTAssertEqual(try segments().count, 1)
        XCTAssertEqual(read(Self.catalog(edited)).cacheHits?.hits, 11_999)

        // Past a tenth unused (1,300 of 12,000 edited), a new file of the entries used and read.
        for index in 0..<1_300 {
            edited[index * 9] = edited[index * 9].replacingOccurrences(of: " —", with: " (edited) —")
        }
        XCTAssertEqual(read(Self.catalog(edited)).cacheHits?.hits, 12_000 - 1_300)
        XCTAssertEqual(try segments().count, 1)
        XCTAssertEqual(try segments().entries, 12_000)
        XCTAssertEqual(read(Self.catalog(edited)).cacheHits?.hits, 12_000)
    }

    /// One link edited per rebuild: each edit is a segment of its own, up to ``LinkCache/segmentLimit``
    /// segments; the next edit writes the file anew, with the entries still used and the one read.
    func testPastTheSegmentLimitTheFileIsWrittenAnew() throws {
        var links = (1...12_000).map(Self.plain)
        read(Self.catalog(links))
        let limit = LinkCache.segmentLimit
        for edit in 1..<limit {
            links[edit * 10] = links[edit * 10].replacingOccurrences(of: " —", with: " (edit \(edit)) —")
            XCTAssertEqual(read(Self.catalog(links)).cacheHits?.hits, 11_999, "edit \(edit)")
            let file = try segments()
            XCTAssertEqual(file.count, edit + 1, "edit \(edit)")
            XCTAssertEqual(file.entries, 12_000 + edit, "edit \(edit)")
        }
        links[7] = links[7].replacingOccurrences(of: " —", with: " (the last edit) —")
        XCTAssertEqual(read(Self.catalog(links)).cacheHits?.hits, 11_999)
        let rewritten = try segments()
        XCTAssertEqual(rewritten.count, 1, "written anew past \(limit) segments")
        XCTAssertEqual(rewritten.entries, 12_000, "the stale entries of the edits left out")
        XCTAssertTrue(rewritten.isWhole)
        XCTAssertEqual(read(Self.catalog(links)).cacheHits?.hits, 12_000)
    }

    /// A segment is appended only to the file the cache was read from: one replaced since (by
    /// another build's new file, say) is left alone.
    func testASegmentGoesOnlyToTheFileTheCacheWasReadFrom() throws {
        let links = (1...12_000).map(Self.plain)
        read(Self.catalog(links))
        guard case .whole(let cache) = LinkCache.load(from: cacheURL) else { return XCTFail("no cache") }
        let entry = (bytes: [UInt8](repeating: 1, count: 40), digests: [UInt64(1)])
        let bytes = try Data(contentsOf: cacheURL)
        try FileManager.default.removeItem(at: cacheURL)
        try bytes.write(to: cacheURL)
        XCTAssertFalse(cache.appendSegment(of: [entry], to: cacheURL), "another inode")
        XCTAssertEqual(try Data(contentsOf: cacheURL), bytes)
        guard case .whole(let again) = LinkCache.load(from: cacheURL) else { return XCTFail("no cache") }
        try Data(bytes + [0]).write(to: cacheURL)
        XCTAssertFalse(again.appendSegment(of: [entry], to: cacheURL), "another size")
    }

    func testEveryEditReadsTheSameCatalogAndTakesOnlyUnchangedEntriesFromTheCache() throws {
        let first = read(Self.catalog(Self.base))
        XCTAssertNotNil(first.catalog)
        XCTAssertEqual(first.catalog?.links.count, 43)
        XCTAssertEqual(first.cacheHits?.hits, 0)
        XCTAssertEqual(first.cacheHits?.links, 43)
        XCTAssertTrue(FileManager.default.fileExists(atPath: cacheURL.path))

        // Nothing changed: every entry but the route (never recorded) comes from the cache, and
        // the file is left as it was.
        let before = try Data(contentsOf: cacheURL)
        XCTAssertEqual(read(Self.catalog(Self.base)).cacheHits?.hits, 42)
        XCTAssertEqual(try Data(contentsOf: cacheURL), before)

        // One title changed.
        var edited = Self.base
        edited[5] = edited[5].replacingOccurrences(of: "Topic 5 —", with: "Topic five —")
        XCTAssertEqual(read(Self.catalog(edited)).cacheHits?.hits, 41)

        // A link inserted first (every later line moves down three, with more bytes than
        // characters before them), one removed, two swapped, a comment between entries.
        edited.insert("  - {path: /new, title: Nouveauté ✨}\n", at: 0)
        edited.remove(at: 20)
        edited.swapAt(10, 11)
        edited[30] += "  # a comment between entries\n"
        let moved = read(Self.catalog(edited))
        XCTAssertEqual(moved.catalog?.links.first?.path, "/new")
        let topic5 = try XCTUnwrap(moved.catalog?.links.first { $0.path == "/topic/5" })
        XCTAssertEqual(
            topic5.location.line,
            Self.catalog(edited).components(separatedBy: "\n").firstIndex { $0.contains("/topic/5") }! + 1)
        // Read: /new, and /topic/30, whose text now ends with the comment after it.
        XCTAssertEqual(
            moved.cacheHits?.hits, 40,
            "42 recorded; /topic/19 removed, /new and /topic/30 read, the route is never recorded")

        // Edited back: the entries recorded before are still there.
        XCTAssertEqual(
            read(Self.catalog(Self.base)).cacheHits?.hits, 39,
            "texts no longer in the catalog are dropped: /topic/5's first, /topic/19, /topic/30's without the comment")
    }

    func testTheRichLinkComesBackWithEveryFieldAndItsOwnLinesWhenMoved() throws {
        let text = Self.catalog(Self.base)
        read(text)
        let shifted =
            Self.header + "  - {path: /first, title: First}\n  - {path: /second, title: Second}\n" + Self.base.joined()
        let reading = read(shifted)
        XCTAssertEqual(reading.cacheHits?.hits, 42)
        let rich = try XCTUnwrap(reading.catalog?.links.first { $0.path == "/p/1" })
        XCTAssertEqual(rich.options.androidFallback, .store)
        XCTAssertEqual(rich.options.confirmStore, "Open the App Store?")
        XCTAssertEqual(rich.options.qrErrorCorrection, .high)
        XCTAssertEqual(rich.campaign.map(\.name), ["utm_source", "utm_campaign", "utm_content"])
        XCTAssertEqual(
            rich.description,
            "A *long* description with [a link](https://example.com/x)\nand émoji 😀 on a second line.\n")
        XCTAssertEqual(rich.location.line, 14)
        XCTAssertEqual(rich.webURLLocation?.line, 20)
        XCTAssertEqual(rich.templateLocation.line, 37, "the link's own template key, moved with it")
        XCTAssertEqual(rich.options.appStoreCampaign, "été 1")
        XCTAssertEqual(rich.language, "ja")
        let plainLink = try XCTUnwrap(reading.catalog?.links.first { $0.path == "/topic/1" })
        XCTAssertEqual(plainLink.templateLocation.line, 10, "the default's template key, where defaults: has it")
    }

    func testAnEntryWithADiagnosticIsNeverRecordedAndIsReportedWhereItIsNow() throws {
        var links = Self.base
        links[3] = "  - {path: /bad, title: Bad, web_url: \"ftp://example.com\"}\n"
        let first = read(Self.catalog(links))
        XCTAssertNil(first.catalog)
        links.insert("  - {path: /added, title: Added}\n", at: 0)
        let again = read(Self.catalog(links))
        XCTAssertEqual(again.cacheHits?.hits, 41, "every recorded entry; the bad one and the new one read")
        let error = try XCTUnwrap(again.diagnostics.errors.first)
        XCTAssertEqual(
            error.location?.line,
            Self.catalog(links).components(separatedBy: "\n").firstIndex { $0.contains("/bad") }! + 1)
    }

    func testAnchorsAndAliasesInLinksAreReadThePlainWay() throws {
        let base =
            Self.base + ["  - &shared {path: /anchored, title: Anchored}\n", "  - {path: /alias, title: *shared}\n"]
        // The alias names a mapping where a title should be: both readings report it the same way.
        read(Self.catalog(base))
        let valid = Self.base + ["  - {path: /anchored, title: &t Anchored}\n", "  - {path: /alias, title: *t}\n"]
        let cold = read(Self.catalog(valid))
        XCTAssertEqual(cold.catalog?.links.last?.title, "Anchored")
        // With a cache, walking past an entry with an anchor starts the reading again without it.
        let warm = read(Self.catalog(valid))
        XCTAssertEqual(warm.catalog?.links.last?.title, "Anchored")
        XCTAssertNil(warm.cacheHits, "read the plain way")
    }

    /// An entry whose text does not parse alone (it uses a tag handle that a `%TAG` directive
    /// before the document declares) makes the whole reading start again the plain way
    /// (`LinkBatchChecker.needsPlainReading`), with the same result.
    func testAnEntryThatDoesNotParseAloneIsReadThePlainWay() throws {
        func text(_ title: String) -> String {
            "%TAG !e! tag:example.com,2000:\n---\n"
                + Self.catalog(Self.base + ["  - {path: /tagged, title: !e!text \(title)}\n"])
        }
        XCTAssertEqual(read(text("Tagged")).catalog?.links.last?.title, "Tagged")
        // Unchanged, the tagged entry comes from the cache and is never parsed alone.
        XCTAssertEqual(read(text("Tagged")).cacheHits?.hits, 43)
        // Changed, it must be parsed alone, which fails without the directive: read the plain way.
        let edited = read(text("Retitled"))
        XCTAssertEqual(edited.catalog?.links.last?.title, "Retitled")
        XCTAssertNil(edited.cacheHits, "read the plain way")
    }

    func testAnotherKeyOrADamagedFileReadsEveryLink() throws {
        let text = Self.catalog(Self.base)
        read(text)
        XCTAssertEqual(read(text).cacheHits?.hits, 42)
        XCTAssertEqual(read(text, version: "an upgrade").cacheHits?.hits, 0, "another binary")
        XCTAssertEqual(read(text, version: "an upgrade").cacheHits?.hits, 42)
        XCTAssertEqual(
            read(
                text.replacingOccurrences(of: "template: interstitial", with: "template: redirect"),
                version: "an upgrade"
            ).cacheHits?.hits, 0, "other defaults")
        XCTAssertEqual(
            read(text, templates: ["interstitial", "redirect", "more"]).cacheHits?.hits, 0, "other template names")
        read(text)
        XCTAssertEqual(
            read(text, secret: Array(repeating: 8, count: 32)).cacheHits?.hits, 0,
            "a file made by another user or machine (committed, say)")

        read(text)
        var data = try Data(contentsOf: cacheURL)
        data[data.count / 2] ^= 0x20
        try data.write(to: cacheURL)
        XCTAssertEqual(read(text).cacheHits?.hits, 0, "a damaged byte")
        try Data(try Data(contentsOf: cacheURL).prefix(100)).write(to: cacheURL)
        XCTAssertEqual(read(text).cacheHits?.hits, 0, "a truncated file")
        try Data("trampoline-links 1\n".utf8).write(to: cacheURL)
        XCTAssertEqual(read(text).cacheHits?.hits, 0, "a header alone")
        XCTAssertEqual(read(text).cacheHits?.hits, 42)
    }

    /// A link's source (what its page's and its shard's fingerprints are made of, in place of its
    /// values) is its entry's digest mixed with the cache key: the same under the same key, read
    /// plain or from the cache; another for every link when anything in the key changes (the
    /// binary, the defaults, the user's secret), so no rendered file is taken as current for a
    /// link whose meaning changed with the key; and never shared by two links of one catalog.
    func testEveryLinksSourceFollowsItsEntryAndTheKey() throws {
        let text = Self.catalog(Self.base)
        func sources(version: String = "test", secret: UInt8 = 7) -> [SIMD2<UInt64>?] {
            let reading = read(text, version: version, secret: Array(repeating: secret, count: 32))
            return reading.catalog?.links.map(\.source) ?? []
        }
        let first = sources()
        let cached = sources()
        XCTAssertEqual(read(text).cacheHits?.hits, 42)
        XCTAssertEqual(first.count, 43)
        XCTAssertEqual(first.compactMap { $0 }.count, 43, "every link has one, the route too")
        XCTAssertEqual(cached, first, "read plain, then from the cache")
        XCTAssertEqual(Set(first.compactMap { $0 }).count, 43, "no two links share a source")
        for (name, other) in [
            ("another binary", sources(version: "an upgrade")), ("another secret", sources(secret: 8)),
        ] {
            XCTAssertEqual(other.count, first.count, name)
            for (index, (was, now)) in zip(first, other).enumerated() where was != nil {
                XCTAssertNotNil(now, "\(name): link \(index)")
                XCTAssertNotEqual(was, now, "\(name): link \(index) kept its source")
            }
        }
    }

    /// The codec knows every stored field: one added to `Link` or `LinkOptions` fails here until
    /// `LinkCache.encode`/`decode` keep it (`route`, `items`, `itemOf` and `longLinks` belong to
    /// links the cache never holds: routes, items read from their file, the long-link page) (and ``testTheRichLinkComesBackWithEveryFieldAndItsOwnLinesWhenMoved`` sets it).
    func testTheCodecCoversEveryStoredFieldOfALink() throws {
        func decode(_ bytes: [UInt8], line: Int) -> Link? {
            bytes.withUnsafeBytes { LinkCache.decode($0, line: line, file: "site-config.yml") }
        }
        let link = try XCTUnwrap(
            CatalogLoader().load(yaml: Self.catalog(Self.base), displayPath: "site-config.yml").catalog?.links.first)
        let encoded = try XCTUnwrap(LinkCache.encode(link, line: link.location.line, file: "site-config.yml"))
        XCTAssertEqual(decode(encoded, line: link.location.line), link)
        var moved = link
        for keyPath in [\Link.location, \Link.templateLocation] { moved[keyPath: keyPath].line += 7 }
        moved.webURLLocation?.line += 7
        XCTAssertEqual(decode(encoded, line: link.location.line + 7), moved)
        XCTAssertNil(decode(Array(encoded.dropLast()), line: 1), "cut short")
        XCTAssertNil(decode(encoded + [0], line: 1), "a byte too many")
        // The codec walks the field tables: each field's other value survives the trip.
        for field in CatalogFieldTests.fields {
            var changed = link
            field.change(&changed)
            let bytes = try XCTUnwrap(LinkCache.encode(changed, line: link.location.line, file: "site-config.yml"))
            XCTAssertEqual(decode(bytes, line: link.location.line), changed, field.property)
        }
    }

    /// A link whose options are the defaults' is kept as a flag, and decoded sharing the
    /// defaults' options; one that sets any option keeps each field. Read without the defaults,
    /// the flag is no link.
    func testOptionsEqualToTheDefaultsAreAFlag() throws {
        let links = try XCTUnwrap(
            CatalogLoader().load(yaml: Self.catalog([Self.plain(1)]), displayPath: "site-config.yml").catalog?.links)
        let link = links[0]
        let defaults = link.options
        let line = link.location.line
        let flagged = try XCTUnwrap(LinkCache.encode(link, line: line, file: "site-config.yml", defaults: defaults))
        let whole = try XCTUnwrap(LinkCache.encode(link, line: line, file: "site-config.yml"))
        XCTAssertLessThan(flagged.count + 10, whole.count, "the options' fields left out")
        let decoded = flagged.withUnsafeBytes {
            LinkCache.decode($0, line: line, file: "site-config.yml", defaults: defaults)
        }
        XCTAssertEqual(decoded, link)
        XCTAssertNil(flagged.withUnsafeBytes { LinkCache.decode($0, line: line, file: "site-config.yml") })
        var own = link
        own.options.fallbackDelayMs = 900
        let kept = try XCTUnwrap(LinkCache.encode(own, line: line, file: "site-config.yml", defaults: defaults))
        XCTAssertEqual(kept.count, whole.count, "an option of its own: every field kept")
        XCTAssertEqual(
            kept.withUnsafeBytes { LinkCache.decode($0, line: line, file: "site-config.yml", defaults: defaults) }, own)
    }

    /// A build killed while writing a new cache leaves the old one whole and in use: the new
    /// file is only ever renamed into place complete.
    func testAnUnfinishedWriteLeavesTheOldCache() throws {
        let text = Self.catalog(Self.base)
        read(text)
        let before = try Data(contentsOf: cacheURL)
        let writer = try XCTUnwrap(LinkCache.Writer(url: cacheURL, key: Array(repeating: 1, count: 32)))
        writer.append(Array(repeating: 9, count: 100), digests: [1])
        // No commit: the process "dies" here.
        XCTAssertEqual(try Data(contentsOf: cacheURL), before)
        XCTAssertEqual(read(text).cacheHits?.hits, 42)
    }

    /// A symbolic link planted for the cache's folder (committed to a repository, say) makes the
    /// build read and write no cache there.
    func testNoCacheIsReadOrWrittenThroughASymbolicLink() throws {
        let elsewhere = folder.appendingPathComponent("elsewhere")
        let work = folder.appendingPathComponent("project/.trampoline")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: work.appendingPathComponent(".catalogs"), withDestinationURL: elsewhere)
        var loader = CatalogLoader(knownTemplates: ["interstitial", "redirect"])
        loader.linkCache = LinkCache.Setup(
            url: work.appendingPathComponent(".catalogs/site-config.yml.links"), version: "test",
            secret: Array(repeating: 7, count: 32))
        for _ in 0..<2 {
            let reading = loader.read(yaml: Self.catalog(Self.base), displayPath: "site-config.yml", baseURL: folder)
            reading.cacheWrite?.wait()
            XCTAssertEqual(reading.catalog?.links.count, 43)
            XCTAssertNil(reading.cacheHits, "no cache to read and none can be written: read the plain way")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), [])
    }

    /// The secret is made once, kept to its owner, and read back the same.
    func testTheLocalSecretIsMadeOnceAndKeptPrivate() throws {
        let first = try XCTUnwrap(LinkCache.localSecret(in: folder))
        XCTAssertEqual(first.count, 32)
        XCTAssertEqual(LinkCache.localSecret(in: folder), first)
        let url = folder.appendingPathComponent("trampoline/link-cache-secret")
        let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        XCTAssertEqual(permissions, 0o600)
        let other = folder.appendingPathComponent("other")
        XCTAssertNotEqual(LinkCache.localSecret(in: other), first, "random per folder")
        XCTAssertNil(LinkCache.localSecret(in: nil))
    }

    /// The whole build: the same files with the cache as without it, after an edit.
    func testABuildWithTheCacheMakesTheSameFiles() throws {
        let fixture = try SiteFixture(catalog: Self.catalog(Self.base))
        _ = try fixture.build()
        var edited = Self.base
        edited[7] = edited[7].replacingOccurrences(of: "Read *topic*", with: "Now read *topic*")
        edited.insert("  - {path: /inserted, title: Inserted}\n", at: 2)
        try Data(Self.catalog(edited).utf8).write(to: fixture.configURL)
        let cached = try fixture.build()
        var builder = fixture.builder
        builder.usesLinkCache = false
        let plain = try builder.build()
        // Both changes are read alone, and the walk by layout goes on past each: all 42 others stand.
        XCTAssertEqual(
            cached.timings.first { $0.step == "catalog" }?.detail,
            "3 of 44 links read; the rest came unchanged from the link cache; 42 stood unchanged in place and were not parsed"
        )
        XCTAssertNil(plain.timings.first { $0.step == "catalog" }?.detail)
        XCTAssertEqual(cached.catalog, plain.catalog)
        XCTAssertEqual(cached.plan.entries.map(\.path), plain.plan.entries.map(\.path))
        for entry in plain.plan.entries {
            XCTAssertEqual(cached[entry.path], plain[entry.path], entry.path.value)
        }
        XCTAssertTrue(try String(decoding: XCTUnwrap(cached["topic/7/index.html"]), as: UTF8.self).contains("Now read"))
    }
}
