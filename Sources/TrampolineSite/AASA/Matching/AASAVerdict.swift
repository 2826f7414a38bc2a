import Foundation

/// The outcome of matching one URL against an AASA file for one app ID,
/// together with the rule that decided it.
package struct AASAVerdict: Sendable, Equatable {
    /// Whether the URL is claimed, excluded, or not matched.
    package let decision: AASADecision
    /// The app ID the URL was checked for.
    package let appID: String
    /// Index of the deciding rule within its detail's `components` (or legacy `paths`) array;
    /// nil for `no_match`.
    package let ruleIndex: Int?
    /// The deciding rule, written the way it reads in the JSON, for example
    /// `{"/": "/topic/*", "exclude": true}` or `NOT /private/*`; nil for `no_match`.
    package let rule: String?

    /// Creates a verdict. `ruleIndex` and `rule` should be nil exactly when `decision` is `.noMatch`.
    package init(decision: AASADecision, appID: String, ruleIndex: Int? = nil, rule: String? = nil) {
        self.decision = decision
        self.appID = appID
        self.ruleIndex = ruleIndex
        self.rule = rule
    }
}
