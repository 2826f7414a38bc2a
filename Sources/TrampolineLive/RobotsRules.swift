import Foundation

/// The `User-agent: *` group of a robots.txt, as RFC 9309 reads it: the longest matching rule wins,
/// `Allow` over `Disallow` on a tie. Enough to say whether Google may fetch one path.
struct RobotsRules {
    var rules: [(allow: Bool, prefix: String)] = []

    init(_ text: String) {
        var inStar = false
        var sawRule = false
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            switch parts[0].lowercased() {
            case "user-agent":
                if sawRule {
                    inStar = false
                    sawRule = false
                }
                if parts[1] == "*" || parts[1].lowercased() == "googlebot" { inStar = true }
            case "allow" where inStar:
                rules.append((true, parts[1]))
                sawRule = true
            case "disallow" where inStar && !parts[1].isEmpty:
                rules.append((false, parts[1]))
                sawRule = true
            default: break
            }
        }
    }

    func disallows(_ path: String) -> Bool {
        let matching = rules.filter { path.hasPrefix($0.prefix.replacingOccurrences(of: "*", with: "")) }
        guard let best = matching.max(by: { ($0.prefix.count, $0.allow ? 1 : 0) < ($1.prefix.count, $1.allow ? 1 : 0) })
        else { return false }
        return !best.allow
    }
}
