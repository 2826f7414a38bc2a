import Foundation
import TrampolineTestSupport
import XCTest

@testable import TrampolineCatalog
@testable import TrampolineIncremental

/// The catalog layout (`Catalog/CatalogLayout.swift`, `Catalog/CatalogReader+Layout.swift`)
/// against the plain reading it shortens: after thousands of random edits of catalogs written in
/// every entry style YAML allows (block and flow mappings, block scalars kept and folded,
/// multi-line quoted text, comments and blank lines between entries, non-ASCII text, CRLF
/// lines, indented and indentless lists), a reading that takes unchanged entries from the layout
/// gives the same catalog, positions and diagnostics as a reading without any cache, and leaves
/// the very layout file a full walk of the new text would record.
final class CatalogLayoutTests: FolderTestCase {
    private var readings: CatalogReadings { CatalogReadings(folder: folder) }
    private var cacheURL: URL { readings.cacheURL }
    private var layoutURL: URL { readings.layoutURL }

    private func cachedReading(_ text: String) -> CatalogLoader.Reading { readings.cached(text) }

    private func plainReading(_ text: String) -> CatalogLoader.Reading { readings.plain(text) }

    /// Reads `text` with the layout; asserts it reads as the plain way does and records the
    /// layout a walk would. Returns how many entries the layout took unparsed (nil: not used).
    @discardableResult
    private func check(
        _ text: String, _ context: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> Int? {
        let reading = cachedReading(text)
        let plain = plainReading(text)
        XCTAssertEqual(reading.catalog, plain.catalog, "catalog differs: \(context())", file: file, line: line)
        XCTAssertEqual(
            reading.diagnostics.sorted, plain.diagnostics.sorted, "diagnostics differ: \(context())", file: file,
            line: line)
        guard reading.layoutUnparsed != nil, let recorded = try? Data(contentsOf: layoutURL) else {
            return reading.layoutUnparsed
        }
        // The same text walked with libyaml records the same layout.
        try FileManager.default.removeItem(at: layoutURL)
        let walked = cachedReading(text)
        XCTAssertNil(walked.layoutUnparsed, file: file, line: line)
        XCTAssertEqual(
            try? Data(contentsOf: layoutURL), recorded, "layout differs from a walk's: \(context())", file: file,
            line: line)

        return reading.layoutUnparsed
    }

    // MARK: - Catalogs

    static func head(title: String, indentless: Bool) -> String {
        """
        # Links of the week
        site:
          url: https://go.example.com
          title: \(title)
        app:
          name: Marry
          ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
        defaults:
          template: interstitial
        links:\(indentless ? "   # no indent" : "")

        """
    }

    /// An entry of style `style` for link `n`, its list's dashes at column `indent + 1`.
    static func entry(_ n: Int, style: Int, indent: Int) -> String {
        let i = String(repeating: " ", count: indent)
        let body = i + "  "
        switch style % 14 {
        case 0: return "\(i)- path: /p/\(n)\n\(body)title: Topic \(n)\n"
        case 1: return "\(i)- {path: /p/\(n), title: Flow \(n)}\n"
        case 2: return "\(i)- {path: /p/\(n), title: \"Flow, commented\"}  # note \(n)\n"
        case 3:
            return
                "\(i)- path: /p/\(n)\n\(body)title: Kept \(n)\n\(body)description: |+\n\(body)  Line one of \(n).\n\n\(body)  Line *two*.\n\n"
        case 4:
            return
                "\(i)- path: /p/\(n)\n\(body)description: >-\n\(body)  Folded \(n)\n\(body)  text.\n\(body)title: Folded\n"
        case 5: return "\(i)- path: /p/\(n)\n\(body)title: \"Two\n\(body)  lines \(n)\"\n"
        case 6: return "\(i)- path: /p/\(n)\n\(body)title: Café ✨ \(n) — ü\n"
        case 7: return "\(i)-\n\(body)path: /p/\(n)\n\(body)title: Dash alone\n"
        case 8: return "\(i)- path: /p/\(n)\n\(body)title: Then a comment\n# a section comment at column 1\n\n"
        case 9: return "\(i)- path: /p/\(n)\n\(body)titel: typo \(n)\n"
        case 10: return "\(i)- path: /p/\(n)\n\(body)title: Plain\n\(body)  continued \(n)\n"
        case 11: return "\(i)- path: /p/\(n)\r\n\(body)title: CRLF \(n)\r\n"
        case 12: return "\(i)- path: /p/\(n)\n\(body)title: \"Unterminated \(n)\n"
        default: return "\(i)- &a\(n) {path: /p/\(n), title: Anchored}\n"
        }
    }

    static let tails = [
        "", "# the end\n", "extra: 1\n", "links:\n  - {path: /again, title: Again}\n", "---\nsecond: document\n",
        "links_file: more.csv\n",
    ]

    // MARK: - Tests

    func testRandomEditsReadAsThePlainReadingDoesAndLeaveAWalksLayout() throws {
        var generator = SeededGenerator(seed: 0x1A70)
        var steps = 0
        var usedLayout = 0
        var mostlyUnparsed = 0
        var eligibleSteps = 0
        for catalogIndex in 0..<20 {
            let indentless = catalogIndex % 3 == 0
            let indent = indentless ? 0 : 2
            // Mostly clean entries, so most edits leave a valid catalog.
            func randomEntry(_ n: Int) -> String {
                let style =
                    Int.random(in: 0..<100, using: &generator) < 85
                    ? [0, 1, 2, 3, 4, 5, 6, 7, 8, 10].randomElement(using: &generator)!
                    : Int.random(in: 0..<14, using: &generator)
                return Self.entry(n, style: style, indent: indent)
            }
            var next = 0
            var entries = (0..<Int.random(in: 1...60, using: &generator)).map { _ in
                next += 1
                return Self.entry(next, style: [0, 1, 3, 6, 8].randomElement(using: &generator)!, indent: indent)
            }
            var title = "Week 1"
            var tail = Self.tails[catalogIndex % 2]
            func text() -> String { Self.head(title: title, indentless: indentless) + entries.joined() + tail }
            try? FileManager.default.removeItem(at: cacheURL)
            try? FileManager.default.removeItem(at: layoutURL)
            try check(text(), "catalog \(catalogIndex), first reading")
            for step in 0..<60 {
                let (entriesBefore, tailBefore) = (entries, tail)
                var edits: [String] = []
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    let index = entries.isEmpty ? 0 : Int.random(in: 0..<entries.count, using: &generator)
                    switch Int.random(in: 0..<11, using: &generator) {
                    case 0:
                        next += 1
                        entries.insert(randomEntry(next), at: Int.random(in: 0...entries.count, using: &generator))
                        edits.append("insert")
                    case 1 where entries.count > 1:
                        entries.remove(at: index)
                        edits.append("remove \(index)")
                    case 2 where !entries.isEmpty:
                        next += 1
                        entries[index] = randomEntry(next)
                        edits.append("replace \(index)")
                    case 3 where !entries.isEmpty:
                        // A byte of the entry changed, dropped or doubled.
                        var bytes = Array(entries[index].utf8)
                        let at = Int.random(in: 0..<bytes.count, using: &generator)
                        switch Int.random(in: 0..<3, using: &generator) {
                        case 0:
                            bytes[at] = [
                                UInt8(ascii: "x"), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "-"),
                                UInt8(ascii: "#"), UInt8(ascii: ":"),
                            ].randomElement(using: &generator)!
                        case 1: bytes.remove(at: at)
                        default: bytes.insert(bytes[at], at: at)
                        }
                        entries[index] = String(decoding: bytes, as: UTF8.self)
                        edits.append("byte \(at) of \(index)")
                    case 4 where entries.count > 1:
                        entries.swapAt(index, Int.random(in: 0..<entries.count, using: &generator))
                        edits.append("swap")
                    case 5:
                        next += 1
                        entries.append(randomEntry(next))
                        edits.append("append")
                    case 6:
                        title = "Week \(Int.random(in: 1...500, using: &generator))"
                        edits.append("head")
                    case 7:
                        tail = Self.tails.randomElement(using: &generator)!
                        edits.append("tail")
                    case 8 where !entries.isEmpty:
                        entries.insert(entries[index], at: index)
                        edits.append("duplicate \(index)")
                    case 9 where !entries.isEmpty:
                        entries[index] += ["\n", "  # between\n", "# column one\n", "   \n"].randomElement(
                            using: &generator)!
                        edits.append("blank after \(index)")
                    default:
                        edits.append("none")
                    }
                }
                steps += 1
                let current = text()
                let eligible =
                    !current.contains("&a")
                    && !plainReading(current).diagnostics.diagnostics.contains { $0.message.hasPrefix("YAML syntax") }
                if eligible { eligibleSteps += 1 }
                if let unparsed = try check(current, "catalog \(catalogIndex) step \(step): \(edits)") {
                    usedLayout += 1
                    if unparsed * 2 >= entries.count { mostlyUnparsed += 1 }
                }
                // A broken catalog is mended most of the time, so the layout comes back into use.
                if !eligible, Int.random(in: 0..<4, using: &generator) > 0 {
                    (entries, tail) = (entriesBefore, tailBefore)
                }
                if step % 7 == 6 { entries = entries.filter { !$0.contains("Unterminated") && !$0.contains("&a") } }
            }
        }
        // Syntax errors and anchors rule the layout out; it serves nearly every other reading.
        XCTAssertGreaterThan(eligibleSteps, steps / 2)
        XCTAssertGreaterThan(
            usedLayout * 10, eligibleSteps * 9,
            "the layout was used in \(usedLayout) of \(eligibleSteps) readings it could serve (\(steps) in all)")
        XCTAssertGreaterThan(
            mostlyUnparsed * 2, eligibleSteps,
            "\(mostlyUnparsed) of \(eligibleSteps) readings parsed less than half the list")
    }

    /// A one-link edit of a long list runs libyaml over that entry alone, wherever it is, and
    /// adding, removing or moving text around the list keeps every other entry unparsed (but
    /// the last one when what follows the list changed: a mapping ends where the next token starts).
    func testAOneLinkEditParsesThatEntryAlone() throws {
        var generator = SeededGenerator(seed: 3_000)
        let entries = (1...3_000).map {
            Self.entry($0, style: [0, 1, 3, 6].randomElement(using: &generator)!, indent: 2)
        }
        func catalog(_ entries: [String], title: String = "Week 1", tail: String = "extra: 1\n") -> String {
            Self.head(title: title, indentless: false) + entries.joined() + tail
        }
        XCTAssertNil(try check(catalog(entries), "first"), "no layout yet: walked and recorded")
        XCTAssertEqual(try check(catalog(entries), "unchanged"), 3_000)
        for index in [0, 1_500, 2_999] {
            var edited = entries
            edited[index] = edited[index].replacingOccurrences(of: "/p/\(index + 1)", with: "/edited/\(index + 1)")
            XCTAssertEqual(try check(catalog(edited), "edit \(index)"), 2_999, "entry \(index) edited")
            XCTAssertEqual(try check(catalog(entries), "back \(index)"), 2_999)
        }
        // The last entry ends where the next token starts: with that moved, it is read again too.
        XCTAssertEqual(try check(catalog(entries + [Self.entry(9_001, style: 3, indent: 2)]), "appended"), 2_999)
        XCTAssertEqual(try check(catalog(entries), "appended one removed"), 2_999)
        var removed = entries
        removed.remove(at: 700)
        XCTAssertEqual(try check(catalog(removed), "removed"), 2_999)
        XCTAssertEqual(try check(catalog(entries), "put back"), 2_999)
        XCTAssertEqual(
            try check(catalog(entries, title: "Week 2, a longer title"), "head"), 3_000, "the whole list moved")
        XCTAssertEqual(try check(catalog(entries, tail: "# the end\n"), "tail"), 2_999)
        XCTAssertEqual(try check(catalog(entries, tail: "# the end\nextra: 2\n"), "tail"), 3_000)
        XCTAssertEqual(try check(catalog(entries, tail: "# the end\nextra: 2\nlinks_file: more.csv\n"), "tail"), 3_000)
    }

    /// Edits spread over the whole list (a nightly export's 1 %) are each read alone: the walk
    /// goes on past every change it finds an unchanged entry after, within a few lines, and a
    /// change it cannot see past is read as before, up to the entries kept at the end.
    func testEditsSpreadOverTheListAreEachReadAlone() throws {
        var generator = SeededGenerator(seed: 54)
        let entries = (1...3_000).map {
            Self.entry($0, style: [0, 1, 3, 6, 7, 8].randomElement(using: &generator)!, indent: 2)
        }
        func catalog(_ entries: [String]) -> String {
            Self.head(title: "Week 1", indentless: false) + entries.joined() + "extra: 1\n"
        }
        XCTAssertNil(try check(catalog(entries), "first"))
        func edited(_ indices: StrideTo<Int>) -> [String] {
            var edited = entries
            for index in indices {
                edited[index] = edited[index].replacingOccurrences(of: "/p/\(index + 1)", with: "/changed/\(index + 1)")
            }
            return edited
        }
        // Every 100th entry, the first among them: 30 read alone, 2,970 not parsed.
        XCTAssertEqual(try check(catalog(edited(stride(from: 0, to: 3_000, by: 100))), "1 %"), 2_970)
        XCTAssertEqual(try check(catalog(entries), "back"), 2_970)
        // Two entries side by side, and three apart.
        XCTAssertEqual(try check(catalog(edited(stride(from: 1_000, to: 1_010, by: 3))), "near"), 2_996)
        XCTAssertEqual(try check(catalog(entries), "back"), 2_996)
        // Entries removed here and there, and new ones put in.
        var moved = entries
        for index in stride(from: 2_900, to: 0, by: -300) { moved.remove(at: index) }
        for index in stride(from: 2_500, to: 0, by: -500) {
            moved.insert(Self.entry(9_000 + index, style: index % 3, indent: 2), at: index)
        }
        // 10 removed, 5 new: the other 2,990 stand, but for an entry beside a change that is read
        // again with it (one that ends in blanks where the text after it changed).
        let movedUnparsed = try XCTUnwrap(try check(catalog(moved), "removed and put in"))
        XCTAssertGreaterThanOrEqual(movedUnparsed, 2_985)
        XCTAssertLessThanOrEqual(movedUnparsed, 2_990)
        // More new entries in one place than the walk looks past: the rest is read as one stretch,
        // up to the entries kept at the end.
        var crowded = entries
        crowded.insert(
            contentsOf: (0..<(CatalogReader.resyncWindow + 8)).map { Self.entry(20_000 + $0, style: 0, indent: 2) },
            at: 1_200)
        crowded[2_000] = crowded[2_000].replacingOccurrences(of: "/p/", with: "/q/")
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(try check(catalog(entries), "back")), 2_985)
        let crowdedUnparsed = try XCTUnwrap(try check(catalog(crowded), "crowded"))
        XCTAssertEqual(crowdedUnparsed, 3_000 - 1 - (2_000 - CatalogReader.resyncWindow - 8 - 1_200))
    }

    /// A layout file is only ever a hint that is checked: a damaged one, one made under another
    /// key (another user's secret, say) or one reached through a symbolic link is not used.
    func testADamagedForeignOrLinkedLayoutIsNotUsed() throws {
        let text =
            Self.head(title: "Week 1", indentless: false)
            + (1...40).map { Self.entry($0, style: $0, indent: 2) }.filter {
                !$0.contains("&a") && !$0.contains("Unterminated")
            }.joined()
        try check(text, "first")
        XCTAssertNotNil(try check(text, "second"))
        var data = try Data(contentsOf: layoutURL)
        data[data.count / 2] ^= 0x01
        try data.write(to: layoutURL)
        let damaged = cachedReading(text)
        XCTAssertNil(damaged.layoutUnparsed, "a damaged byte")
        XCTAssertEqual(damaged.damagedCaches, [layoutURL], "noted")
        XCTAssertNotNil(try check(text, "mended by the walk"))

        var loader = CatalogLoader(knownTemplates: ["interstitial", "redirect"])
        loader.linkCache = LinkCache.Setup(url: cacheURL, version: "test", secret: Array(repeating: 8, count: 32))
        let foreign = loader.read(yaml: text, displayPath: "site-config.yml", baseURL: folder)
        foreign.cacheWrite?.wait()
        XCTAssertNil(foreign.layoutUnparsed, "made under another key")
        XCTAssertEqual(foreign.catalog, plainReading(text).catalog)

        let elsewhere = folder.appendingPathComponent("elsewhere.layout")
        try FileManager.default.moveItem(at: layoutURL, to: elsewhere)
        try FileManager.default.createSymbolicLink(at: layoutURL, withDestinationURL: elsewhere)
        let before = try Data(contentsOf: elsewhere)
        let linked = cachedReading(text)
        XCTAssertNil(linked.layoutUnparsed, "not read through a link")
        XCTAssertEqual(linked.catalog, plainReading(text).catalog)
        XCTAssertEqual(try Data(contentsOf: elsewhere), before, "not written through a link")
    }
}
