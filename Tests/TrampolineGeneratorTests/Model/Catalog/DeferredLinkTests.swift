import XCTest

@testable import TrampolineModel

final class DeferredLinkTests: XCTestCase {
    func link(_ deepLink: String, _ campaign: [(String, String)]) -> Link {
        Link(
            path: "/x", deepLink: deepLink, title: "x", description: nil, webURL: nil,
            campaign: campaign.map { CampaignParameter(name: $0.0, value: $0.1) }, options: LinkOptions(),
            location: SourceLocation(file: "f", line: 1, column: 1), webURLLocation: nil,
            templateLocation: SourceLocation(file: "f", line: 1, column: 1)
        )
    }

    func testCampaignIsAppendedFormEncoded() {
        XCTAssertEqual(
            link("marry://topic?id=1", [("utm_source", "line"), ("utm_campaign", "spring sale")]).deferredLink,
            "marry://topic?id=1&utm_source=line&utm_campaign=spring+sale")
        XCTAssertEqual(link("marry://topic", [("a", "\"><script>")]).deferredLink, "marry://topic?a=%22%3E%3Cscript%3E")
    }

    func testDeepLinkOwnParametersWinAndFragmentStaysLast() {
        let l = link("marry://topic?id=1#top", [("id", "2"), ("src", "x")])
        XCTAssertEqual(l.deferredLink, "marry://topic?id=1&src=x#top")
        XCTAssertEqual(l.fixedQueryKeys, ["id"])
    }

    func testNoCampaignLeavesTheDeepLinkUntouched() {
        XCTAssertEqual(link("marry://a%20b?x=%2F", []).deferredLink, "marry://a%20b?x=%2F")
    }

    /// The composition by bytes against the String way it replaced, on random deep links and
    /// campaigns: separators, fragments, encoded and `+` names, repeated and fixed keys, non-ASCII text.
    func testComposedAsTheStringWayDid() {
        func plainFixedKeys(_ deepLink: String) -> [String] {
            let utf8 = deepLink.utf8
            let end = utf8.firstIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex
            guard let question = utf8[..<end].firstIndex(of: UInt8(ascii: "?")) else { return [] }
            return utf8[utf8.index(after: question)..<end].split(separator: UInt8(ascii: "&")).compactMap { pair in
                let name = pair.prefix { $0 != UInt8(ascii: "=") }
                guard name.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else {
                    return String(Substring(name))
                }
                return String(Substring(name)).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
            }.filter { !$0.isEmpty }
        }
        func plainDeferred(_ link: Link) -> String {
            guard !link.campaign.isEmpty else { return link.deepLink }
            let fixed = plainFixedKeys(link.deepLink)
            var names: [String] = []
            var values: [String] = []
            for parameter in link.campaign where !fixed.contains(parameter.name) {
                if let index = names.firstIndex(of: parameter.name) {
                    values[index] = parameter.value
                } else {
                    names.append(parameter.name)
                    values.append(parameter.value)
                }
            }
            guard !names.isEmpty else { return link.deepLink }
            let deepLink = link.deepLink
            let hash = deepLink.utf8.firstIndex(of: UInt8(ascii: "#")) ?? deepLink.utf8.endIndex
            let base = deepLink[..<hash]
            var result = String(base)
            if base.utf8.contains(UInt8(ascii: "?")) {
                if let last = base.utf8.last, last != UInt8(ascii: "?"), last != UInt8(ascii: "&") { result += "&" }
            } else {
                result += "?"
            }
            for (i, name) in names.enumerated() {
                if i > 0 { result += "&" }
                result += Escaping.formComponent(name) + "=" + Escaping.formComponent(values[i])
            }
            return result + deepLink[hash...]
        }
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "marry://p", "?", "&", "=", "#", "id", "a+b", "%41", "%zz", "x", "é", "東京", "&&", "=1", "src", "+", "%2B",
        ]
        let names = ["id", "src", "utm_source", "a b", "é", "x", "", "a+b", "A"]
        for _ in 0..<3_000 {
            let deepLink = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            let campaign = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                (
                    names.randomElement(using: &generator)!,
                    ["1", "spring sale", "\"><", "東", ""].randomElement(using: &generator)!
                )
            }
            let l = link(deepLink, campaign)
            XCTAssertEqual(l.fixedQueryKeys, plainFixedKeys(deepLink), deepLink)
            XCTAssertEqual(l.deferredLink, plainDeferred(l), "\(deepLink) \(campaign)")
        }
    }
}
