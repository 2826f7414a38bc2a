/// One `campaign:` entry.
@usableFromInline package struct CampaignParameter: Sendable, Hashable, Encodable {
    package var name: String
    package var value: String

    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
