import Foundation
import XCTest

@testable import TrampolineStats

/// Who a log's user agents are: preview crawlers apart from people, each platform, in-app browsers
/// by the pages' own rules (InAppRules.swift is compiled from Tests/Fixtures/in-app-rules.json).
final class AgentClassifierTests: XCTestCase {
    func testEveryPreviewCrawlerOfTheFixtureIsAPreview() throws {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/preview-agents", withExtension: "txt"))
        let agents = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { String($0.split(separator: "\t")[1]) }
        XCTAssertGreaterThanOrEqual(agents.count, 12)
        for agent in agents {
            XCTAssertTrue(AgentClassifier.classify(agent).preview, agent)
        }
    }

    func testPeopleArePeopleOnTheirPlatform() {
        let cases: [(String, AgentClassifier.Platform, Bool)] = [
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1",
                .ios, false
            ),
            (
                "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
                .android, false
            ),
            (
                "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.39 Mobile Safari/537.36 Instagram 357.0.0.0.0 Android",
                .android, true
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.0]",
                .ios, true
            ),
            // The Telegram app's browser is in-app; TelegramBot is its preview crawler (below).
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Telegram-iOS/11.2",
                .ios, true
            ),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
                .desktop, false
            ),
            ("curl/8.5.0", .other, false),
            ("", .other, false),
        ]
        for (agent, platform, inApp) in cases {
            let seen = AgentClassifier.classify(agent)
            XCTAssertEqual(seen, .init(preview: false, platform: platform, inApp: inApp), agent)
        }
        XCTAssertTrue(AgentClassifier.classify("TelegramBot (like TwitterBot)").preview)
    }

    /// The 1,017 agents of Tests/Fixtures/in-app-agents.json, whose `app` is what the pages decide
    /// (test_in_app_rules.py holds it so): `stats` counts in-app exactly the visits the pages gave
    /// the notice to.
    func testInAppIsThePagesDecisionOnEveryAgentOfTheCorpus() throws {
        struct Corpus: Decodable {
            struct Case: Decodable {
                var ua: String
                var platform: String
                var app: String?
            }
            var cases: [Case]
        }
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/in-app-agents.json").standardizedFileURL
        let corpus = try JSONDecoder().decode(Corpus.self, from: Data(contentsOf: url))
        XCTAssertGreaterThan(corpus.cases.count, 1000)
        var compared = 0
        for item in corpus.cases {
            let agent = AgentClassifier.classify(item.ua)
            guard !agent.preview else { continue }
            // The page's platform may come from more than the agent (an iPad asking for desktop
            // pages); the decision is compared where the agent alone says the same platform.
            let platform: AgentClassifier.Platform =
                switch item.platform {
                case "ios": .ios
                case "android": .android
                default: .desktop
                }
            guard agent.platform == platform || (platform == .desktop && agent.platform == .other) else { continue }
            compared += 1
            XCTAssertEqual(agent.inApp, item.app != nil, item.ua)
        }
        XCTAssertGreaterThan(compared, 950)
    }

    func testCloudFrontsEncodedAgentIsReadDecoded() {
        var classifier = AgentClassifier()
        let encoded = Array(
            "Mozilla/5.0%20(iPhone;%20CPU%20iPhone%20OS%2018_5%20like%20Mac%20OS%20X)%20Safari/604.1".utf8)
        let agent = encoded.withUnsafeBufferPointer { classifier.classify($0, encoding: .percent) }
        XCTAssertEqual(agent, .init(preview: false, platform: .ios, inApp: false))
        let slack = Array("Slackbot%201.0%20(+https://api.slack.com/robots)".utf8)
        XCTAssertTrue(slack.withUnsafeBufferPointer { classifier.classify($0, encoding: .percent) }.preview)
    }
}
