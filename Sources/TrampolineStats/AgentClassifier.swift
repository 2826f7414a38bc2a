import Foundation

/// What a log's user agent says about who asked: a link-preview crawler, or a person's browser
/// on which platform, in an app's built-in browser or not. Each agent is worked out once
/// (``classify(_:encoding:)`` keeps a table): a log repeats a few thousand agents millions of times.
struct AgentClassifier {
    struct Agent: Equatable {
        var preview: Bool
        var platform: Platform
        var inApp: Bool
    }

    enum Platform: Int, CaseIterable {
        case ios, android, desktop, other
    }

    private var known: [Int: Agent] = [:]
    /// Beyond this many agents (a log full of made-up ones), each is worked out anew.
    private let limit = 100_000

    private static let inline = regex(InAppRules.inlineTokens)
    private static let iosBrowser = regex(InAppRules.iosBrowserShape)
    private static let androidWebView = regex(InAppRules.androidWebViewShape)
    private static let apps = InAppRules.apps.map { regex([$0]) }
    private static let browsers = regex(InAppRules.browsers, caseInsensitive: true)

    mutating func classify(_ bytes: UnsafeBufferPointer<UInt8>, encoding: LogRecord.AgentEncoding) -> Agent {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        let key = hasher.finalize()
        if let agent = known[key] { return agent }
        var text = String(decoding: bytes, as: UTF8.self)
        if encoding == .percent {
            // CloudFront encodes the agent once more than it was sent (a space is %2520).
            for _ in 0..<2 where text.contains("%") { text = text.removingPercentEncoding ?? text }
        }
        let agent = Self.classify(text)
        if known.count < limit { known[key] = agent }
        return agent
    }

    /// The decision for one agent: a preview crawler by ``PreviewAgents``; else the page's own
    /// platform test (iPhone, iPad or iPod; Android; other browsers are desktops) and its in-app
    /// rules (Templates/trampoline.js and trampoline-more.js). No agent at all is "other".
    static func classify(_ text: String) -> Agent {
        if PreviewAgents.isPreview(text) { return Agent(preview: true, platform: .other, inApp: false) }
        let platform: Platform =
            if text.contains("iPhone") || text.contains("iPad") || text.contains("iPod") {
                .ios
            } else if text.range(of: "android", options: .caseInsensitive) != nil {
                .android
            } else if text.hasPrefix("Mozilla/") || text.hasPrefix("Opera/") {
                .desktop
            } else {
                .other
            }
        return Agent(preview: false, platform: platform, inApp: inApp(text, platform: platform))
    }

    /// `maybe(ua, platform) and app(ua)` of Tests/Fixtures/in_app_rules.py: an app's token or a
    /// web view's shape, and not a browser that names itself (an app's name outranks a browser's).
    static func inApp(_ text: String, platform: Platform) -> Bool {
        let maybe =
            matches(inline, text)
            || (platform == .ios ? !matches(iosBrowser, text) : platform == .android && matches(androidWebView, text))
        guard maybe else { return false }
        return apps.contains { matches($0, text) } || !matches(browsers, text)
    }

    private static func matches(_ expression: NSRegularExpression, _ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// One expression of `patterns` joined by `|`, as the page joins them.
    private static func regex(_ patterns: [String], caseInsensitive: Bool = false) -> NSRegularExpression {
        let pattern = patterns.joined(separator: "|")
        do {
            return try NSRegularExpression(pattern: pattern, options: caseInsensitive ? [.caseInsensitive] : [])
        } catch {
            // InAppRules.swift is generated from a table the tests compile (test_in_app_rules.py).
            preconditionFailure("in-app rule \(pattern) is no regular expression: \(error)")
        }
    }
}
