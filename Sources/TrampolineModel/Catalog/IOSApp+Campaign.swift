/// App Store URLs with App Store Connect's campaign parameters: `pt` (the provider token), `ct`
/// (the campaign token), `at` (an affiliate token) and `mt=8` (apps), as App Store Connect's
/// campaign generator writes them (`https://apps.apple.com/app/apple-store/id…?pt=…&ct=…&mt=8`).
/// App Store Connect counts a campaign's page views, installs and sales only from URLs that carry
/// them; nothing about the person is added.
extension IOSApp {
    /// Whether App Store URLs get campaign parameters at all.
    package var hasCampaignTokens: Bool { providerToken != nil || affiliateToken != nil }

    /// The App Store URL with the campaign parameters for `campaign` (`ct`); unchanged without a
    /// provider or affiliate token.
    package func appStoreURL(campaign: String?) -> String {
        guard hasCampaignTokens else { return appStoreURL }
        var parameters: [(String, String)] = []
        if let providerToken { parameters.append(("pt", providerToken)) }
        if let affiliateToken { parameters.append(("at", affiliateToken)) }
        if let campaign, !campaign.isEmpty { parameters.append(("ct", campaign)) }
        parameters.append(("mt", "8"))
        let utf8 = appStoreURL.utf8
        let hash = utf8.firstIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex
        let base = utf8[..<hash]
        var result = Array(base)
        if !base.contains(UInt8(ascii: "?")) {
            result.append(UInt8(ascii: "?"))
        } else if let last = base.last, last != UInt8(ascii: "?"), last != UInt8(ascii: "&") {
            result.append(UInt8(ascii: "&"))
        }
        for (index, (name, value)) in parameters.enumerated() {
            if index > 0 { result.append(UInt8(ascii: "&")) }
            result += name.utf8
            result.append(UInt8(ascii: "="))
            Escaping.appendFormComponent(value, to: &result)
        }
        result += utf8[hash...]
        return String(decoding: result, as: UTF8.self)
    }
}
