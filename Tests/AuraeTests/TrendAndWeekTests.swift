import XCTest
@testable import Aurae

/// The trend line of the trends card and ISO week labels.
final class TrendAndWeekTests: XCTestCase {
    func testTrendLineExact() {
        let t = trendLine([1, 2, 3])
        XCTAssertEqual(t.slope.text, "1.0"); XCTAssertEqual(t.intercept.text, "1.0")
        let u = trendLine([3, 0, 0, 1])   // numpy.polyfit: -0.6, 1.9
        XCTAssertEqual(u.slope.text, "-0.6"); XCTAssertEqual(u.intercept.text, "1.9")
        XCTAssertEqual(trendLine([4]).intercept.text, "4.0")
        XCTAssertEqual(trendLine([4]).slope.text, "0.0")
    }

    func testISOWeekLabels() {
        XCTAssertEqual(IsoWeek(date("2026-01-01")).description, "2026-W01")
        XCTAssertEqual(IsoWeek(date("2021-01-03")).description, "2020-W53")
        XCTAssertEqual(IsoWeek(date("2024-12-30")).description, "2025-W01")
        XCTAssertEqual(IsoWeek(date("2026-03-31")).description, "2026-W14")
    }
}
