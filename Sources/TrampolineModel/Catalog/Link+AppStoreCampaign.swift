extension Link {
    /// The link's App Store Connect campaign token: `app_store_campaign`, else its `utm_campaign`
    /// cut to App Store Connect's limit.
    package var appStoreCampaignToken: String? {
        options.appStoreCampaign
            ?? campaign.last { $0.name == "utm_campaign" }.map { IOSApp.campaignToken(from: $0.value) }
    }
}
