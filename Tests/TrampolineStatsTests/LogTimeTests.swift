import XCTest

@testable import TrampolineStats

final class LogTimeTests: XCTestCase {
    private func common(_ text: String) -> Int64? {
        Array(text.utf8).withUnsafeBufferPointer { LogTime.commonLogTime($0) }
    }

    private func iso(_ text: String) -> Int64? {
        Array(text.utf8).withUnsafeBufferPointer { LogTime.isoTime($0) }
    }

    func testCommonLogTimesAreUTC() {
        // Apache's own example: 10/Oct/2000:13:55:36 -0700 is 20:55:36 UTC, 971211336.
        XCTAssertEqual(common("10/Oct/2000:13:55:36 -0700"), 971_211_336)
        XCTAssertEqual(common("10/oct/2000:20:55:36 +0000"), 971_211_336)
        XCTAssertEqual(common("29/Feb/2024:00:00:00 +0530"), 1_709_145_000)
        XCTAssertNil(common("10/Foo/2000:13:55:36 -0700"))
        XCTAssertNil(common("10/Oct/2000:13:55:36 0700"))
    }

    func testISOTimes() {
        XCTAssertEqual(iso("2000-10-10T20:55:36Z"), 971_211_336)
        XCTAssertEqual(iso("2000-10-10T22:55:36.123+02:00"), 971_211_336)
        XCTAssertNil(iso("2000-13-10T20:55:36Z"))
        XCTAssertEqual(LogTime.iso8601(971_211_336), "2000-10-10T20:55:36Z")
        XCTAssertEqual(LogTime.date(ofDay: LogTime.days(year: 2024, month: 2, day: 29)), "2024-02-29")
        XCTAssertEqual(LogTime.date(ofDay: -1), "1969-12-31")
    }

    func testSinceAndUntilArguments() {
        XCTAssertEqual(StatsReader.time("2026-11-01"), 1_793_491_200)
        XCTAssertEqual(StatsReader.time("2026-11-01", endOfDay: true), 1_793_491_200 + 86_400)
        XCTAssertEqual(StatsReader.time("2026-11-01T01:00:00Z"), 1_793_494_800)
        XCTAssertNil(StatsReader.time("2026-11-01T01:00:00"), "a time without a zone is ambiguous")
        XCTAssertNil(StatsReader.time("yesterday"))
    }
}
