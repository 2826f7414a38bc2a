import Foundation
import TrampolineModel

/// The index of a ``SitePlan``'s entries by output path, made on first use and then shared by
/// every copy of the plan (whose entries never change once made).
final class PlanPositions: @unchecked Sendable {
    private let lock = NSLock()
    private var positions: [OutputPath: Int]?

    /// The position of the first entry of `entries` at `path`.
    func index(of path: OutputPath, in entries: [PlanEntry]) -> Int? {
        lock.withLock {
            if positions == nil {
                var made: [OutputPath: Int] = [:]
                made.reserveCapacity(entries.count)
                for index in entries.indices where made[entries[index].path] == nil {
                    made[entries[index].path] = index
                }
                positions = made
            }
            return positions![path]
        }
    }
}
