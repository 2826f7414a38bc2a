import Dispatch
import XCTest

@testable import TrampolineModel

/// ``ChunkQueue`` hands every chunk number to exactly one worker, however the workers race.
final class ChunkQueueTests: XCTestCase {
    func testEveryChunkGoesToOneWorker() {
        for count in [0, 1, 7, 1_000] {
            let queue = ChunkQueue(count: count)
            let taken = ChunkResults<Int>(chunks: 4)
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                var mine: [Int] = []
                while let chunk = queue.take() { mine.append(chunk) }
                taken.set(worker, mine)
            }
            XCTAssertEqual(taken.all.sorted(), Array(0..<count), "\(count) chunks")
            XCTAssertNil(queue.take())
        }
    }
}
