@testable import Aurae
import Aurae
import Ingest
import Render
import ReportKit
import TestSupport
import XCTest

/// The clinical figures' alternative text (issue 22): each chart and calendar row says in words
/// the numbers it draws — checked here against the chart's bars, the calendar's drawn digits and
/// marks, and the report's day facts.
extension ClinicalVisualsTests {
    /// The figures of a laid-out document, in reading order: their alternative text.
    func figureTexts(_ doc: LaidOutDocument) -> [String] {
        doc.pages.flatMap { page in
            page.structure.compactMap { mark -> String? in
                guard case .begin(let e) = mark.event, e.role == .figure, !e.continues else { return nil }
                return e.alternativeText
            }
        }
    }

    func charts(_ blocks: [Block]) -> [Chart] {
        blocks.flatMap { block -> [Chart] in
            if let c = block.element as? Chart { return [c] }
            if let g = block.element as? KeepTogether { return g.blocks.compactMap { $0.element as? Chart } }
            return []
        }
    }

    /// March and April 2026: 12 episodes every 5 days, and a daily-context record for every day
    /// with a menstrual phase on days 1–5 of every 28 (for the cycle chart).
    func twoMonthsWithCycles() throws -> ClinicalVisualData {
        let days = try (0..<61).map { i -> DayContext in
            var day = DayContext(date: try date("2026-03-01").adding(days: i))
            day.cyclePhase = i % 28 < 5 ? .menstrual : .follicular
            return day
        }
        return try data(try episodes(12, from: "2026-03-02", everyDays: 5), from: "2026-03-01", to: "2026-04-30", days: days)
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]

    func testHeadacheDaysChartReadsEachMonthsNumberAndTheTrend() throws {
        let v = try visuals()
        // From 1 January to 15 June: June covers 1–15; a trend over the five whole months.
        let d = try data(try episodes(30, from: "2026-01-01", everyDays: 5), from: "2026-01-01", to: "2026-06-15")
        let blocks = try ChartsBuilder(visuals: v, data: d).headacheDays()
        let chart = try XCTUnwrap(charts(blocks).first)
        let line = try XCTUnwrap(chart.line, "a trend over five whole months")
        var items: [String] = []
        for (i, bar) in chart.bars.enumerated() {
            let month = i + 1, first = try date("2026-0\(month)-01")
            let last = month == 6 ? d.to : first.adding(days: LocalDate.daysInMonth(year: 2026, month: month) - 1)
            XCTAssertEqual(d.facts.figures(from: first, to: last).headacheDays, Int(bar.value), "the bar is the month's figure")
            items.append(Self.monthNames[i] + " 2026" + (month == 6 ? " (days 1–15 only)" : "") + ": \(Int(bar.value))")
        }
        let alt = try XCTUnwrap(chart.alternativeText)
        XCTAssertTrue(alt.hasPrefix("Headache days per month (bar chart). " + items.joined(separator: ", ") + ". "), alt)
        let direction = line[1] > line[0] ? "rising" : line[1] < line[0] ? "falling" : "flat"
        XCTAssertTrue(alt.contains("Trend over whole months only: \(direction), "), alt)
        XCTAssertEqual(figureTexts(try layout(blocks)), [alt], "the chart is one figure, read as its alternative text")
    }

    func testWeeklyChartReadsEachWeekByItsMonday() throws {
        let v = try visuals()
        let d = try data(try episodes(12, from: "2026-03-02", everyDays: 4), from: "2026-03-01", to: "2026-04-30")
        let chart = try XCTUnwrap(charts(try ChartsBuilder(visuals: v, data: d).headacheDays()).first)
        let alt = try XCTUnwrap(chart.alternativeText)
        XCTAssertEqual(chart.bars[0].valueText, "—", "the week before logging started has no data")
        XCTAssertTrue(alt.hasPrefix("Headache days per week (bar chart). week of 23 February: no data, "
                                    + "week of 2 March: \(Int(chart.bars[1].value)), week of 9 March: \(Int(chart.bars[2].value)), "), alt)
        XCTAssertEqual(alt.components(separatedBy: "week of ").count - 1, chart.bars.count, "every week")
        // The range ends on a Thursday: the last week is covered in part and says which days,
        // as its hatched bar does, so a listener does not hear a drop.
        let last = try XCTUnwrap(chart.bars.last)
        XCTAssertTrue(last.hatched)
        XCTAssertTrue(alt.contains("week of 27 April (27 Apr 2026 to 30 Apr 2026 only): \(last.valueText)."), alt)
    }

    func testSeverityAndClassChartsReadTheirBarsAndTheReference() throws {
        let v = try visuals()
        // Imitrex (a triptan) on 12 days in March: above the reference of 10 days.
        var logs = try (0..<12).map { i in
            log("t\(i)", try at("2026-03-\(String(format: "%02d", i + 1))", 9), try at("2026-03-\(String(format: "%02d", i + 1))", 10),
                severity: 1 + i % 5, meds: [MedicationEntry(name: "Imitrex", isAcute: true)])
        }
        logs.append(log("a", try at("2026-04-03", 9), try at("2026-04-03", 10), severity: 2, meds: [MedicationEntry(name: "Advil", isAcute: true)]))
        let d = try data(logs, from: "2026-03-01", to: "2026-04-30")
        let b = ChartsBuilder(visuals: v, data: d)
        let severity = try XCTUnwrap(charts(try b.severity()).first)
        XCTAssertEqual(severity.alternativeText, "Episodes by severity (bar chart). Mild: 3, Mild–moderate: 4, Moderate: 2, "
                       + "Moderate–severe: 2, Severe: 2.")
        let classes = charts(try b.classes())
        XCTAssertEqual(classes.map(\.alternativeText), [
            "Triptans: acute-medication days per month (bar chart). March 2026: 12, April 2026: 0. "
                + "ICHD-3 reference line at 10\u{A0}days, reached in 1 of 2 months.",
            "Simple analgesics: acute-medication days per month (bar chart). March 2026: 0, April 2026: 1. "
                + "ICHD-3 reference line at 15\u{A0}days, reached in none of the months.",
        ])
        XCTAssertEqual(classes.map { $0.bars.map(\.value) }, [[12, 0], [0, 1]], "the numbers read are the bars drawn")
    }

    /// Each calendar row reads, per month, what its cells show: the headache days by highest
    /// severity (the digits drawn; in miniature those at 4–5), the acute-medication days (the
    /// marks drawn) and the days without daily context (the hatched cells).
    func testCalendarReadsEachMonthsDaysBySeverityAndAcuteMedication() throws {
        let v = try visuals()
        let logs = try episodes(20, from: "2026-03-02", everyDays: 3)
        let days = try (0..<92).filter { $0 % 10 != 4 }.map { DayContext(date: try date("2026-03-01").adding(days: $0)) }
        let d = try data(logs, from: "2026-03-01", to: "2026-05-31", days: days)
        for mini in [false, true] {
            let blocks = mini ? try v.miniCalendar(d, months: 3) : try v.calendar(d)
            let alts = figureTexts(try layout(blocks))
            let doc = try layout([blocks[0]])  // the row of grids, without the key
            XCTAssertEqual(alts.count, 2, "one row of three months, then the key")
            var sentences: [String] = []
            var digitsTotal = 0, acuteTotal = 0
            for month in 3...5 {
                let first = try date("2026-0\(month)-01")
                let length = LocalDate.daysInMonth(year: 2026, month: month)
                var levels = [Int](repeating: 0, count: 5)
                var acute = 0, untracked = 0
                for i in 0..<length {
                    let day = d.facts[first.adding(days: i)]
                    if day.severity > 0 { levels[Int(day.severity) - 1] += 1 } else if !day.tracked { untracked += 1 }
                    if day.acute { acute += 1 }
                }
                let total = levels.reduce(0, +)
                digitsTotal += total; acuteTotal += acute
                let names = ["Mild", "Mild–moderate", "Moderate", "Moderate–severe", "Severe"]
                let byLevel = (0..<5).filter { levels[$0] > 0 }.map { "\(levels[$0]) \(names[$0])" }.joined(separator: ", ")
                // In miniature: the days at severity 4–5 (page 1's table's row) instead of each severity.
                let severities = mini ? ", \(levels[3] + levels[4]) at severity 4–5" : " (\(byLevel))"
                var s = "\(Self.monthNames[month - 1]) 2026: " + (total == 0 ? "no headache day" : "\(total) headache day\(total == 1 ? "" : "s")\(severities)")
                    + "; " + (acute == 0 ? "no acute medication" : "acute medication on \(acute) day\(acute == 1 ? "" : "s")")
                if untracked > 0 { s += "; no daily context logged on \(untracked) day\(untracked == 1 ? "" : "s")" }
                sentences.append(s + ".")
            }
            let intro = mini ? "Calendar in miniature, the most recent months of the range. " : "Calendar. "
            XCTAssertEqual(alts[0], intro + sentences.joined(separator: " "), mini ? "mini" : "full")
            XCTAssertEqual(digits(doc).count, digitsTotal, "a digit in every headache day's cell, as read")
            XCTAssertEqual(texts(doc).filter { $0 == "●" }.count, acuteTotal, "an acute mark on every day read")
            XCTAssertTrue(alts[1].hasPrefix("Calendar key. Shade and digit: the day’s highest severity. 1: Mild, 2: Mild–moderate"), alts[1])
        }
    }

    func testCalendarReadsAMonthInPartAndAMonthWithoutData() throws {
        let v = try visuals()
        // Data from 20 March: 1–19 March are grey; the range ends on 10 May.
        let d = try data([log("a", try at("2026-03-20", 9), try at("2026-03-20", 10), severity: 5)], from: "2026-03-01", to: "2026-05-10")
        let alts = figureTexts(try layout(try v.calendar(d)))
        XCTAssertEqual(alts.first, "Calendar. March 2026 (days 20–31 in range): 1 headache day (1 Severe); no acute medication. "
                       + "April 2026: no headache day; no acute medication. "
                       + "May 2026 (days 1–10 in range): no headache day; no acute medication.")
    }

    func testEveryClinicalFigureHasWordsWithItsNumbers() throws {
        let v = try visuals()
        let d = try twoMonthsWithCycles()
        let alts = figureTexts(try layout(try v.charts(d) + v.calendar(d)))
        XCTAssertEqual(alts.count, 5 + 2, "headache days, severity, two classes, cycle; a calendar row and its key")
        for alt in alts { XCTAssertNotNil(alt.rangeOfCharacter(from: .decimalDigits), alt) }
        XCTAssertTrue(alts.contains { $0.hasPrefix("Episodes beginning on each day relative to a logged menstrual start, day 0 (bar chart). day −7: ") })
    }
}
