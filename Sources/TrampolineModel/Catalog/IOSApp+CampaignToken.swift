/// App Store Connect's campaign token (`ct`) as the catalog and the importer check it.
extension IOSApp {
    /// App Store Connect's limit for a campaign token, in UTF-8 bytes (StoreKit documents the
    /// token as "any 40-byte string").
    package static let campaignTokenLimit = 40

    /// `text` cut to at most ``campaignTokenLimit`` UTF-8 bytes, at a character's end.
    package static func campaignToken(from text: String) -> String {
        guard text.utf8.count > campaignTokenLimit else { return text }
        var bytes = 0
        var end = text.startIndex
        for character in text {
            bytes += character.utf8.count
            guard bytes <= campaignTokenLimit else { break }
            end = text.index(after: end)
        }
        return String(text[..<end])
    }
}
