import XCTest

@testable import TrampolineModel

/// ``Pending``: a value made on another thread, and ``Pending/take()``, which hands it over so
/// the caller alone holds it (the writer lets the previous build's stamps go that way).
final class PendingTests: XCTestCase {
    private final class Box: Sendable {}

    func testAPendingValueTakenIsHeldByTheTakerAlone() {
        weak var weakBox: Box?
        let pending = Pending { Box() }
        do {
            let box = pending.take()
            weakBox = box
            XCTAssertNotNil(weakBox)
        }
        XCTAssertNil(weakBox, "the pending value no longer holds it")
        withExtendedLifetime(pending) {}
    }
}
