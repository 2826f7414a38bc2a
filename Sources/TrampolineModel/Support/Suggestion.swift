/// Did-you-mean for names people type: catalog keys, template names, front matter keys.
package enum Suggestion {
    /// The known key closest to `key`, if it is close enough to be a likely typo.
    package static func closest(to key: String, among known: [String]) -> String? {
        let lowered = key.lowercased().replacingOccurrences(of: "-", with: "_")
        if let exact = known.first(where: { $0 == lowered }) { return exact }
        let scored = known.map { ($0, editDistance(lowered, $0)) }.min { $0.1 < $1.1 }
        guard let best = scored, best.1 <= max(2, best.0.count / 3) else { return nil }
        return best.0
    }

    /// Levenshtein distance; keys are short so the quadratic table is fine.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
