import TrampolineModel

extension Link {
    /// About what the link adds to its shard: its own values as JSON with the keys around them,
    /// sealed in Base64 (4 bytes for every 3), after its 32-digit id. An estimate short of the
    /// shards' real size makes the builder plan them all again.
    var tableEstimate: Int {
        let json =
            title.utf8.count + (description?.utf8.count ?? 0) + deferredLink.utf8.count + (webURL?.utf8.count ?? 0)
            + campaign.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count } + 80
        return 40 + (json + 2) / 3 * 4
    }
}
