extension Link {
    /// An upper bound of what the link's own values add to its page, escaping included.
    var budgetEstimate: Int {
        title.utf8.count * 6 + (description?.utf8.count ?? 0) * 3 + (image?.utf8.count ?? 0) * 3
            + deepLink.utf8.count * 2 + (webURL?.utf8.count ?? 0) * 2
            + campaign.reduce(0) { $0 + ($1.name.utf8.count + $1.value.utf8.count) * 6 }
    }
}
