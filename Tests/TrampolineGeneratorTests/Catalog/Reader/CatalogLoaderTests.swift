import TrampolineCatalog
import TrampolineModel
import TrampolineTestSupport
import XCTest

final class CatalogLoaderTests: XCTestCase {
    static let valid = """
        site:
          url: https://go.example.com
          title: Example links
        \(TestCatalog.marryApp)
        links:
          - path: /topic/1
            title: Wedding checklist

        """

    func load(_ yaml: String, templates: Set<String>? = ["interstitial", "redirect"]) -> (Catalog?, [Diagnostic]) {
        let (catalog, engine) = CatalogLoader(knownTemplates: templates).load(
            yaml: yaml, displayPath: "site-config.yml")
        return (catalog, engine.sorted)
    }

    /// The text form of the errors, which is what users see.
    func errors(_ yaml: String) -> [String] {
        load(yaml).1.filter { $0.severity == .error }.map(\.description)
    }

    func testValidCatalogWithDefaultsAndDerivedValues() throws {
        let (catalog, diagnostics) = load(Self.valid)
        XCTAssertEqual(diagnostics, [])
        let c = try XCTUnwrap(catalog)
        XCTAssertEqual(c.site.url, "https://go.example.com")
        XCTAssertEqual(c.site.language, "en")
        XCTAssertEqual(c.app.ios?.appStoreURL, "https://apps.apple.com/app/id1356057329")
        XCTAssertEqual(c.app.appIDs, ["ABCDE12345.com.example.marry"])
        XCTAssertEqual(c.links.count, 1)
        XCTAssertEqual(c.links[0].deepLink, "marry://topic/1")
        XCTAssertEqual(c.links[0].options, LinkOptions())
        XCTAssertEqual(c.links[0].location, SourceLocation(file: "site-config.yml", line: 12, column: 5))
    }

    func testLinkOverridesDefaults() throws {
        let yaml = Self.valid.replacingOccurrences(
            of: "links:\n",
            with: """
                defaults:
                  template: redirect
                  fallback_delay_ms: 900
                  cookie_days: 3
                  deferred: [cookie]
                links:
                  - path: /a
                    title: A
                    fallback_delay_ms: 100
                    deferred: []
                    forward_query: no

                """)
        let c = try XCTUnwrap(load(yaml).0)
        let a = c.links[0]
        let topic = c.links[1]
        XCTAssertEqual(a.options.template, "redirect")
        XCTAssertEqual(a.options.fallbackDelayMs, 100)
        XCTAssertEqual(a.options.deferred, [])
        XCTAssertFalse(a.options.forwardQuery)
        XCTAssertEqual(a.options.cookieDays, 3)
        XCTAssertEqual(topic.options.fallbackDelayMs, 900)
        XCTAssertEqual(topic.options.deferred, [.cookie])
    }

    /// One report for every mistake: an app section that cannot be read (its scheme missing)
    /// no longer hides a link's web or script deep link until the app is fixed (#52: four mistakes
    /// had come in two rounds).
    func testADeepLinkNoAppCanOpenIsReportedWhenTheAppItselfHasAnError() {
        let yaml = """
            site:
              url: https://go.example.com
            app:
              name: Cook
              ios: {team_id: ABCDE1234, bundle_id: com.example.cook, app_store_id: "1356057329"}
            links:
              - path: /b
                title: B
                deep_link: https://shop.example/b
              - path: /c
                title: C
                fallback: web
              - path: /d
                title: D
                deep_link: javascript:alert(1)
              - path: /e
                title: E
                deep_link: cook://e
            """
        XCTAssertEqual(
            errors(yaml).map { String($0.prefix { $0 != ";" }) },
            [
                "site-config.yml:5:8: error: app.ios is missing the required key 'scheme'",
                "site-config.yml:5:18: error: team_id 'ABCDE1234' must be 10 characters A-Z and 0-9",
                "site-config.yml:9:16: error: deep_link uses the 'https:' scheme, which is no app's custom scheme",
                "site-config.yml:10:5: error: fallback is 'web' but the link has no web_url",
                "site-config.yml:15:16: error: deep_link uses the 'javascript:' scheme, which is no app's custom scheme",
            ])
    }

    func testYAMLSyntaxErrorHasLineAndColumn() {
        let result = errors("site:\n  url: [https://x.example\napp: {}\n")
        XCTAssertEqual(result.count, 1)
        XCTAssertTrue(result[0].hasPrefix("site-config.yml:3:"), result[0])
        XCTAssertTrue(result[0].contains("YAML syntax"), result[0])
    }

    func testTabIndentationIsASyntaxError() {
        let result = errors("site:\n\turl: https://x.example\n")
        XCTAssertEqual(result.count, 1)
        XCTAssertTrue(result[0].hasPrefix("site-config.yml:2:1: error: YAML syntax"), result[0])
    }

    func testUnknownKeySuggestsTheNearestKnownKey() {
        let yaml = Self.valid.replacingOccurrences(
            of: "    title: Wedding checklist",
            with: "    title: Wedding checklist\n    tittle: typo\n    descripton: typo")
        XCTAssertEqual(
            errors(yaml),
            [
                "site-config.yml:14:5: error: unknown key 'tittle' in a link; did you mean 'title'?",
                "site-config.yml:15:5: error: unknown key 'descripton' in a link; did you mean 'description'?",
            ])
    }

    func testMissingRequiredKeysAreAllReported() {
        let yaml = """
            site:
              title: no url
            app:
              name: Marry
              ios:
                team_id: ABCDE12345
            links:
              - path: /a

            """
        let result = errors(yaml)
        XCTAssertTrue(
            result.contains("site-config.yml:2:3: error: site is missing the required key 'url'; add url: to site"),
            "\(result)")
        XCTAssertTrue(
            result.contains {
                $0.hasPrefix("site-config.yml:6:5: error: app.ios is missing the required key 'bundle_id'")
            }, "\(result)")
        XCTAssertTrue(
            result.contains {
                $0.hasPrefix("site-config.yml:6:5: error: app.ios is missing the required key 'scheme'")
            }, "\(result)")
        XCTAssertTrue(
            result.contains {
                $0.hasPrefix("site-config.yml:8:5: error: the link is missing the required key 'title'")
            }, "\(result)")
    }

    func testWrongTypesNameWhatWasFound() {
        let yaml = Self.valid.replacingOccurrences(
            of: "    title: Wedding checklist",
            with:
                "    title: Wedding checklist\n    fallback_delay_ms: soon\n    forward_query: maybe\n    deferred: clipboard\n    campaign: [a, b]"
        )
        let result = errors(yaml)
        XCTAssertEqual(result.count, 4, "\(result)")
        XCTAssertTrue(
            result[0].hasPrefix("site-config.yml:14:24: error: fallback_delay_ms must be a whole number, found 'soon'"),
            result[0])
        XCTAssertTrue(
            result[1].hasPrefix("site-config.yml:15:20: error: forward_query must be true or false, found 'maybe'"),
            result[1])
        XCTAssertTrue(result[2].hasPrefix("site-config.yml:16:15: error: deferred must be a list"), result[2])
        XCTAssertTrue(result[3].hasPrefix("site-config.yml:17:15: error: campaign must be a mapping"), result[3])
    }

    func testTheDeferredLinkMarkerIsReserved() {
        let yaml = Self.valid.replacingOccurrences(
            of: "    title: Wedding checklist",
            with:
                "    title: Wedding checklist\n    deep_link: marry://topic?id=1&tl%5Ft=5\n    campaign: {utm_source: line, tl_t: '1'}"
        )
        let result = errors(yaml)
        XCTAssertEqual(result.count, 2, "\(result)")
        XCTAssertTrue(result[0].hasPrefix("site-config.yml:14:16: error: deep_link sets 'tl_t'"), result[0])
        XCTAssertTrue(result[1].hasPrefix("site-config.yml:15:34: error: campaign.tl_t is reserved"), result[1])
        let fine = Self.valid.replacingOccurrences(
            of: "    title: Wedding checklist",
            with: "    title: Wedding checklist\n    deep_link: marry://topic?tl_tx=1#tl_t\n    campaign: {tl_t2: x}")
        XCTAssertEqual(errors(fine), [])
    }

    /// A path repeated (one trailing slash is no difference) is an error at both lines; a path
    /// that differs only in case is another link (Firebase's short links are case-sensitive).
    func testDuplicatePathsNameBothLines() {
        let yaml = Self.valid + "  - path: /topic/1/\n    title: again\n  - path: /Topic/1\n    title: case\n"
        XCTAssertEqual(
            errors(yaml),
            [
                "site-config.yml:14:5: error: duplicate path /topic/1; first defined at site-config.yml:12:5; each link needs its own path"
            ])
        XCTAssertEqual(errors(Self.valid + "  - path: /Topic/1\n    title: case\n"), [])
    }

    /// An entry rejected for another mistake still takes its path: a later entry with the same
    /// path is reported with the rejected entry's line, and a link before it names its own.
    func testADuplicateOfARejectedEntryNamesTheRejectedLine() {
        let yaml =
            Self.valid
            + "  - path: /p/9\n    deep_link: ftp://x\n  - path: /p/9\n    title: again\n  - path: /topic/1\n    title: third\n"
        let result = errors(yaml)
        XCTAssertEqual(result.count, 4, "its own two mistakes and two duplicates: \(result)")
        XCTAssertTrue(
            result.contains {
                $0.hasPrefix("site-config.yml:16:5: error: duplicate path /p/9; first defined at site-config.yml:14:5")
            }, "\(result)")
        XCTAssertTrue(
            result.contains {
                $0.hasPrefix(
                    "site-config.yml:18:5: error: duplicate path /topic/1; first defined at site-config.yml:12:5")
            }, "\(result)")
    }

    /// Links are checked in batches of 1,024 on all cores; the result must be what reading them one
    /// by one gives: document order, duplicates found across batches, and the 200-error cut.
    func testLargeListsReadInBatchesKeepOrderDuplicatesAndTheErrorLimit() throws {
        func catalog(_ items: [String]) -> String {
            Self.valid.replacingOccurrences(
                of: "  - path: /topic/1\n    title: Wedding checklist\n", with: items.joined())
        }
        // Line of item i (0-based): the list starts on line 12, each item takes two lines.
        func line(_ i: Int) -> Int { 12 + 2 * i }
        var items = (0..<2_500).map { "  - path: /p/\($0)\n    title: T\($0)\n" }
        items[2_200] = "  - path: /p/3\n    title: again\n"  // batch 3 repeats a path from batch 1
        let (loaded, diagnostics) = load(catalog(items))
        XCTAssertNil(loaded)
        XCTAssertEqual(
            diagnostics.map(\.description),
            [
                "site-config.yml:\(line(2_200)):5: error: duplicate path /p/3; first defined at site-config.yml:\(line(3)):5; each link needs its own path"
            ])
        let (valid, none) = load(catalog((0..<2_500).map { "  - path: /p/\($0)\n    title: T\($0)\n" }))
        XCTAssertEqual(none, [])
        XCTAssertEqual(valid?.links.map(\.path), (0..<2_500).map { "/p/\($0)" }, "document order across batches")

        // 300 bad links over three batches, and a duplicate path between the 199th and the 200th:
        // in document order the duplicate is the 200th error, and the cut comes right after it.
        var bad = (0..<2_500).map { "  - path: /p/\($0)\n    title: T\($0)\n" }
        let badIndices = (0..<300).map { $0 * 8 }
        for i in badIndices { bad[i] = "  - path: p/\(i)\n    title: T\n" }
        bad[1_590] = "  - path: /p/1\n    title: again\n"
        let reported = errors(catalog(bad))
        XCTAssertEqual(reported.count, 201, "\(reported.suffix(2))")
        XCTAssertEqual(
            reported.prefix(199).map { $0.split(separator: ":")[1] },
            badIndices.prefix(199).map { Substring(String(line($0))) })
        XCTAssertTrue(
            reported[199].hasPrefix("site-config.yml:\(line(1_590)):5: error: duplicate path /p/1"), reported[199])
        XCTAssertTrue(
            reported[200].hasPrefix("site-config.yml:\(line(1_590)):5: error: too many errors; stopping here"),
            reported[200])
    }

    func testPathsThatCouldLeaveTheOutputFolderAreRejected() {
        for bad in [
            "/../etc/passwd", "/a/%2e%2e/b", "/a\\\\b", "topic", "/a/./b", "/a..b", "/a//b", "/.well-known/x",
            "/loadCookie.html", "/a?b", "/a*", "/", "/sp ace",
        ] {
            let yaml = Self.valid.replacingOccurrences(of: "path: /topic/1", with: "path: \"\(bad)\"")
            let result = errors(yaml)
            XCTAssertEqual(result.count, 1, "\(bad): \(result)")
            // A '*' makes the path a route (README, "Routes"): the route grammar refuses it where it stands.
            let expected = bad == "/a*" ? "site-config.yml:12:14: error: route" : "site-config.yml:12:11: error: path"
            XCTAssertTrue(result.first?.hasPrefix(expected) == true, "\(bad): \(result)")
        }
    }

    func testDangerousURLSchemesAreRejectedInEveryURLField() {
        for value in [
            "javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,x", "vbscript:x", "//evil.example/x",
            " https://x.example", "https://x.example/\"onload",
        ] {
            for key in ["web_url", "image"] {
                let yaml = Self.valid.replacingOccurrences(
                    of: "    title: Wedding checklist", with: "    title: Wedding checklist\n    \(key): '\(value)'")
                let result = errors(yaml)
                XCTAssertEqual(result.count, 1, "\(key)=\(value): \(result)")
                XCTAssertTrue(result.first?.hasPrefix("site-config.yml:14:") == true, "\(key)=\(value): \(result)")
            }
        }
        let deep = errors(
            Self.valid.replacingOccurrences(
                of: "    title: Wedding checklist",
                with: "    title: Wedding checklist\n    deep_link: javascript:alert(1)"))
        XCTAssertEqual(
            deep,
            [
                "site-config.yml:14:16: error: deep_link uses the 'javascript:' scheme, not the app's 'marry:'; deep links open the app through its own scheme; write marry://..."
            ])
        let scheme = errors(Self.valid.replacingOccurrences(of: "scheme: marry", with: "scheme: javascript"))
        XCTAssertTrue(
            scheme.first?.hasPrefix("site-config.yml:10:13: error: scheme 'javascript' is not an app's custom scheme")
                == true, "\(scheme)")
    }

    func testSiteURLMustBeHTTPSAndHostOnly() {
        XCTAssertTrue(
            errors(
                Self.valid.replacingOccurrences(of: "url: https://go.example.com", with: "url: http://go.example.com")
            ).first?.hasPrefix("site-config.yml:2:8: error: site.url must use https") == true)
        XCTAssertTrue(
            errors(
                Self.valid.replacingOccurrences(
                    of: "url: https://go.example.com", with: "url: https://go.example.com/links")
            ).first?.hasPrefix("site-config.yml:2:8: error: site.url must be just https:// and a host") == true)
    }

    func testAppIdentifiersAreChecked() {
        let yaml = Self.valid
            .replacingOccurrences(of: "team_id: ABCDE12345", with: "team_id: abc")
            .replacingOccurrences(of: "bundle_id: com.example.marry", with: "bundle_id: marry")
            .replacingOccurrences(of: "app_store_id: \"1356057329\"", with: "app_store_id: id135")
        let result = errors(yaml)
        XCTAssertEqual(
            result.map { String($0.prefix(while: { $0 != "'" })) },
            [
                "site-config.yml:7:14: error: team_id ",
                "site-config.yml:8:16: error: bundle_id ",
                "site-config.yml:9:19: error: app_store_id ",
            ])
    }

    func testNonAppleStoreURLIsAWarningNotAnError() throws {
        let yaml = Self.valid.replacingOccurrences(
            of: "scheme: marry", with: "scheme: marry\n    app_store_url: https://example.com/get")
        let (catalog, diagnostics) = load(yaml)
        XCTAssertEqual(catalog?.app.ios?.appStoreURL, "https://example.com/get")
        XCTAssertEqual(diagnostics.map(\.severity), [.warning])
        XCTAssertTrue(
            diagnostics[0].description.hasPrefix(
                "site-config.yml:11:20: warning: app_store_url does not point at apps.apple.com"))
    }

    func testFallbackWebNeedsAWebURL() {
        let result = errors(
            Self.valid.replacingOccurrences(
                of: "    title: Wedding checklist", with: "    title: Wedding checklist\n    fallback: web"))
        XCTAssertEqual(
            result,
            [
                "site-config.yml:12:5: error: fallback is 'web' but the link has no web_url; add web_url: https://... to the link, or set fallback: store"
            ])
    }

    func testUnknownTemplateSuggestsAKnownOne() {
        let result = errors(
            Self.valid.replacingOccurrences(
                of: "    title: Wedding checklist", with: "    title: Wedding checklist\n    template: redirekt"))
        XCTAssertEqual(result, ["site-config.yml:14:15: error: no template named 'redirekt'; did you mean 'redirect'?"])
    }

    func testControlCharactersAreRejectedButUnicodeTextIsKept() throws {
        let nul = errors(Self.valid.replacingOccurrences(of: "title: Wedding checklist", with: "title: \"a\\0b\""))
        XCTAssertEqual(
            nul, ["site-config.yml:13:12: error: title contains the character U+0000; remove the control character"])
        let c = try XCTUnwrap(
            load(
                Self.valid.replacingOccurrences(
                    of: "title: Wedding checklist", with: "title: \"\u{202E}gnp.exe 💍 \\u2028 ok\"")
            ).0)
        XCTAssertEqual(c.links[0].title, "\u{202E}gnp.exe 💍 \u{2028} ok")
    }

    func testEmptyFileAndNonMappingRoot() {
        XCTAssertEqual(
            errors("").first,
            "site-config.yml:1:1: error: the catalog is empty; a catalog needs site:, app: and links: sections (run 'trampoline init' for a starter)"
        )
        XCTAssertTrue(
            errors("- a\n- b\n").first?.hasPrefix("site-config.yml:1:1: error: the catalog must be a mapping") == true)
    }

    func testInvalidUTF8IsReportedAtItsPosition() {
        var data = Data("site:\n  title: caf".utf8)
        data.append(contentsOf: [0xC3, 0x28])
        let (_, engine) = CatalogLoader().load(data: data, displayPath: "site-config.yml")
        XCTAssertEqual(
            engine.sorted.map(\.description),
            ["site-config.yml:2:13: error: the catalog is not valid UTF-8 text; save the file as UTF-8"])
    }

    func testByteOrderMarkIsAccepted() {
        let (catalog, _) = CatalogLoader(knownTemplates: nil).load(
            data: Data([0xEF, 0xBB, 0xBF]) + Data(Self.valid.utf8), displayPath: "x.yml")
        XCTAssertNotNil(catalog)
    }

    /// A catalog file is read straight into the parser's buffer (`FileBytes`, `UTF8Check`), the
    /// loaded bytes through a `String`: the two give the same catalog and the same diagnostics,
    /// with a byte-order mark, invalid UTF-8 (at the start, the middle, the end, in a multi-byte
    /// sequence), an empty file and a file that is only the mark.
    func testAFileReadsAsItsBytesLoad() throws {
        let valid = Data(Self.valid.utf8)
        let bom = Data([0xEF, 0xBB, 0xBF])
        var inputs: [Data] = [valid, bom + valid, Data(), bom, Data("links: [".utf8)]
        for (at, bad) in [
            (0, [UInt8(0xFF)]), (valid.count / 2, [0xC3, 0x28]), (valid.count, [0xE2, 0x82]), (10, [0xED, 0xA0, 0x80]),
        ] {
            var data = valid
            data.insert(contentsOf: bad, at: at)
            inputs += [data, bom + data]
        }
        let directory = try TemporaryDirectory()
        let folder = directory.url
        for (index, data) in inputs.enumerated() {
            let url = folder.appendingPathComponent("site-config.yml")
            try data.write(to: url)
            let loader = CatalogLoader(knownTemplates: nil)
            let fromFile = loader.load(contentsOf: url, displayPath: "site-config.yml")
            let fromBytes = loader.load(data: data, displayPath: "site-config.yml", baseURL: folder)
            XCTAssertEqual(fromFile.catalog, fromBytes.catalog, "input \(index)")
            XCTAssertEqual(
                fromFile.diagnostics.sorted.map(\.description), fromBytes.diagnostics.sorted.map(\.description),
                "input \(index)")
        }
        XCTAssertNotNil(
            CatalogLoader(knownTemplates: nil).load(
                contentsOf: folder.appendingPathComponent("site-config.yml"), displayPath: "x"
            ).diagnostics.sorted.first { $0.message.contains("not valid UTF-8") })
    }

    func testAliasBombStopsWithABoundedNumberOfErrors() {
        var previous = "a"
        var bomb = "x0: &a [\"x\", \"x\", \"x\", \"x\", \"x\", \"x\", \"x\", \"x\", \"x\", \"x\"]\n"
        for level in 1...8 {
            bomb +=
                "x\(level): &l\(level) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
            previous = "l\(level)"
        }
        let catalog =
            "anchors:\n" + bomb.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n"
            + Self.valid.replacingOccurrences(
                of: "links:\n  - path: /topic/1\n    title: Wedding checklist\n", with: "links: *l8\n")
        let result = errors(catalog)
        // Aliases share their anchor's value, but the text they stand for counts (issue #51: a
        // 0.94 MB catalog had made 533 MB of pages): 10^7 strings are past the budget, refused at
        // the alias that passes it, before any link is read.
        XCTAssertEqual(result.count, 2, "\(result)")
        XCTAssertTrue(result[0].contains("unknown key 'anchors'"), "\(result)")
        XCTAssertTrue(
            result[1].hasPrefix("site-config.yml:8:") && result[1].contains("aliases repeat more than 16 MB"),
            "\(result)")
    }
}
