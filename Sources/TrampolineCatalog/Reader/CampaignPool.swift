import TrampolineModel

/// Campaigns already read, so links with the same parameters share one array: most links of a
/// large catalog carry one of a few campaigns (`utm_source: newsletter`), and an array of their
/// own was 64 bytes a link (64 MB at a million). Each reader's copy keeps its own, up to
/// ``capacity`` campaigns; past that, campaigns are kept as read.
struct CampaignPool {
    static let capacity = 64
    private var known: Set<[CampaignParameter]> = []

    /// The array equal to `campaign` read before, or `campaign` (now known, while there is room).
    mutating func shared(_ campaign: [CampaignParameter]) -> [CampaignParameter] {
        guard !campaign.isEmpty else { return campaign }
        if let found = known.firstIndex(of: campaign) { return known[found] }
        if known.count < Self.capacity { known.insert(campaign) }
        return campaign
    }
}
