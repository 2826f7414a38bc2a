/// A link field's value in the few shapes every table-driven writer knows: the link cache's
/// codec, the fingerprint's fast path and the tests that hold them (``LinkField``).
package enum LinkFieldValue: Sendable, Equatable {
    case text(String)
    case optionalText(String?)
    case number(Int)
    case flag(Bool)
    case texts([String])
    case parameters([CampaignParameter])
}
