import Foundation

extension AASAMatcher {
    /// One `applinks.details` entry: the apps it names and their rules, in file order.
    struct Detail: Sendable {
        let appIDs: [String]
        let rules: [Rule]
    }
}
