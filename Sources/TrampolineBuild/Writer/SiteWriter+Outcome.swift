import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SiteWriter {
    /// Collects what concurrent writes did: one slot per file, each filled by the one thread
    /// that handles that file (no lock, no shared dictionary), read once every write is done.
    final class Outcome: @unchecked Sendable {
        enum Kind { case pending, written, unchanged, reused }

        private let kinds: UnsafeMutableBufferPointer<Kind>
        /// Set where `kinds` is not pending; left unset (a stamp is plain numbers, nothing to free)
        /// so 200k slots are not written twice.
        private let stamps: UnsafeMutableBufferPointer<StampCache.Entry>
        private let lock = NSLock()
        private var done = 0
        private let total: Int
        private let step: Int
        private let progress: (@Sendable (Int, Int) -> Void)?

        init(total: Int, progress: (@Sendable (Int, Int) -> Void)?) {
            kinds = .allocate(capacity: total)
            kinds.initialize(repeating: .pending)
            stamps = .allocate(capacity: total)
            self.total = total
            self.step = max(1, total / 100)
            self.progress = progress
        }

        deinit {
            kinds.deallocate()
            stamps.deallocate()
        }

        func record(_ index: Int, _ kind: Kind, stamp: StampCache.Entry) {
            (stamps.baseAddress! + index).initialize(to: stamp)
            kinds[index] = kind
            guard let progress else { return }
            let done: Int = lock.withLock {
                self.done += 1
                return self.done
            }
            if done % step == 0 || done == total { progress(done, total) }
        }

        /// How many files were proven by their stamps.
        var reusedCount: Int { count(.reused) }

        /// How many files ended as `kind`.
        func count(_ kind: Kind) -> Int { kinds.reduce(0) { $1 == kind ? $0 + 1 : $0 } }

        /// The stamp recorded for file `index`.
        func stamp(at index: Int) -> StampCache.Entry {
            precondition(kinds[index] != .pending, "file \(index) was not written")
            return stamps[index]
        }

        /// The paths of `files` by what happened to them, in `files`' order.
        func summary(of files: [OutputFile]) -> Summary {
            var summary = Summary()
            summary.sizes = files.indices.map { kinds[$0] == .pending ? 0 : stamps[$0].size }
            // Reserved at their sizes: 200k paths appended one by one leave a doubling's slack.
            let reused = reusedCount
            summary.reused.reserveCapacity(reused)
            summary.unchanged.reserveCapacity(reused + count(.unchanged))
            for index in files.indices {
                let path = files[index].path.value
                switch kinds[index] {
                case .pending: continue
                case .written: summary.written.append(path)
                case .unchanged: summary.unchanged.append(path)
                case .reused:
                    summary.unchanged.append(path)
                    summary.reused.append(path)
                }
            }
            return summary
        }
    }
}
