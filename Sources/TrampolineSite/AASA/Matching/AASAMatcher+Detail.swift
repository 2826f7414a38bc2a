import Foundation

extension AASAMatcher {
    /// One `applinks.details` entry: the apps it names (as iOS reads them) and their rules, in
    /// file order.
    struct Detail: Sendable {
        let appIDs: [String]
        let rules: [Rule]
        /// Where the entry is, such as `applinks.details[1]`.
        let location: String
    }
}
