import Cycle
import Ingest
import XCTest

/// The cycle-length rule at every edge: plausible gaps 15…90, the last 6, a date logged twice,
/// rounding half away from zero, the default.
final class CycleLengthTests: XCTestCase {
    let settings = CycleSettings()

    /// Start dates with these gaps (days) from 2026-01-01.
    func starts(gaps: [Int]) -> [LocalDate] {
        var date = LocalDate(year: 2025, month: 1, day: 1)!
        var out = [date]
        for g in gaps { date = date.adding(days: g); out.append(date) }
        return out
    }

    func length(_ gaps: [Int]) -> CycleLength { CycleLength(starts: starts(gaps: gaps), settings: settings) }

    func testGapsOf14And91DaysDoNotCountAnd15And90Do() {
        XCTAssertEqual(length([14]), CycleLength(days: 28, isDefault: true, gaps: []))
        XCTAssertEqual(length([91]), CycleLength(days: 28, isDefault: true, gaps: []))
        XCTAssertEqual(length([15]), CycleLength(days: 15, isDefault: false, gaps: [15]))
        XCTAssertEqual(length([90]), CycleLength(days: 90, isDefault: false, gaps: [90]))
        XCTAssertEqual(length([14, 30, 91]).gaps, [30])
    }

    func testOnlyTheLastSixPlausibleGapsAreAveraged() {
        // 40 is the 7th plausible gap from the end, so it is left out; 10 and 100 never count.
        let l = length([40, 20, 10, 20, 20, 100, 20, 20, 20])
        XCTAssertEqual(l.gaps, [20, 20, 20, 20, 20, 20])
        XCTAssertEqual(l.days, 20)
        XCTAssertEqual(length([40, 20, 20, 20, 20, 20]).days, 23)  // 140/6 = 23.33
    }

    func testAStartLoggedTwiceCountsOnce() {
        var dates = starts(gaps: [28, 30])
        dates.insert(dates[1], at: 2)
        let l = CycleLength(starts: dates, settings: settings)
        XCTAssertEqual(l.gaps, [28, 30])
        XCTAssertEqual(l.days, 29)
        // Input order does not matter either.
        XCTAssertEqual(CycleLength(starts: dates.reversed(), settings: settings), l)
    }

    func testRoundingIsHalfAwayFromZero() {
        XCTAssertEqual(length([28, 29]).days, 29)        // 28.5 → 29
        XCTAssertEqual(length([27, 28]).days, 28)        // 27.5 → 28
        XCTAssertEqual(length([28, 28, 29]).days, 28)    // 28.33 → 28
        XCTAssertEqual(length([28, 29, 29]).days, 29)    // 28.67 → 29
    }

    func testNoStartOrOneStartIsTheDefault() {
        XCTAssertEqual(CycleLength(starts: [], settings: settings).isDefault, true)
        XCTAssertEqual(length([]).days, 28)
    }

    func testSettingsProblemsAreNamed() {
        XCTAssertNil(CycleSettings().problem)
        XCTAssertEqual(CycleSettings(plausibleGapMinDays: 20, plausibleGapMaxDays: 10).problem, "plausibleGapMinDays/plausibleGapMaxDays")
        XCTAssertEqual(CycleSettings(defaultLengthDays: 200).problem, "defaultLengthDays")
        XCTAssertEqual(CycleSettings(reminderDaysAfterPrediction: [1, 3, 5]).problem, "reminderDaysAfterPrediction")
        XCTAssertEqual(CycleSettings(reminderHour: 24).problem, "reminderHour")
        XCTAssertEqual(CycleSettings(gapsAveraged: 0).problem, "gapsAveraged")
    }
}
