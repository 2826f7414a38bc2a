import Foundation

/// The outcome of matching one URL against an AASA file for one app ID,
/// together with the rule that decided it.
public struct AASAVerdict: Sendable, Equatable {
    /// Whether the URL is claimed, excluded, or not matched.
    public let decision: AASADecision
    /// The app ID the URL was checked for.
    public let appID: String
    /// Index of the deciding rule within its detail's `components` (or legacy `paths`) array;
    /// nil for `no_match`.
    public let ruleIndex: Int?
    /// The deciding rule, written the way it reads in the JSON, for example
    /// `{"/": "/topic/*", "exclude": true}` or `NOT /private/*`; nil for `no_match`.
    public let rule: String?

    /// Creates a verdict. `ruleIndex` and `rule` should be nil exactly when `decision` is `.noMatch`.
    public init(decision: AASADecision, appID: String, ruleIndex: Int? = nil, rule: String? = nil) {
        self.decision = decision
        self.appID = appID
        self.ruleIndex = ruleIndex
        self.rule = rule
    }
}
