import TrampolineModel

/// App Store Connect's campaign parameters: `app.ios.provider_token` and `affiliate_token`, and
/// a link's `app_store_campaign` (`IOSApp+Campaign.swift` puts them on App Store URLs).
extension CatalogReader {
    /// `provider_token` and `affiliate_token` of `app.ios`; `appStoreURL` must not carry them too.
    mutating func readStoreTokens(_ ios: MappingEntries, appStoreURL: Located?) -> (
        provider: String?, affiliate: String?
    ) {
        var provider: String?
        if let token = optionalText("provider_token", in: ios) {
            if CatalogRules.matches(token.text, { ("0"..."9").contains($0) }, length: 1...20) {
                provider = token.text
            } else {
                error(
                    "provider_token \(CatalogRules.quoted(token.text)) is not an App Store Connect provider token",
                    at: token.location,
                    hint:
                        "copy the digits after pt= from a link made by App Store Connect's campaign generator (Apps > Analytics), in quotes: \"118000\""
                )
            }
        }
        var affiliate: String?
        if let token = optionalText("affiliate_token", in: ios) {
            let allowed: (Unicode.Scalar) -> Bool = {
                $0.isASCII && (CatalogRules.isUpperAlnum($0) || ("a"..."z").contains($0) || $0 == "-" || $0 == "_")
            }
            if CatalogRules.matches(token.text, allowed, length: 1...40) {
                affiliate = token.text
            } else {
                error(
                    "affiliate_token \(CatalogRules.quoted(token.text)) is not an affiliate token",
                    at: token.location,
                    hint: "use the token (at=) from Apple Services Performance Partners: letters, digits, - and _")
            }
        }
        if provider != nil || affiliate != nil, let url = appStoreURL, let name = Self.campaignParameter(in: url.text) {
            error(
                "app_store_url already has '\(name)=', which the pages now add from provider_token and the link's campaign",
                at: url.location,
                hint: "remove pt, ct, at and mt from app_store_url; set app_store_campaign on links for ct")
        }
        return (provider, affiliate)
    }

    /// The first of App Store Connect's campaign parameters in `url`'s query, or nil.
    static func campaignParameter(in url: String) -> String? {
        guard
            let query = url.split(separator: "#", maxSplits: 1).first?.split(separator: "?", maxSplits: 1).dropFirst()
                .first
        else { return nil }
        let names = query.split(separator: "&").map { $0.split(separator: "=", maxSplits: 1).first.map(String.init) }
        return ["pt", "ct", "at", "mt"].first { names.contains($0) }
    }

    /// `app_store_campaign` of a link or the defaults: at most App Store Connect's 40 bytes.
    mutating func readStoreCampaign(_ keys: MappingEntries, into options: inout LinkOptions) {
        guard let given = optionalText("app_store_campaign", in: keys) else { return }
        let bytes = given.text.utf8.count
        if bytes == 0 || bytes > IOSApp.campaignTokenLimit
            || given.text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        {
            error(
                "app_store_campaign \(CatalogRules.quoted(given.text)) must be 1 to \(IOSApp.campaignTokenLimit) bytes of text without control characters (it is \(bytes))",
                at: given.location, hint: "App Store Connect keeps campaign tokens of up to 40 bytes; shorten it")
        } else {
            options.appStoreCampaign = given.text
        }
    }

    /// A link whose `utm_campaign` stands in for the campaign token but is too long for it: the
    /// App Store URL carries its first 40 bytes.
    mutating func checkStoreCampaign(_ link: Link, app: AppSettings?, at location: SourceLocation) {
        guard app?.ios?.providerToken != nil, link.options.appStoreCampaign == nil,
            let utm = link.campaign.last(where: { $0.name == "utm_campaign" }),
            utm.value.utf8.count > IOSApp.campaignTokenLimit
        else { return }
        warning(
            "utm_campaign is \(utm.value.utf8.count) bytes; the App Store URL's campaign token (ct) keeps its first \(IOSApp.campaignTokenLimit)",
            at: location, hint: "set app_store_campaign to a token of up to 40 bytes for App Store Connect's reports")
    }
}
