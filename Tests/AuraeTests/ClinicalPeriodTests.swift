import Aurae
import Ingest
import XCTest

/// The overview's period figures: headache days as the union of touched dates, active episodes
/// counted, the previous period of the same length, and rounding of the mean and the median.
final class ClinicalPeriodTests: XCTestCase {
    func date(_ s: String) -> LocalDate { LocalDate(iso: s)! }

    /// An episode from `onset` lasting `hours` (nil: active), at UTC+01:00.
    func log(_ id: String, _ onset: String, hours: Int?, severity: Int) -> HeadacheLog {
        let d = date(onset)
        let start = Timestamp(epochSeconds: Int64(d.daysSinceEpoch) * 86_400 + 9 * 3600 - 3600, offsetSeconds: 3600)
        let end = hours.map { Timestamp(epochSeconds: start.epochSeconds + Int64($0) * 3600, offsetSeconds: 3600) }
        return HeadacheLog(id: id, onsetAt: start, resolvedAt: end, severity: severity)
    }

    func testFiguresAndThePreviousPeriod() {
        let logs = [
            log("a", "2024-02-28", hours: 48, severity: 2),      // 28, 29 Feb (leap day), 1 Mar
            log("b", "2024-02-29", hours: 1, severity: 5),       // inside a's days
            log("c", "2024-02-10", hours: 2, severity: 3),       // the previous period
            log("d", "2024-03-09", hours: nil, severity: 4),     // active: 9 and 10 Mar
        ]
        let c = HeadacheInsights.periodComparison(logs, from: date("2024-02-20"), to: date("2024-03-10"), asOf: date("2024-03-10"))
        XCTAssertEqual(c.current.days, 20)
        XCTAssertEqual(c.current.episodes, 3, "the active episode counts")
        XCTAssertEqual(c.current.headacheDays, 5)
        XCTAssertEqual(c.current.meanSeverity?.text, "3.7")
        XCTAssertEqual(c.current.medianDurationHours?.text, "24.5", "the exact average of the two middle values")
        XCTAssertEqual(c.previous.from, date("2024-01-31"))
        XCTAssertEqual(c.previous.to, date("2024-02-19"))
        XCTAssertEqual(c.previous.episodes, 1)
        XCTAssertEqual(c.previous.headacheDays, 1)
        XCTAssertEqual(c.previous.medianDurationHours?.text, "2.0")
    }

    func testEmptyPeriodHasNoMeanOrMedian() {
        let f = HeadacheInsights.periodFigures([], from: date("2026-01-01"), to: date("2026-01-31"), asOf: date("2026-01-31"))
        XCTAssertEqual(f.episodes, 0)
        XCTAssertEqual(f.headacheDays, 0)
        XCTAssertNil(f.meanSeverity)
        XCTAssertNil(f.medianDurationHours)
    }

    func testHeadacheDayRuleClipsToThePeriodAndTheAsOfDate() {
        let a = log("a", "2026-01-30", hours: 24 * 5, severity: 3)
        XCTAssertEqual(HeadacheDayRule.days(of: a, asOf: date("2026-02-28"), from: date("2026-02-01"), to: date("2026-02-28")),
                       date("2026-02-01")...date("2026-02-04"))
        let active = log("b", "2026-02-20", hours: nil, severity: 3)
        XCTAssertEqual(HeadacheDayRule.days(of: active, asOf: date("2026-02-22"), from: date("2026-02-01"), to: date("2026-02-28")),
                       date("2026-02-20")...date("2026-02-22"))
        XCTAssertNil(HeadacheDayRule.days(of: a, asOf: date("2026-03-31"), from: date("2026-03-01"), to: date("2026-03-31")))
    }
}
