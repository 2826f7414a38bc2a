import TrampolineModel

extension Link {
    /// About what the link adds to its shard: its own values as JSON with the keys around them,
    /// sealed in Base64 (4 bytes for every 3), after its 32-digit id. An estimate short of the
    /// shards' real size makes the builder plan them all again.
    ///
    /// The deferred link is counted as its parts (the deep link, and each campaign parameter
    /// with its `=` and separator), not composed: composing every link's, every build, was a
    /// twentieth of a compact rebuild. The two agree unless a parameter needs escaping.
    var tableEstimate: Int {
        var campaignBytes = 0
        for parameter in campaign { campaignBytes += parameter.name.utf8.count + parameter.value.utf8.count }
        let deferred = deepLink.utf8.count + campaignBytes + 2 * campaign.count
        let json =
            title.utf8.count + (description?.utf8.count ?? 0) + deferred + (webURL?.utf8.count ?? 0) + campaignBytes
            + 80
        return 40 + (json + 2) / 3 * 4
    }
}
