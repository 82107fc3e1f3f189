@testable import Aurae
import Ingest
import XCTest

/// The clinical report's range and figures: the default last three calendar months, partial
/// months labelled by the days they cover, the previous period compared only when logging had
/// started, and the day facts every figure adds up (headache days as the union of touched dates,
/// severe days, acute days, episodes by onset).
final class ClinicalRangeTests: XCTestCase {
    /// An episode from `onset` lasting `hours` (nil: active), at UTC+01:00.
    func episode(_ id: String, _ onset: String, hours: Int?, severity: Int, meds: [MedicationEntry] = []) -> HeadacheLog {
        let d = date(onset)
        let start = Timestamp(epochSeconds: Int64(d.daysSinceEpoch) * 86_400 + 9 * 3600 - 3600, offsetSeconds: 3600)
        let end = hours.map { Timestamp(epochSeconds: start.epochSeconds + Int64($0) * 3600, offsetSeconds: 3600) }
        var l = HeadacheLog(id: id, onsetAt: start, resolvedAt: end, severity: severity)
        l.retrospective.medications = meds
        return l
    }

    func testDefaultRangeIsTheLastThreeCalendarMonthsThroughTheAsOfDate() {
        let r = HeadacheInsights.lastThreeMonths(through: date("2026-07-15"))
        XCTAssertEqual(r.from, date("2026-05-01"))
        XCTAssertEqual(r.to, date("2026-07-15"))
        XCTAssertEqual(HeadacheInsights.lastThreeMonths(through: date("2026-02-28")).from, date("2025-12-01"))
    }

    func testPartialMonthsAreCoveredByTheirDaysAndMonthsWithoutDataByNone() {
        let months = ReportPeriod.months(from: date("2026-05-01"), to: date("2026-07-31"),
                                         data: date("2026-05-20")...date("2026-07-15"))
        XCTAssertEqual(months.map(\.covered), [date("2026-05-20")...date("2026-05-31"), date("2026-06-01")...date("2026-06-30"),
                                               date("2026-07-01")...date("2026-07-15")])
        XCTAssertEqual(months.map(\.isWhole), [false, true, false])
        let before = ReportPeriod.months(from: date("2026-01-01"), to: date("2026-02-28"), data: date("2026-03-01")...date("2026-03-31"))
        XCTAssertEqual(before.map(\.covered), [nil, nil], "no zero for a month without data")
        let weeks = ReportPeriod.weeks(from: date("2026-05-01"), to: date("2026-05-31"), data: date("2026-01-01")...date("2026-05-31"))
        XCTAssertEqual(weeks.first?.start, date("2026-04-27"), "weeks start on Monday")
        XCTAssertEqual(weeks.first?.covered, date("2026-05-01")...date("2026-05-03"))
        XCTAssertEqual(weeks.last?.covered, date("2026-05-25")...date("2026-05-31"))
    }

    func testThePreviousPeriodIsComparedOnlyWhenLoggingHadStarted() {
        let logs = [episode("a", "2026-02-03", hours: 2, severity: 3), episode("b", "2026-06-10", hours: 2, severity: 3)]
        let r = RangeComparison(logs: logs, days: nil, from: date("2026-05-01"), to: date("2026-07-15"), asOf: date("2026-07-15"))
        XCTAssertEqual(r.previousTo, date("2026-04-30"))
        XCTAssertEqual(r.previousFrom, date("2026-02-14"), "76 days, as long as the range")
        XCTAssertTrue(r.comparable)
        let late = RangeComparison(logs: logs, days: nil, from: date("2026-04-01"), to: date("2026-07-15"), asOf: date("2026-07-15"))
        XCTAssertFalse(late.comparable, "its previous period starts before 3 Feb")
        XCTAssertEqual(late.firstData, date("2026-02-03"))
        var day = DayContext(date: date("2025-12-01"))
        day.sleepHours = 7
        let withDays = RangeComparison(logs: logs, days: [day], from: date("2026-04-01"), to: date("2026-07-15"), asOf: date("2026-07-15"))
        XCTAssertTrue(withDays.comparable, "daily context logged since 1 Dec")
        let nothing = RangeComparison(logs: [], days: nil, from: date("2026-04-01"), to: date("2026-06-30"), asOf: date("2026-06-30"))
        XCTAssertFalse(nothing.comparable)
        XCTAssertNil(nothing.firstData)
        XCTAssertNil(nothing.covered)
    }

    func testDayFactsAddUpEveryFigureOfAPeriod() {
        let logs = [
            episode("a", "2024-02-28", hours: 48, severity: 2, meds: [med("Imitrex")]),  // 28, 29 Feb (leap day), 1 Mar
            episode("b", "2024-02-29", hours: 1, severity: 5),                          // inside a's days, severe
            episode("c", "2024-02-10", hours: 2, severity: 3, meds: [med("Topamax")]),  // a preventive: no acute day
            episode("d", "2024-03-09", hours: nil, severity: 4),                         // active: 9 and 10 Mar
        ]
        let f = DayFacts(logs: logs, days: nil, from: date("2024-02-01"), to: date("2024-03-31"), asOf: date("2024-03-10"),
                         config: sharedConfig)
        let march = f.figures(from: date("2024-03-01"), to: date("2024-03-31"))
        XCTAssertEqual(march.headacheDays, 3, "1, 9 and 10 March; nothing after the as-of date")
        XCTAssertEqual(march.severeDays, 2, "9 and 10 March (the active severity 4)")
        XCTAssertEqual(march.episodes, 1)
        let feb = f.figures(from: date("2024-02-01"), to: date("2024-02-29"))
        XCTAssertEqual(feb.headacheDays, 3, "10, 28, 29 Feb")
        XCTAssertEqual(feb.severeDays, 1, "29 Feb: severity 5 beats 2")
        XCTAssertEqual(feb.acuteDays, 1, "28 Feb: Imitrex; Topamax is preventive")
        XCTAssertEqual(feb.episodes, 3)
    }

    /// The facts keep only the days between the first and the last that anything falls on; a day
    /// touched by a medication taken after its episode or by a daily record alone is among them,
    /// and the figures of a window decades long are those of its few days.
    func testDayFactsOfAWideWindowHoldEveryDayAnythingFallsOn() {
        var day = DayContext(date: date("2024-01-05"))
        day.sleepHours = 7
        let logs = [
            // Ibuprofen taken on 20 Mar, nine days after its episode.
            episode("a", "2024-03-10", hours: 30, severity: 4, meds: [med("Ibuprofen", "2024-03-20T08:00:00+01:00")]),
            episode("b", "2024-02-01", hours: 2, severity: 2),
        ]
        let f = DayFacts(logs: logs, days: [day], from: date("2001-01-01"), to: date("2099-12-31"), asOf: date("2099-12-31"),
                         config: sharedConfig)
        XCTAssertTrue(f[date("2024-01-05")].tracked, "a daily record alone, before every episode")
        XCTAssertEqual(f[date("2024-02-01")].severity, 2)
        XCTAssertEqual(f[date("2024-03-11")].severity, 4)
        XCTAssertTrue(f[date("2024-03-20")].acute, "the medication's own day, after its episode")
        XCTAssertEqual(f[date("2024-03-20")].severity, 0)
        for empty in ["2001-01-01", "2024-01-04", "2024-03-21", "2099-12-31"] {
            XCTAssertEqual(f[date(empty)], DayFacts.Day(), empty)
        }
        let all = f.figures(from: date("2001-01-01"), to: date("2099-12-31"))
        XCTAssertEqual([all.headacheDays, all.severeDays, all.acuteDays, all.trackedDays, all.episodes], [3, 2, 1, 1, 2])
        XCTAssertEqual(all.days, 36_159)
        let after = f.figures(from: date("2024-03-21"), to: date("2030-12-31"))
        XCTAssertEqual([after.headacheDays, after.acuteDays, after.trackedDays, after.episodes], [0, 0, 0, 0])
        let across = f.figures(from: date("2024-03-11"), to: date("2025-01-31"))
        XCTAssertEqual([across.headacheDays, across.acuteDays, across.episodes], [1, 1, 0])
        let nothing = DayFacts(logs: [], days: nil, from: date("2024-01-01"), to: date("2024-12-31"), asOf: date("2024-12-31"),
                               config: sharedConfig)
        XCTAssertEqual(nothing.figures(from: date("2024-01-01"), to: date("2024-12-31")).headacheDays, 0)
        XCTAssertEqual(nothing[date("2024-06-01")], DayFacts.Day())
    }

    func testHeadacheDayRuleClipsToThePeriodAndTheAsOfDate() {
        let a = episode("a", "2026-01-30", hours: 24 * 5, severity: 3)
        XCTAssertEqual(HeadacheDayRule.days(of: a, asOf: date("2026-02-28"), from: date("2026-02-01"), to: date("2026-02-28")),
                       date("2026-02-01")...date("2026-02-04"))
        let active = episode("b", "2026-02-20", hours: nil, severity: 3)
        XCTAssertEqual(HeadacheDayRule.days(of: active, asOf: date("2026-02-22"), from: date("2026-02-01"), to: date("2026-02-28")),
                       date("2026-02-20")...date("2026-02-22"))
        XCTAssertNil(HeadacheDayRule.days(of: a, asOf: date("2026-03-31"), from: date("2026-03-01"), to: date("2026-03-31")))
    }

    func testMedicationUseSplitsAcuteFromPreventiveAndGroupsNamesAsLogged() {
        let logs = [
            episode("a", "2026-05-02", hours: 3, severity: 3, meds: [med("Imitrex", acute: true, effectiveness: 4), med("Topamax")]),
            episode("b", "2026-05-04", hours: 1, severity: 3, meds: [med("imitrex ", effectiveness: 2), med("Topamax", acute: false)]),
            episode("c", "2026-05-04", hours: 1, severity: 3, meds: [med("Imitrex")]),
            episode("d", "2026-05-09", hours: 1, severity: 3, meds: [med("Sumatriptan/Naproxen")]),
        ]
        let use = MedicationUseList(logs: logs, from: date("2026-05-01"), to: date("2026-05-31"), asOf: date("2026-05-31"),
                                    config: sharedConfig)
        XCTAssertEqual(use.acute.map(\.name), ["Imitrex", "Sumatriptan/Naproxen"])
        XCTAssertEqual(use.acute.map(\.days), [2, 1], "days, not doses")
        XCTAssertEqual(use.acute[0].ratings, 2)
        XCTAssertEqual(use.acute[0].meanRating?.text, "3.0")
        XCTAssertEqual(use.acute[0].classes, ["Triptans"])
        XCTAssertEqual(use.acute[1].classes, ["Triptans", "Simple analgesics"])
        XCTAssertEqual(use.preventive.map(\.name), ["Topamax"])
        XCTAssertEqual(use.preventive.map(\.days), [2])
        XCTAssertEqual(use.preventive[0].ratings, 0, "no ratings shown for a preventive")
    }
}
