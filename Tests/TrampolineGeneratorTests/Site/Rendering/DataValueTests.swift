import Foundation
import TrampolineTestSupport
import XCTest

@testable import TrampolineModel
@testable import TrampolineSite

/// A page's data block is written straight into its bytes (`DataValue.appendScriptSafe(to:)`,
/// `Escaping.appendScriptSafeJSONString`); the plain way is the JSON text made script-safe
/// (`Escaping.scriptSafeJSON(DataValue.json)`). They give the same bytes for any value.
final class DataValueTests: XCTestCase {
    /// Text with everything either escaper rewrites, and neighbours that must pass as they are.
    private static let pieces = [
        "a", "Z", " ", "\"", "\\", "/", "<", ">", "&", "'", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{80}",
        "\u{2028}", "\u{2029}", "\u{2027}", "\u{202A}", "\u{2030}", "é", "—", "😀", "東京", "\u{FEFF}", "</script>",
        "<!--", "\\u003c",
    ]

    private static func randomText(_ generator: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    func testStringsAreWrittenAsTheirJSONMadeScriptSafe() {
        var generator = SeededGenerator(seed: 0xDA7A)
        for _ in 0..<5000 {
            let text = Self.randomText(&generator)
            var direct: [UInt8] = []
            Escaping.appendScriptSafeJSONString(text, to: &direct)
            XCTAssertEqual(
                String(decoding: direct, as: UTF8.self), Escaping.scriptSafeJSON(Escaping.jsonString(text)),
                "text \(text.debugDescription)")
        }
    }

    func testEveryKindOfValueIsWrittenAsItsJSONMadeScriptSafe() {
        var generator = SeededGenerator(seed: 0x7A1E)
        for _ in 0..<2000 {
            let value: DataValue
            switch Int.random(in: 0..<7, using: &generator) {
            case 0: value = .string(Self.randomText(&generator))
            case 1:
                value = .strings(
                    (0..<Int.random(in: 0...4, using: &generator)).map { _ in Self.randomText(&generator) })
            case 2: value = .int(Int.random(in: -100_000...100_000, using: &generator))
            case 3: value = .bool(Bool.random(using: &generator))
            case 4: value = .null
            case 5: value = .string(nil as String?)
            default: value = .json(Escaping.jsonString(Self.randomText(&generator)))
            }
            var direct: [UInt8] = [UInt8(ascii: "x")]
            value.appendScriptSafe(to: &direct)
            XCTAssertEqual(
                String(decoding: direct, as: UTF8.self), "x" + Escaping.scriptSafeJSON(value.json), "value \(value)")
            // What a script reads back is the value itself (apart from U+FEFF, which Foundation's
            // JSON reader drops wherever it stands).
            if case .string(let text) = value, !text.unicodeScalars.contains("\u{FEFF}") {
                let decoded =
                    try? JSONSerialization.jsonObject(with: Data(direct.dropFirst()), options: .fragmentsAllowed)
                    as? String
                XCTAssertEqual(decoded, text)
            }
        }
    }
}
