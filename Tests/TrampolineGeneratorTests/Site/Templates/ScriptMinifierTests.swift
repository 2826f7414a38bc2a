import XCTest

@testable import TrampolineSite

/// The JSMin rules the pages' scripts are minified with. The browser suite runs the minified
/// built-in scripts in Chromium and WebKit and checks them against PyPI's jsmin.
final class ScriptMinifierTests: XCTestCase {
    private func minify(_ source: String) throws -> String {
        try XCTUnwrap(ScriptMinifier.minify(source))
    }

    func testCommentsAndSpacingGoTokensStay() throws {
        XCTAssertEqual(try minify("// header\nvar a = 1; /* why */ var b = a + 2;\n"), "var a=1;var b=a+2;")
        XCTAssertEqual(try minify("function f (x, y) {\n  return x * y;\n}\n"), "function f(x,y){return x*y;}")
    }

    func testStringsAndTemplateLiteralsAreKeptByteForByte() throws {
        let source = #"var s = "a  // not a comment /* nor this */", t = 'it\'s  ok', u = `x  ${1 + 1}  y`;"#
        XCTAssertEqual(
            try minify(source), #"var s="a  // not a comment /* nor this */",t='it\'s  ok',u=`x  ${1 + 1}  y`;"#)
        XCTAssertEqual(try minify("var e = \"é ⋯ \\u2028\";"), "var e=\"é ⋯ \\u2028\";")
    }

    func testRegularExpressionsAreKeptWholeAndDivisionIsNotOne() throws {
        XCTAssertEqual(
            try minify(#"var r = / Line\//.test(ua), q = /[/]x/g;"#), #"var r=/ Line\//.test(ua),q=/[/]x/g;"#)
        XCTAssertEqual(try minify("var n = Date.now() / 1000 / 2;"), "var n=Date.now()/1000/2;")
        XCTAssertEqual(try minify("if (a && /x y/.test(b)) c = d ? /p q/ : e;"), "if(a&&/x y/.test(b))c=d?/p q/:e;")
    }

    func testLineBreaksThatAutomaticSemicolonInsertionNeedsStay() throws {
        // Without the break, "return\nx" would return x, and "a\n++b" would read as "a++ b".
        XCTAssertEqual(try minify("function f() {\n  return\n  x\n}"), "function f(){return\nx}")
        XCTAssertEqual(try minify("a = b\n++c"), "a=b\n++c")
        XCTAssertEqual(try minify("var a = b + +c, d = e - -f;"), "var a=b+ +c,d=e- -f;")
    }

    func testUnfinishedTokensAreRefused() {
        XCTAssertNil(ScriptMinifier.minify("var s = \"open"))
        XCTAssertNil(ScriptMinifier.minify("var r = /open"))
        XCTAssertNil(ScriptMinifier.minify("/* open"))
    }

    func testTheBuiltInScriptsShrinkAndKeepEveryStringLiteral() throws {
        for name in TemplateSet.scriptFiles {
            let source = try XCTUnwrap(BuiltinTemplates.files[name])
            let minified = try minify(source)
            XCTAssertLessThan(minified.utf8.count, source.utf8.count * 3 / 4, name)
            // Every double-quoted literal of the source is in the output unchanged.
            let literal = try Regex(#""(?:[^"\\\n]|\\.)*""#)
            for match in source.matches(of: literal) where !source[..<match.range.lowerBound].hasSuffix("//") {
                let line =
                    source[..<match.range.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).last
                    ?? ""
                if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
                XCTAssertTrue(minified.contains(source[match.range]), "\(name): \(source[match.range])")
            }
        }
    }
}
