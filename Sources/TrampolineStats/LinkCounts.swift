import TrampolineModel

/// The counts of one link (or route, or item) while a log is read.
struct LinkCounts {
    var visits = 0
    var previews = 0
    var qrScans = 0
    var inApp = 0
    /// By ``AgentClassifier/Platform`` raw value.
    var platforms = [0, 0, 0, 0]
    /// By ``PageOutcome``, in `allCases` order.
    var outcomes = [Int](repeating: 0, count: PageOutcome.allCases.count)
    /// Visits by day (days since 1970, UTC).
    var days: [Int: Int] = [:]

    var isEmpty: Bool { visits == 0 && previews == 0 && outcomes.allSatisfy { $0 == 0 } }

    func outcome(_ outcome: PageOutcome) -> Int {
        outcomes[PageOutcome.allCases.firstIndex(of: outcome)!]
    }

    mutating func add(_ other: LinkCounts) {
        visits += other.visits
        previews += other.previews
        qrScans += other.qrScans
        inApp += other.inApp
        for i in platforms.indices { platforms[i] += other.platforms[i] }
        for i in outcomes.indices { outcomes[i] += other.outcomes[i] }
        days.merge(other.days, uniquingKeysWith: +)
    }
}
