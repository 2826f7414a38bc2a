import XCTest

@testable import TrampolineModel
@testable import TrampolineSite

/// A template's front matter, read by the catalog's own YAML reader: its keys, and each problem
/// at the file's line and column (the front matter starts on the file's second line).
final class PageTemplateFrontMatterTests: XCTestCase {
    private func parse(_ text: String) -> (PageTemplate?, [Diagnostic]) {
        var engine = DiagnosticEngine()
        let template = PageTemplate.parse(name: "promo", text: text, file: "Templates/promo.md", engine: &engine)
        return (template, engine.diagnostics)
    }

    func testBehaviourAndButtonAreRead() throws {
        let (template, diagnostics) = parse(
            "---\nbehaviour: redirect\nbutton: \"Open {{app}} now\"\n---\n# {{title}}\n")
        XCTAssertEqual(diagnostics.count, 0, "\(diagnostics)")
        let parsed = try XCTUnwrap(template)
        XCTAssertEqual(parsed.behaviour, .redirect)
        var button: [UInt8] = []
        parsed.button?.render(BodyValues.keys.map { $0 == "app" ? Array("Marry".utf8) : nil }, into: &button)
        XCTAssertEqual(String(decoding: button, as: UTF8.self), "Open Marry now")
    }

    func testAnUnknownKeyIsReportedWhereItIs() {
        let (_, diagnostics) = parse("---\nbehaviour: interstitial\n  # a comment\nbuton: Go\n---\nBody\n")
        XCTAssertEqual(diagnostics.count, 1, "\(diagnostics)")
        XCTAssertEqual(diagnostics.first?.message, "unknown front matter key 'buton'")
        XCTAssertEqual(diagnostics.first?.hint, "did you mean 'button'?")
        XCTAssertEqual(diagnostics.first?.location, SourceLocation(file: "Templates/promo.md", line: 4, column: 1))
    }

    func testABadBehaviourIsAnErrorAtItsKey() {
        let (_, diagnostics) = parse("---\n\nbehaviour: link-lookup\n---\nBody\n")
        XCTAssertEqual(diagnostics.first?.location, SourceLocation(file: "Templates/promo.md", line: 3, column: 1))
        XCTAssertTrue(
            diagnostics.first?.message.hasPrefix("behaviour must be one of interstitial") == true, "\(diagnostics)")
    }

    func testInvalidYAMLIsAnErrorAtItsLineAndNoTemplate() {
        let (template, diagnostics) = parse("---\nbehaviour: redirect\nbutton: [unclosed\n---\nBody\n")
        XCTAssertNil(template)
        XCTAssertEqual(diagnostics.count, 1, "\(diagnostics)")
        XCTAssertTrue(
            diagnostics.first?.message.hasPrefix("front matter is not valid YAML: ") == true, "\(diagnostics)")
        // libyaml finds the flow list unclosed at the end of the front matter, after line 3.
        XCTAssertGreaterThanOrEqual(diagnostics.first?.location?.line ?? 0, 3)
        XCTAssertLessThanOrEqual(diagnostics.first?.location?.line ?? 0, 4)
    }

    func testFrontMatterThatIsNotAMappingIsAnError() {
        let (template, diagnostics) = parse("---\n- behaviour\n---\nBody\n")
        XCTAssertNil(template)
        XCTAssertEqual(diagnostics.first?.message, "front matter must be 'key: value' lines")
    }
}
