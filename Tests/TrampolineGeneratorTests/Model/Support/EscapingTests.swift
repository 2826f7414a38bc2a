import TrampolineModel
import TrampolineTestSupport
import XCTest

final class EscapingTests: XCTestCase {
    func testHTMLEscapesEveryMarkupCharacter() {
        XCTAssertEqual(
            Escaping.html("<a href=\"x\" onclick='y'>&</a>"),
            "&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;")
    }

    func testScriptSafeJSONCannotCloseTheScriptElement() {
        let json = Escaping.scriptSafeJSON(Escaping.jsonString("</script><!-- \u{2028}\u{2029} & \"q\" \\"))
        XCTAssertFalse(json.contains("<"))
        XCTAssertFalse(json.contains(">"))
        XCTAssertFalse(json.contains("\u{2028}"))
        XCTAssertFalse(json.contains("\u{2029}"))
        XCTAssertEqual(json, #""\u003c/script\u003e\u003c!-- \u2028\u2029 & \"q\" \\""#, "& is inert in a script")
        // And it still decodes to the original text.
        let decoded = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) as? String
        XCTAssertEqual(decoded, "</script><!-- \u{2028}\u{2029} & \"q\" \\")
    }

    func testJSONStringEscapesControlCharacters() {
        XCTAssertEqual(Escaping.jsonString("a\u{0}b\u{1F}c\nd"), #""a\u0000b\u001fc\nd""#)
    }

    func testJSONStringIsThePlainRewriteAndDecodesBack() {
        // The plain way it was written before it wrote into one buffer: quotes around a rewrite.
        func plain(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        var generator = SeededGenerator(seed: 3)
        let alphabet: [Unicode.Scalar] =
            (0..<0x80).map { Unicode.Scalar(UInt8($0)) } + ["é", "東", "😀", "\u{2028}", "\u{85}", "\u{FFFD}"]
        var texts = [""] + alphabet.map(String.init)
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                text.unicodeScalars.append(alphabet.randomElement(using: &generator)!)
            }
            texts.append(text)
        }
        for text in texts {
            let json = Escaping.jsonString(text)
            XCTAssertEqual(json, plain(text), text.debugDescription)
            let decoded =
                try? JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) as? String
            XCTAssertEqual(decoded, text, text.debugDescription)
        }
    }

    func testFormComponentMatchesURLSearchParams() {
        // Expected values are what `new URLSearchParams({k: v}).toString()` gives in browsers.
        XCTAssertEqual(Escaping.formComponent("a b&c=d/é*~"), "a+b%26c%3Dd%2F%C3%A9*%7E")
        XCTAssertEqual(Escaping.formComponent("javascript:alert(1)"), "javascript%3Aalert%281%29")
    }

    func testMarkdownEscapingKeepsValuesLiteral() {
        XCTAssertEqual(
            Escaping.markdown("# *hi* <b>[x](javascript:y)\nz"), "\\# \\*hi\\* \\<b\\>\\[x\\]\\(javascript\\:y\\) z")
    }
}
