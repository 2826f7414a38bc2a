import TrampolineModel

extension Link {
    /// About what the link adds to its shard: its own values as JSON, and the keys around them.
    var tableEstimate: Int {
        path.utf8.count + title.utf8.count + (description?.utf8.count ?? 0) + deferredLink.utf8.count
            + (webURL?.utf8.count ?? 0) + campaign.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count } + 80
    }
}
