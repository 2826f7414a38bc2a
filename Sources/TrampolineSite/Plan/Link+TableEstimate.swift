import TrampolineModel

extension Link {
    /// About what the link adds to its shard: its own values as JSON with the keys around them,
    /// sealed in Base64 (4 bytes for every 3), after its 32-digit id. An estimate short of the
    /// shards' real size makes the builder plan them all again.
    ///
    /// The deferred link is counted by its parts (``deferredLinkLength``), not composed:
    /// composing every link's, every build, was a twentieth of a compact rebuild.
    var tableEstimate: Int {
        let campaignBytes = campaign.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count }
        let json =
            title.utf8.count + (description?.utf8.count ?? 0) + deferredLinkLength + (webURL?.utf8.count ?? 0)
            + campaignBytes + 80
        return 40 + (json + 2) / 3 * 4
    }

    /// ``deferredLink``'s length counted by its parts: the deep link, and each campaign parameter
    /// with its `=` and separator. The two agree unless a parameter needs escaping or the deep
    /// link fixes its name. What the link and lookup tables' estimates take.
    var deferredLinkLength: Int {
        var length = deepLink.utf8.count
        for parameter in campaign { length += parameter.name.utf8.count + parameter.value.utf8.count + 2 }
        return length
    }
}
