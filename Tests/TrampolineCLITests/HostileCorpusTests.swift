import Foundation
import TrampolineTestSupport
import XCTest

/// Runs `trampoline build` on every catalog in `Fixtures/hostile/` (see its README.md) over a
/// folder that already holds a good site. A catalog is either rejected (status 1, located
/// `FILE:LINE:COL: error:` lines, nothing on stdout, the folder untouched) or built into pages
/// where no catalog value can run as script or leave its attribute.
final class HostileCorpusTests: XCTestCase {
    // MARK: - The corpus

    enum Expectation: String { case build, reject }

    struct ExpectedError: Hashable {
        var line: Int
        var column: Int
        var message: String
    }

    struct Entry {
        var name: String
        var bytes: Data
        var expectation: Expectation
        var errors: [ExpectedError]
    }

    static let corpusFolder = "Fixtures/hostile"

    /// Every `*.yml` of the corpus with its expectation: from its own first lines, or from the
    /// `<name>.yml.expect` sidecar when the file is binary.
    static func corpus() throws -> [Entry] {
        let folder = try XCTUnwrap(Bundle.module.url(forResource: corpusFolder, withExtension: nil))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yml") }
            .sorted()
        return try names.map { name in
            let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
            let sidecar = folder.appendingPathComponent(name + ".expect")
            let header =
                FileManager.default.fileExists(atPath: sidecar.path)
                ? try String(contentsOf: sidecar, encoding: .utf8) : String(decoding: bytes, as: UTF8.self)
            return try parse(name: name, bytes: bytes, header: header)
        }
    }

    static func parse(name: String, bytes: Data, header: String) throws -> Entry {
        // "\r\n" is one Character in Swift: split on scalars so CRLF files read like the others.
        let lines = header.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String(String.UnicodeScalarView($0.last == "\r" ? $0.dropLast() : $0[...])) }
        guard let first = lines.first, first.hasPrefix("# expect: "),
            let expectation = Expectation(rawValue: String(first.dropFirst("# expect: ".count)))
        else {
            throw CorpusError("\(name): the first line must be '# expect: build' or '# expect: reject'")
        }
        var errors: [ExpectedError] = []
        for line in lines.dropFirst() where line.hasPrefix("# error: ") {
            let rest = line.dropFirst("# error: ".count)
            let position = rest.prefix { $0 != " " }
            let parts = position.split(separator: ":")
            guard parts.count == 2, let l = Int(parts[0]), let c = Int(parts[1]) else {
                throw CorpusError("\(name): bad '# error:' line \(line)")
            }
            errors.append(ExpectedError(line: l, column: c, message: String(rest.dropFirst(position.count + 1))))
        }
        return Entry(name: name, bytes: bytes, expectation: expectation, errors: errors)
    }

    struct CorpusError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    // MARK: - Tests

    func testCorpusIsLargeAndEveryRejectionIsLocated() throws {
        let corpus = try Self.corpus()
        XCTAssertGreaterThanOrEqual(corpus.count, 40)
        XCTAssertGreaterThanOrEqual(corpus.filter { $0.expectation == .build }.count, 10)
        XCTAssertGreaterThanOrEqual(corpus.filter { $0.expectation == .reject }.count, 30)
        for entry in corpus where entry.expectation == .reject {
            XCTAssertFalse(entry.errors.isEmpty, "\(entry.name) lists no '# error: LINE:COL message' line")
        }
        XCTAssertGreaterThanOrEqual(
            corpus.reduce(0) { $0 + $1.errors.count }, 200, "exact line:col for a good number of values")
    }

    func testEveryEntryIsRejectedWithItsLocationsOrBuiltInert() throws {
        let corpus = try Self.corpus()
        let tool = try ToolFiles.load()
        for entry in corpus {
            try check(entry, tool: tool)
        }
    }

    /// 10 MB in one value is generated here rather than committed.
    func testTenMegabyteValueIsRejectedAtTheValue() throws {
        let unit = "</script><script>alert('XSS')</script>\\u2028<!--"
        let big = String(repeating: unit, count: 10 * 1_048_576 / unit.utf8.count + 1)
        let good = try goodCatalog()
        let text = good + "  - path: /big\n    title: \"" + big + "\"\n"
        let titleLine = good.filter { $0 == "\n" }.count + 2
        let entry = Entry(
            name: "generated-10mb.yml", bytes: Data(text.utf8), expectation: .reject,
            errors: [ExpectedError(line: titleLine, column: 12, message: "bytes long")])
        XCTAssertGreaterThan(big.utf8.count, 10_000_000)
        try check(entry, tool: try ToolFiles.load())
    }

    func testDirectoryInsteadOfAFileIsRejected() throws {
        let dir = try TemporaryDirectory()
        let before = try buildGoodSite(in: dir)
        try FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent("hostile/folder.yml"), withIntermediateDirectories: true)
        let result = try TrampolineProcess.run(
            ["build", "--config", "hostile/folder.yml", "--output", "out"], in: dir.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "hostile/folder.yml:1:1: error: hostile/folder.yml is a directory, not a catalog file"), result.stderr)
        XCTAssertEqual(dir.contents(of: "out"), before)
    }

    /// The inertness check itself must be able to fail: feed it pages with each kind of injection.
    func testInertnessCheckCatchesEachKindOfInjection() throws {
        let tool = try ToolFiles.load()
        let dir = try TemporaryDirectory()
        XCTAssertEqual(
            try TrampolineProcess.run(["build", "--config", "good.yml", "--output", "out"], in: try goodDirectory(dir))
                .status, 0)
        let page = try XCTUnwrap(dir.read("out/topic/1/index.html"))
        XCTAssertEqual(Inertness.problems(in: page, tool: tool), [], "the good page must pass")
        let injections: [(String, String)] = [
            ("<h1>", "<h1><script>alert(1)</script>"),
            ("<h1>", "<h1><img src=x onerror=alert(1)>"),
            ("<h1>", "<h1><svg/onload=alert(1)>"),
            ("<meta name=\"robots\"", "<meta name=\"x\" content=\"1\" onclick='alert(1)'><meta name=\"robots\""),
            ("href=\"https://apps.apple.com", "href=\" JaVa&#x53;cript:alert(1)//https://apps.apple.com"),
            ("href=\"https://apps.apple.com", "href=\"java\tscript:alert(1)//https://apps.apple.com"),
            ("href=\"https://apps.apple.com", "href=\"data:text/html,x//https://apps.apple.com"),
            ("<meta property=\"og:type\" content=\"website\">", "<meta property=\"og:image\" content=\"vbscript:x\">"),
            ("\"deferredLink\":\"", "\"deferredLink\":\"</script><script>alert(1)</script>"),
            ("\"deferredLink\":\"", "\"deferredLink\":\"\u{2028}"),
            ("\"deferredLink\":\"", "\"deferredLink\":\"\"x"),
            ("\"use strict\";", "\"use strict\"; alert(1);"),
        ]
        for (anchor, replacement) in injections {
            XCTAssertTrue(page.contains(anchor), anchor)
            let hostile = page.replacingOccurrences(of: anchor, with: replacement)
            XCTAssertNotEqual(Inertness.problems(in: hostile, tool: tool), [], "not caught: \(replacement)")
        }
    }

    // MARK: - One entry

    func check(_ entry: Entry, tool: ToolFiles, file: StaticString = #filePath, line: UInt = #line) throws {
        let dir = try TemporaryDirectory()
        let before = try buildGoodSite(in: dir)
        let config = "hostile/\(entry.name)"
        try FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent("hostile"), withIntermediateDirectories: true)
        try entry.bytes.write(to: dir.url.appendingPathComponent(config))
        let result = try TrampolineProcess.run(["build", "--config", config, "--output", "out"], in: dir.url)
        let context = "\(entry.name):\n\(result.stderr.prefix(3000))"

        switch entry.expectation {
        case .reject:
            XCTAssertEqual(
                result.status, 1, "status must be exactly 1 (not a crash or signal): \(context)", file: file, line: line
            )
            XCTAssertEqual(result.stdout, "", context, file: file, line: line)
            let found = Self.locatedErrors(in: result.stderr, config: config)
            XCTAssertFalse(found.isEmpty, "no '\(config):LINE:COL: error: ' line: \(context)", file: file, line: line)
            for expected in entry.errors {
                let here = found.filter { $0.line == expected.line && $0.column == expected.column }
                XCTAssertTrue(
                    here.contains { $0.message.contains(expected.message) },
                    "\(entry.name): expected \(expected.line):\(expected.column) error: …\(expected.message)…, got \(here.map(\.message)) \(context)",
                    file: file, line: line)
            }
            XCTAssertEqual(
                Set(found.map { "\($0.line):\($0.column)" }), Set(entry.errors.map { "\($0.line):\($0.column)" }),
                "error locations: \(context)", file: file, line: line)
            // A diagnostic that echoes a catalog value raw could drive the terminal (ESC, BEL) or hide text (NUL).
            let raw = result.stderr.unicodeScalars.filter {
                ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
            }
            XCTAssertEqual(
                raw.map { String($0.value, radix: 16) }, [], "raw control characters on stderr: \(entry.name)",
                file: file, line: line)
            XCTAssertEqual(
                dir.contents(of: "out"), before, "\(entry.name): a rejected build changed the output folder",
                file: file, line: line)

        case .build:
            XCTAssertEqual(result.status, 0, context, file: file, line: line)
            XCTAssertTrue(result.stdout.hasPrefix("Built "), result.stdout, file: file, line: line)
            XCTAssertFalse(result.stderr.contains(": error: "), context, file: file, line: line)
            let files = dir.files(under: "out")
            let pages = files.filter { $0.key.hasSuffix(".html") }
            XCTAssertGreaterThanOrEqual(pages.count, 4, entry.name, file: file, line: line)
            for (path, html) in pages.sorted(by: { $0.key < $1.key }) {
                for problem in Inertness.problems(in: html, tool: tool) {
                    XCTFail("\(entry.name) → out/\(path): \(problem)", file: file, line: line)
                }
            }
            for aasa in ["apple-app-site-association", ".well-known/apple-app-site-association"] {
                let data = try XCTUnwrap(
                    dir.contents(of: "out")[aasa], "\(entry.name): no \(aasa)", file: file, line: line)
                XCTAssertNoThrow(
                    try JSONSerialization.jsonObject(with: data), "\(entry.name): \(aasa) is not JSON", file: file,
                    line: line)
            }
            // site.output is ignored under --output, whatever it says (build-odd-paths points it out of the tree).
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: "/tmp/trampoline-hostile-escape"), entry.name, file: file,
                line: line)
        }
    }

    struct LocatedError {
        var line: Int
        var column: Int
        var message: String
    }

    static func locatedErrors(in stderr: String, config: String) -> [LocatedError] {
        let prefix = config + ":"
        return stderr.split(separator: "\n").compactMap { line in
            guard line.hasPrefix(prefix) else { return nil }
            let rest = line.dropFirst(prefix.count)
            let parts = rest.split(separator: ":", maxSplits: 2)
            guard parts.count == 3, let l = Int(parts[0]), let c = Int(parts[1]), parts[2].hasPrefix(" error: ") else {
                return nil
            }
            return LocatedError(line: l, column: c, message: String(parts[2].dropFirst(" error: ".count)))
        }
    }

    // MARK: - The good site

    func goodCatalog() throws -> String {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/example.yml", withExtension: nil))
        return try String(contentsOf: url, encoding: .utf8)
    }

    @discardableResult
    func goodDirectory(_ dir: TemporaryDirectory) throws -> URL {
        try dir.write("good.yml", try goodCatalog())
        return dir.url
    }

    /// Builds the example catalog into `out/` with a file of the user's own, and snapshots it.
    func buildGoodSite(in dir: TemporaryDirectory) throws -> [String: Data] {
        try goodDirectory(dir)
        let good = try TrampolineProcess.run(["build", "--config", "good.yml", "--output", "out"], in: dir.url)
        XCTAssertEqual(good.status, 0, good.stderr)
        try dir.write("out/CNAME", "go.example.com")
        let snapshot = dir.contents(of: "out")
        XCTAssertNotNil(snapshot["topic/1/index.html"])
        return snapshot
    }
}

/// The tool's own style and scripts, as the repository's `Templates/` holds them.
struct ToolFiles {
    /// `Templates/trampoline.js` (link pages), `Templates/loadCookie.js` (loadCookie.html) and
    /// `Templates/trampoline-route.js` (the home and 404 pages of an app on Android, and of a site
    /// with routes), as ``code(_:)`` reads them.
    var scripts: Set<String>
    var style: String

    /// A script's code with its comments and all whitespace gone (written here again,
    /// independently of the tool's minifier): what the source and the page's minified script must
    /// share. Comments in the templates are whole `//` lines or `/* … */` on one line.
    static func code(_ script: String) -> String {
        var text = script.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.drop { $0 == " " || $0 == "\t" }.hasPrefix("//") }
            .joined(separator: "\n")
        while let open = text.range(of: "/*"), let close = text.range(of: "*/", range: open.upperBound..<text.endIndex)
        {
            text.removeSubrange(open.lowerBound..<close.upperBound)
        }
        return String(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
    }

    static func load() throws -> ToolFiles {
        let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Templates")
        return ToolFiles(
            scripts: Set(
                try ["trampoline.js", "loadCookie.js", "trampoline-route.js"].map {
                    code(try String(contentsOf: templates.appendingPathComponent($0), encoding: .utf8))
                }),
            // Inlined with the line breaks after its rules' braces taken out.
            style: try String(contentsOf: templates.appendingPathComponent("style.css"), encoding: .utf8)
                .replacingOccurrences(of: "}\n", with: "}").trimmingCharacters(in: .whitespacesAndNewlines)
        )
    }
}

/// Reads a generated page the way a browser's tokenizer would (tags, attributes, raw-text
/// elements, comments) and lists every way a catalog value could have become active.
enum Inertness {
    static let dataOpen = "<script type=\"application/json\" id=\"trampoline-data\">"
    /// Elements the layout and cmark's safe mode produce. Anything else came from a value.
    static let allowedElements: Set<String> = [
        "html", "head", "meta", "title", "link", "style", "body", "main", "script", "h1", "h2", "h3", "h4", "h5", "h6",
        "p", "div",
        "a", "img", "em", "strong", "code", "pre", "ul", "ol", "li", "blockquote", "hr", "br",
    ]
    static let urlAttributes: Set<String> = [
        "href", "src", "action", "formaction", "poster", "srcset", "background", "cite", "data", "xlink:href",
    ]

    static func problems(in html: String, tool: ToolFiles) -> [String] {
        var problems: [String] = []
        let s = Array(html.unicodeScalars)
        var i = 0
        var scripts: [(attributes: [(String, String)], body: String)] = []

        func lower(_ a: ArraySlice<Unicode.Scalar>) -> String { String(String.UnicodeScalarView(a)).lowercased() }
        func starts(_ text: String, at index: Int) -> Bool {
            let t = Array(text.unicodeScalars)
            return index + t.count <= s.count && lower(s[index..<index + t.count]) == text
        }
        func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" }

        while i < s.count {
            guard s[i] == "<" else {
                i += 1
                continue
            }
            if starts("<!--", at: i) {
                var j = i + 4
                while j < s.count, !starts("-->", at: j) { j += 1 }
                i = j + 3
                continue
            }
            if starts("<!doctype", at: i) || starts("</", at: i) {
                while i < s.count, s[i] != ">" { i += 1 }
                continue
            }
            guard i + 1 < s.count, s[i + 1].properties.isAlphabetic else {
                problems.append("a raw '<' in text at offset \(i)")
                i += 1
                continue
            }
            var j = i + 1
            while j < s.count, !isSpace(s[j]), s[j] != ">", s[j] != "/" { j += 1 }
            let name = lower(s[(i + 1)..<j])
            var attributes: [(String, String)] = []
            while j < s.count {
                while j < s.count, isSpace(s[j]) || s[j] == "/" { j += 1 }
                if j >= s.count || s[j] == ">" {
                    j += 1
                    break
                }
                let nameStart = j
                while j < s.count, !isSpace(s[j]), s[j] != "=", s[j] != ">", s[j] != "/" { j += 1 }
                let attribute = lower(s[nameStart..<j])
                while j < s.count, isSpace(s[j]) { j += 1 }
                var value = ""
                if j < s.count, s[j] == "=" {
                    j += 1
                    while j < s.count, isSpace(s[j]) { j += 1 }
                    if j < s.count, s[j] == "\"" || s[j] == "'" {
                        let quote = s[j]
                        let start = j + 1
                        j = start
                        while j < s.count, s[j] != quote { j += 1 }
                        value = String(String.UnicodeScalarView(s[start..<min(j, s.count)]))
                        j += 1
                    } else {
                        let start = j
                        while j < s.count, !isSpace(s[j]), s[j] != ">" { j += 1 }
                        value = String(String.UnicodeScalarView(s[start..<j]))
                    }
                }
                attributes.append((attribute, decodeEntities(value)))
            }
            if !allowedElements.contains(name) { problems.append("unexpected element <\(name)>") }
            for (attribute, value) in attributes {
                if attribute.hasPrefix("on") { problems.append("event handler attribute \(attribute)= on <\(name)>") }
                if attribute == "http-equiv", value.lowercased() != "content-security-policy" {
                    problems.append("<meta http-equiv=\(value)>")
                }
                if attribute == "style" { problems.append("style attribute on <\(name)>") }
                if urlAttributes.contains(attribute), let scheme = scriptScheme(value) {
                    problems.append("\(scheme) URL in \(attribute)= on <\(name)>: \(value.prefix(80))")
                }
                if attribute == "content" {
                    // og:image, og:url, twitter:image are URLs; apple-itunes-app carries app-argument=URL.
                    let candidates =
                        [value] + value.components(separatedBy: "app-argument=").dropFirst()
                        + value.components(separatedBy: "url=").dropFirst()
                    if let scheme = candidates.lazy.compactMap(scriptScheme).first {
                        problems.append("\(scheme) URL in content= on <\(name)>: \(value.prefix(80))")
                    }
                }
            }
            i = j
            if name == "script" || name == "style" {
                let close = "</" + name
                var k = i
                while k < s.count, !starts(close, at: k) { k += 1 }
                let body = String(String.UnicodeScalarView(s[i..<min(k, s.count)]))
                if name == "script" {
                    scripts.append((attributes, body))
                } else if body != tool.style {
                    problems.append("the <style> element is not the tool's style.css")
                }
                i = k
            }
        }

        // Exactly the tool's two scripts, at most: the JSON data block and the inline script.
        let data = scripts.filter {
            $0.attributes.map { "\($0.0)=\($0.1)" } == ["type=application/json", "id=trampoline-data"]
        }
        let code = scripts.filter { $0.attributes.isEmpty }
        if data.count + code.count != scripts.count || data.count > 1 || code.count > 1 {
            problems.append(
                "script elements other than the tool's two: \(scripts.map { $0.attributes.map { "\($0.0)=\($0.1)" } })")
        }
        if html.components(separatedBy: "<script").count - 1 != scripts.count {
            problems.append("'<script' appears outside the tool's script elements")
        }
        if !html.contains(dataOpen), data.count == 1 {
            problems.append("the data block is not written as the tool writes it")
        }
        for block in code where !tool.scripts.contains(ToolFiles.code(block.body)) {
            problems.append(
                "the inline script is not the tool's trampoline.js, loadCookie.js or trampoline-route.js (\(block.body.count) characters)"
            )
        }
        for block in data {
            if let bad = block.body.unicodeScalars.first(where: { $0 == "<" || $0 == "\u{2028}" || $0 == "\u{2029}" }) {
                problems.append("the JSON data block contains a raw U+\(String(bad.value, radix: 16, uppercase: true))")
            }
            if (try? JSONSerialization.jsonObject(with: Data(block.body.utf8))) as? [String: Any] == nil {
                problems.append("the JSON data block does not parse as a JSON object")
            }
        }
        return problems
    }

    /// The scheme a browser would see, if it is one that runs code or inlines content.
    static func scriptScheme(_ value: String) -> String? {
        // URL parsing strips leading/trailing C0 controls and spaces and removes tabs and newlines anywhere.
        let scalars = value.unicodeScalars.drop { $0.value <= 0x20 }.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        let lowered = String(String.UnicodeScalarView(scalars)).lowercased()
        return ["javascript:", "data:", "vbscript:"].first { lowered.hasPrefix($0) }
    }

    static func decodeEntities(_ value: String) -> String {
        guard value.contains("&") else { return value }
        var result = ""
        var rest = Substring(value)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            rest = rest[amp...]
            guard let semi = rest.prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = rest.dropFirst()
                continue
            }
            let entity = rest[rest.index(after: rest.startIndex)..<semi]
            let named: [Substring: String] = [
                "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "colon": ":", "tab": "\t", "newline": "\n",
            ]
            var decoded: String?
            if let n = named[entity] {
                decoded = n
            } else if entity.hasPrefix("#x") || entity.hasPrefix("#X"), let v = UInt32(entity.dropFirst(2), radix: 16),
                let u = Unicode.Scalar(v)
            {
                decoded = String(u)
            } else if entity.hasPrefix("#"), let v = UInt32(entity.dropFirst()), let u = Unicode.Scalar(v) {
                decoded = String(u)
            }
            if let decoded {
                result += decoded
                rest = rest[rest.index(after: semi)...]
            } else {
                result += "&"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }
}
