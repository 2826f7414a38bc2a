/// The crawlers that fetch a page to show a link's preview in a chat or a feed, or to index it:
/// their requests are previews, never visits. Each token is the one its owner documents (or, for
/// iMessage, the one it is known to send), matched as written; `Tests/TrampolineStatsTests/Fixtures/
/// preview-agents.txt` holds a real agent of each, with its source.
enum PreviewAgents {
    static let tokens = [
        // Facebook, Messenger and Instagram's crawler; iMessage and LINE send it too.
        "facebookexternalhit", "Facebot", "meta-externalagent", "meta-externalfetcher",
        "Twitterbot", "Slackbot", "Slack-ImgProxy", "Discordbot", "TelegramBot", "LinkedInBot",
        "Pinterestbot", "redditbot", "SkypeUriPreview", "MicrosoftPreview", "Embedly", "Iframely",
        "vkShare", "Snap URL Preview", "KakaoTalk-Scrap", "Bluesky Cardyb", "Mastodon/",
        "Googlebot", "Google-InspectionTool", "GoogleOther", "AdsBot-Google", "FeedFetcher-Google",
        "Google-PageRenderer", "bingbot", "Applebot", "DuckDuckBot", "YandexBot", "Baiduspider", "Yahoo! Slurp",
    ]

    /// Whether `agent` is a preview crawler's: one of ``tokens``; WhatsApp's, which starts
    /// `WhatsApp/` (its in-app browser is a phone's browser agent with `WAiOS/` or `WA4A/`); or a
    /// robot that says so (`bot`, `crawler` or `spider` with its `+http…` address).
    static func isPreview(_ agent: String) -> Bool {
        if agent.hasPrefix("WhatsApp/") { return true }
        if tokens.contains(where: { agent.contains($0) }) { return true }
        let lower = agent.lowercased()
        return lower.contains("+http")
            && (lower.contains("bot") || lower.contains("crawler") || lower.contains("spider"))
    }
}
