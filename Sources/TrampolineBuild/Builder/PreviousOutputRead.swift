import Foundation
import TrampolineModel

/// The output folder's previous state (``SiteWriter/readPrevious()``: the stamp cache, the
/// manifest and a `stat` of every stamped file), read on other cores from the moment a build
/// knows the folder, for the write that follows: on a 100k rebuild its 200k `stat`s then run
/// beside planning, which leaves a core idle, instead of after it.
final class PreviousOutputRead: @unchecked Sendable {
    private let path: String
    /// Nil once taken: a build kept after its write (`serve` keeps the last one) does not keep
    /// the previous state (17 MB of stamps at 100k links) with it.
    private var pending: Pending<SiteWriter.Previous>?
    private let lock = NSLock()

    init(outputURL: URL) {
        path = outputURL.standardizedFileURL.path
        pending = Pending { SiteWriter(outputURL: outputURL).readPrevious() }
    }

    /// The state, still being read, left for the write: planning proves the compact layout's
    /// shards unchanged with it.
    func peek() -> Pending<SiteWriter.Previous>? {
        lock.withLock { pending }
    }

    /// The state, for the first write into `outputURL`; nil for another folder or any later
    /// write, which must see what the first one wrote.
    func take(for outputURL: URL) -> Pending<SiteWriter.Previous>? {
        lock.withLock {
            guard outputURL.standardizedFileURL.path == path else { return nil }
            defer { pending = nil }
            return pending
        }
    }
}
