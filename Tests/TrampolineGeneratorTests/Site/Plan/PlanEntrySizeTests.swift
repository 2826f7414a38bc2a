import XCTest

@testable import TrampolineSite

/// A plan has an entry per file: a million links' folders site has a million of them (two with
/// QR codes), so an entry stays a few words inline and a case that holds more than a couple of
/// values is boxed. At 80 bytes an entry, a million-link plan's array was 80 MB (160 MB with
/// QR codes), half of it padding for the site's own few files.
final class PlanEntrySizeTests: XCTestCase {
    func testAnEntryIsAFewWordsInline() {
        XCTAssertLessThanOrEqual(MemoryLayout<PlanEntry>.stride, 40)
    }
}
