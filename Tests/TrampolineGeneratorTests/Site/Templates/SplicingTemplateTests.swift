import Mustache
import XCTest

@testable import TrampolineModel
@testable import TrampolineSite

/// Splicing must give exactly what swift-mustache gives, for every shape of values, and must step
/// aside (not guess) whenever a template does more than place values.
final class SplicingTemplateTests: XCTestCase {
    private let hostile = [
        "<script>alert('x')</script> & \"q\"", "Café № 1 — “big” 😀", "a\u{2028}b", "*_[x](javascript:y)_*",
        "\u{E000}9\u{E001}",
    ]

    private func layout() throws -> SplicingTemplate {
        var engine = DiagnosticEngine()
        let set = try XCTUnwrap(TemplateSet.load(overrides: nil, displayDirectory: "Templates", engine: &engine))
        return set.layout
    }

    func testTheBuiltInLayoutSplicesToMustachesOutputForEveryShape() throws {
        let layout = try layout()
        let optional = ["description", "url", "image", "button_href", "data", "script", "csp"]
        for mask in 0..<(1 << optional.count) {
            for (n, value) in hostile.enumerated() {
                let values: [String?] = layout.keys.enumerated().map { i, key in
                    if let bit = optional.firstIndex(of: key), mask & (1 << bit) == 0 { return nil }
                    return "\(key) \(n): \(value)"
                }
                XCTAssertEqual(layout.render(values), layout.renderWithMustache(values), "shape \(mask), value \(n)")
            }
        }
        // And a shape compiles to slots: the fast path is really taken.
        XCTAssertNotNil(layout.compile(shape: (1 << UInt64(layout.keys.count)) - 1))
    }

    func testBodiesSpliceWithMarkdownEscaping() throws {
        MarkdownContentType.register()
        let source =
            "# {{title}}\n\n{{{description}}}\n{{#image}}![{{title}}]({{image}}){{/image}}{{^image}}no image{{/image}}\n"
        let body = SplicingTemplate(
            try MustacheTemplate(string: "{{% CONTENT_TYPE: \(MarkdownContentType.name)}}" + source),
            source: source, keys: BodyValues.keys, escaper: .markdown
        )
        for value in hostile {
            for image in [nil, "https://example.com/i.png"] {
                let values: [String?] = [
                    "App", "Site", "https://apps.apple.com/app/id1", value, "**\(value)**", image,
                    "https://go.example.com/x", "app://x",
                ]
                let spliced = body.render(values)
                XCTAssertEqual(spliced, body.renderWithMustache(values))
                XCTAssertTrue(spliced.contains(Escaping.markdown(value)), spliced)
            }
        }
    }

    func testATransformedValueIsLeftToMustache() throws {
        let source = "<h1>{{uppercased(title)}}</h1><p>{{title}}</p>"
        HTMLContentType.register()
        let template = SplicingTemplate(
            try MustacheTemplate(string: "{{% CONTENT_TYPE: \(HTMLContentType.name)}}" + source),
            source: source, keys: ["title"], escaper: .html
        )
        XCTAssertNil(template.compile(shape: 1), "a transform cannot be spliced")
        XCTAssertEqual(template.render(["abc <d>"]), "<h1>ABC &lt;D&gt;</h1><p>abc &lt;d&gt;</p>")
    }

    func testAnEmptyValueAndSentinelCharactersInTheTemplateAreLeftToMustache() throws {
        let plain = "[{{#title}}has {{title}}{{/title}}]"
        let template = SplicingTemplate(
            try MustacheTemplate(string: plain), source: plain, keys: ["title"], escaper: .html)
        XCTAssertEqual(template.render([""]), template.renderWithMustache([""]))
        XCTAssertEqual(template.render(["x"]), "[has x]")
        let marked = "\u{E000}0\u{E001}{{title}}"
        let odd = SplicingTemplate(
            try MustacheTemplate(string: marked), source: marked, keys: ["title"], escaper: .html)
        XCTAssertEqual(odd.render(["v"]), "\u{E000}0\u{E001}v")
    }

    func testAValueEndingInALineBreakInsideAnIndentedBlockStillMatchesMustache() throws {
        MarkdownContentType.register()
        let source = "  {{$x}}\n{{{description}}}\nMore\n  {{/x}}\n"
        let body = SplicingTemplate(
            try MustacheTemplate(string: "{{% CONTENT_TYPE: \(MarkdownContentType.name)}}\n" + source),
            source: source, keys: BodyValues.keys, escaper: .markdown
        )
        for description in ["Plain", "Line\n", "Two\nlines\n"] {
            let values: [String?] = [
                "App", "Site", "https://apps.apple.com/app/id1", "T", description, nil, "https://go.example.com/x",
                "app://x",
            ]
            XCTAssertEqual(body.render(values), body.renderWithMustache(values), description)
        }
    }
}

extension SplicingTemplate {
    /// What the page renderer gets, as text: `values[i]` for `keys[i]` (nil: absent).
    func render(_ values: [String?]) -> String {
        var out: [UInt8] = []
        render(values.map { $0.map { Array($0.utf8) } }, into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
