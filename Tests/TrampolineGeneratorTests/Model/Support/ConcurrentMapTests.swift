import Foundation
import XCTest

@testable import TrampolineModel

/// `concurrentMap`, with and without a consumer: every index transformed once, the results in
/// index order, and (consumed) each moved out once, across several windows of chunks.
final class ConcurrentMapTests: XCTestCase {
    func testResultsComeInIndexOrder() {
        for (count, chunk) in [(0, 4), (1, 4), (5, 4), (1000, 7), (70_000, 1)] {
            XCTAssertEqual(concurrentMap(count, chunk: chunk) { $0 * 3 }, (0..<count).map { $0 * 3 }, "\(count)")
        }
    }

    /// Counts larger than a window (32 chunks) are consumed window by window, in order, and each
    /// result is released once it is consumed: no more than two windows are alive at once (the
    /// next is made while the one before is consumed).
    func testConsumedResultsComeInIndexOrderWindowByWindow() {
        final class Tracked: @unchecked Sendable {
            static let alive = ManagedAtomicCounter()
            let value: Int
            init(_ value: Int) {
                self.value = value
                Self.alive.add(1)
            }
            deinit { Self.alive.add(-1) }
        }
        for (count, chunk) in [
            (0, 4), (3, 4), (32 * 4, 4), (32 * 4 + 1, 4), (64 * 4 + 1, 4), (10_000, 3), (100_000, 16),
        ] {
            var seen: [Int] = []
            seen.reserveCapacity(count)
            var mostAlive = 0
            concurrentMap(count, chunk: chunk) {
                Tracked($0)
            } consumedBy: { tracked in
                seen.append(tracked.value)
                mostAlive = max(mostAlive, Tracked.alive.value)
            }
            XCTAssertEqual(seen, Array(0..<count), "\(count) by \(chunk)")
            XCTAssertLessThanOrEqual(mostAlive, 2 * 32 * chunk, "\(count) by \(chunk): more than two windows alive")
            XCTAssertEqual(Tracked.alive.value, 0, "\(count) by \(chunk): every result freed")
        }
    }

    /// The next window is made while `body` takes the one before, and not the one after it.
    func testTheNextWindowIsMadeWhileTheConsumerWorks() {
        let made = ManagedAtomicCounter()
        let nextStarted = DispatchSemaphore(value: 0)
        var sawNext = false
        var madeTooFar = false
        concurrentMap(32 * 3, chunk: 1) { index in
            made.add(1)
            if index == 32 { nextStarted.signal() }
            return index
        } consumedBy: { index in
            if index == 0 {
                // The second window (32 onwards) starts while this first result is still taken.
                sawNext = nextStarted.wait(timeout: .now() + 10) == .success
                madeTooFar = made.value > 2 * 32
            }
        }
        XCTAssertTrue(sawNext, "the second window was not made while the first was consumed")
        XCTAssertFalse(madeTooFar, "the third window was made before the first was consumed")
        XCTAssertEqual(made.value, 32 * 3)
    }
}

/// A counter safe to change from several threads.
final class ManagedAtomicCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func add(_ delta: Int) { lock.withLock { count += delta } }
}
