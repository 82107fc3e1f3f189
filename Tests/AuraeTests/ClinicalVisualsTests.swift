@testable import Aurae
import Aurae
import Catalog
import Foundation
import Ingest
import Render
import ReportKit
import TestSupport
import XCTest

/// The clinical calendar and charts: month grids (mid-month ranges, leap days, episodes crossing
/// a month end, offset changes, days without data, daily context not logged), the one acute-day
/// rule, and the charts (weekly or monthly, partial periods hatched, the trend over whole periods
/// only, reference lines, the cycle chart).
final class ClinicalVisualsTests: XCTestCase {
    static let templates = Result { try TemplateSet(directory: TestPaths.templates) }

    func date(_ s: String) throws -> LocalDate { try XCTUnwrap(LocalDate(iso: s)) }

    /// A timestamp at `hour`:`minute` local time on `day`, at `offsetHours` from UTC.
    func at(_ day: String, _ hour: Int, _ minute: Int = 0, offsetHours: Int = 0) throws -> Timestamp {
        let d = try date(day)
        let local = Int64(d.daysSinceEpoch) * 86_400 + Int64(hour * 3600 + minute * 60)
        return Timestamp(epochSeconds: local - Int64(offsetHours * 3600), offsetSeconds: Int32(offsetHours * 3600))
    }

    func log(_ id: String, _ onset: Timestamp, _ resolved: Timestamp?, severity: Int = 3,
             meds: [MedicationEntry] = [], phase: CyclePhase? = nil) -> HeadacheLog {
        var l = HeadacheLog(id: id, onsetAt: onset, resolvedAt: resolved, severity: severity)
        l.retrospective.medications = meds
        l.retrospective.cyclePhase = phase
        return l
    }

    func data(_ logs: [HeadacheLog], from: String, to: String, asOf: String? = nil, days: [DayContext]? = nil) throws -> ClinicalVisualData {
        let t = try Self.templates.get()
        return ClinicalVisualData.of(logs, days: days, from: try date(from), to: try date(to), asOf: try date(asOf ?? to),
                                     config: try InsightsConfig(templates: t))
    }

    func visuals() throws -> ClinicalVisuals {
        let t = try Self.templates.get()
        return try ClinicalVisuals(templates: t, brand: try AuraeBrand(templates: t), config: try InsightsConfig(templates: t))
    }

    func layout(_ blocks: [Block]) throws -> LaidOutDocument {
        try LayoutEngine(measurer: FixedWidthMeasurer())
            .layout(Document(metadata: SampleDocuments.metadata(), template: SampleDocuments.template(), blocks: blocks))
    }

    func labels(_ doc: LaidOutDocument) -> [TextLabel] {
        doc.pages.flatMap { $0.items.compactMap { if case .label(let l) = $0 { return l } else { return nil } } }
    }

    func texts(_ doc: LaidOutDocument) -> [String] { labels(doc).map(\.text) }

    /// The severity digits drawn in the cells (bold labels "1"…"5"), without the legend's: its five
    /// swatches carry their digits as the cells do.
    func digits(_ doc: LaidOutDocument) -> [String] {
        var all = labels(doc).filter { $0.style.font.weight == .semibold && ["1", "2", "3", "4", "5"].contains($0.text) }.map(\.text)
        guard texts(doc).contains(where: { $0.hasPrefix("Shade and digit") }) else { return all }  // laid out without the key
        for legend in ["1", "2", "3", "4", "5"] {
            guard let i = all.lastIndex(of: legend) else { XCTFail("the legend's swatch \(legend) has no digit"); continue }
            all.remove(at: i)
        }
        return all
    }

    func fills(_ doc: LaidOutDocument, _ color: Color) -> Int {
        doc.pages.reduce(0) { n, p in
            n + p.items.filter { if case .rect(_, .solid(color), _) = $0 { return true } else { return false } }.count
        }
    }

    // MARK: - Calendar

    func testRangeStartingMidMonthGreysTheDaysOutside() throws {
        let v = try visuals()
        // Data from 1 Jan (an episode then), so every day of the range has data.
        let first = log("x", try at("2026-01-01", 9), try at("2026-01-01", 10))
        let doc = try layout(try v.calendar(try data([first], from: "2026-03-15", to: "2026-05-10")))
        let texts = texts(doc)
        for title in ["March 2026", "April 2026", "May 2026"] { XCTAssertTrue(texts.contains(title), title) }
        XCTAssertFalse(texts.contains("June 2026"))
        XCTAssertEqual(fills(doc, v.brand.visuals.calendarOutside) - 1, 14 + 21, "Mar 1–14 and May 11–31 (and the legend swatch)")
        XCTAssertTrue(texts.contains("Mon") && texts.contains("Sun"), "weekday header")
    }

    func testDaysBeforeLoggingStartedAreNotDrawnAsHeadacheFree() throws {
        let v = try visuals()
        let d = try data([log("a", try at("2026-03-20", 9), try at("2026-03-20", 10))], from: "2026-03-01", to: "2026-03-31")
        let doc = try layout(try v.calendar(d))
        XCTAssertEqual(fills(doc, v.brand.visuals.calendarOutside) - 1, 19, "1–19 March: no data yet")
    }

    func testLeapDayIsADayOfItsMonthAndShowsItsDigit() throws {
        let v = try visuals()
        let d = try data([log("a", try at("2028-02-29", 9), try at("2028-02-29", 11), severity: 5)],
                         from: "2028-02-01", to: "2028-02-29")
        XCTAssertEqual(d.facts[try date("2028-02-29")].severity, 5)
        XCTAssertEqual(d.facts.figures(from: d.from, to: d.to).headacheDays, 1)
        let doc = try layout(try v.calendar(d))
        XCTAssertTrue(texts(doc).contains("29"))
        XCTAssertFalse(texts(doc).contains("30"))
        XCTAssertEqual(digits(doc), ["5"], "the digit 5 on 29 Feb only")
        XCTAssertEqual(fills(doc, v.brand.visuals.calendarSeverity[4]), 2, "the cell and its legend swatch")
    }

    func testMultiDayEpisodeShadesEveryDayAcrossTheMonthEndByItsHighestSeverity() throws {
        let v = try visuals()
        let d = try data([log("a", try at("2026-03-30", 22), try at("2026-04-02", 8), severity: 2),
                          log("b", try at("2026-03-31", 10), try at("2026-03-31", 12), severity: 4)],
                         from: "2026-03-01", to: "2026-04-30", asOf: "2026-04-30")
        let got = try ["2026-03-30", "2026-03-31", "2026-04-01", "2026-04-02", "2026-04-03"].map { d.facts[try date($0)].severity }
        XCTAssertEqual(got, [2, 4, 2, 2, 0], "highest severity per day")
        let doc = try layout(try v.calendar(d))
        XCTAssertEqual(digits(doc).sorted(), ["2", "2", "2", "4"])
    }

    func testActiveEpisodeRunsToTheAsOfDateAndCountsFromBeforeTheRange() throws {
        // An episode of the day before the range still touches the days of the range: the
        // headache-day rule counts it there, as the monthly figures do.
        let d = try data([log("a", try at("2026-02-25", 8), nil)], from: "2026-02-27", to: "2026-03-02")
        XCTAssertEqual(d.facts.figures(from: d.from, to: d.to).headacheDays, 4)
        XCTAssertEqual(d.facts.figures(from: d.from, to: d.to).episodes, 0, "its onset is before the range")
        let later = try data([log("a", try at("2026-02-28", 8), nil)], from: "2026-02-27", to: "2026-03-10", asOf: "2026-03-02")
        XCTAssertEqual(later.facts[try date("2026-03-02")].severity, 3)
        XCTAssertEqual(later.facts[try date("2026-03-03")].severity, 0, "nothing after the as-of date")
    }

    func testDaysAreTakenInEachTimestampsOwnOffsetAcrossDSTChanges() throws {
        // Europe's spring change: 00:30 at +02:00 is still 28 March in UTC; it is the 29th locally.
        let d = try data([log("a", try at("2026-03-29", 0, 30, offsetHours: 2), try at("2026-03-29", 3, 30, offsetHours: 2)),
                          log("b", try at("2026-10-25", 1, 30, offsetHours: 2), try at("2026-10-25", 2, 30, offsetHours: 1),
                              meds: [MedicationEntry(name: "Ibuprofen", takenAt: try at("2026-10-25", 23, 30, offsetHours: 1))])],
                         from: "2026-03-01", to: "2026-10-31")
        XCTAssertEqual(d.facts[try date("2026-03-28")].severity, 0)
        XCTAssertEqual(d.facts[try date("2026-03-29")].severity, 3)
        XCTAssertTrue(d.facts[try date("2026-10-25")].acute, "taken late on the 25th local time (the 26th in UTC)")
        XCTAssertFalse(d.facts[try date("2026-10-26")].acute)
    }

    func testAcuteMarksFollowTheOneRuleWithBrandNames() throws {
        let v = try visuals()
        let d = try data([log("a", try at("2026-05-03", 9), try at("2026-05-03", 10),
                              meds: [MedicationEntry(name: "Topamax 50 mg"), MedicationEntry(name: "Imitrex", isAcute: false)]),
                          log("b", try at("2026-05-04", 9), try at("2026-05-04", 10), meds: [MedicationEntry(name: "  Maxalt MLT")]),
                          log("c", try at("2026-05-05", 9), try at("2026-05-05", 10), meds: [MedicationEntry(name: "Topiramate", isAcute: true)])],
                         from: "2026-05-01", to: "2026-05-31")
        let marked = (1...31).compactMap { day -> Int? in d.facts[d.from.adding(days: day - 1)].acute ? day : nil }
        XCTAssertEqual(marked, [4, 5])
        let doc = try layout(try v.calendar(d))
        XCTAssertEqual(texts(doc).filter { $0 == "●" }.count, 2)
        XCTAssertTrue(texts(doc).contains("● acute medication"))
    }

    func testWithDailyContextAnUnloggedDayIsHatchedAndTheLegendSaysWhatBlankMeans() throws {
        let v = try visuals()
        let days = try (1...30).filter { $0 != 10 }.map { DayContext(date: try date("2026-06-01").adding(days: $0 - 1)) }
        let d = try data([log("a", try at("2026-06-02", 9), try at("2026-06-02", 10))], from: "2026-06-01", to: "2026-06-30", days: days)
        let doc = try layout(try v.calendar(d))
        let hatches = doc.pages.flatMap(\.items).filter { if case .clip = $0 { return true } else { return false } }
        XCTAssertEqual(hatches.count, 3, "10 June, the legend's hatched swatch and its cross-hatched one (outside the range)")
        XCTAssertTrue(texts(doc).contains("blank: a logged headache-free day"))
        XCTAssertTrue(texts(doc).contains("no daily context logged"))
        let without = try layout(try v.calendar(try data(d.logs, from: "2026-06-01", to: "2026-06-30")))
        XCTAssertFalse(texts(without).contains("no daily context logged"))
        XCTAssertTrue(texts(without).contains("blank: no headache logged"))
    }

    func testTheLegendSitsUnderTheFirstRowOfGrids() throws {
        let v = try visuals()
        let doc = try layout(try v.calendar(try data([log("x", try at("2026-01-01", 9), nil)], from: "2026-01-01", to: "2026-06-30")))
        let all = labels(doc)
        let legendY = try XCTUnwrap(all.first { $0.text.hasPrefix("Shade and digit") }).position.y
        let march = try XCTUnwrap(all.first { $0.text == "March 2026" }).position.y
        let april = try XCTUnwrap(all.first { $0.text == "April 2026" }).position.y
        XCTAssertGreaterThan(legendY, march, "under the first row (January to March)")
        XCTAssertLessThan(legendY, april, "above the second row")
        for level in 1...5 { XCTAssertTrue(all.contains { $0.text == "\(level)" && $0.position.y > march }, "the digit \(level) in the legend's swatch") }
    }

    func testCellTextIsAtLeastSevenPoints() throws {
        let v = try visuals()
        let d = try data(try episodes(20, from: "2026-03-02", everyDays: 3), from: "2026-03-01", to: "2026-05-31")
        for mini in [false, true] {
            let blocks = mini ? try v.miniCalendar(d, months: 3) : try v.calendar(d)
            for l in labels(try layout(blocks)) { XCTAssertGreaterThanOrEqual(l.style.font.size, 7, l.text) }
        }
    }

    // MARK: - Charts

    func episodes(_ n: Int, from: String, everyDays: Int) throws -> [HeadacheLog] {
        let start = try date(from)
        return try (0..<n).map { i in
            let d = start.adding(days: i * everyDays).description
            return log("e\(i)", try at(d, 9), try at(d, 13), severity: 1 + i % 5,
                       meds: [MedicationEntry(name: i % 2 == 0 ? "Advil" : "Imitrex", isAcute: true, effectiveness: 1 + i % 5)],
                       phase: CyclePhase.allCases[i % 4])
        }
    }

    func testShortRangeCountsByWeekLabelledByMondayAndLongRangeByMonth() throws {
        let v = try visuals()
        let short = try data(try episodes(12, from: "2026-03-02", everyDays: 4), from: "2026-03-01", to: "2026-04-30")
        let shortTexts = texts(try layout(try v.charts(short)))
        XCTAssertTrue(shortTexts.contains("2 Mar") && shortTexts.contains("23 Feb"), "weeks by their Monday's date")
        let long = try data(try episodes(12, from: "2026-01-01", everyDays: 25), from: "2026-01-01", to: "2026-10-31")
        let longTexts = texts(try layout(try v.charts(long)))
        XCTAssertTrue(longTexts.contains("Jan 2026") && longTexts.contains("Oct 2026"), "month labels")
        XCTAssertTrue(ChartsBuilder.weekly(from: try date("2026-01-01"), to: try date("2026-03-10"), underDays: 70), "69 days")
        XCTAssertFalse(ChartsBuilder.weekly(from: try date("2026-01-01"), to: try date("2026-03-11"), underDays: 70), "10 weeks")
    }

    func testPartialPeriodsAreHatchedAndLabelledAndTheTrendUsesWholePeriodsOnly() throws {
        let v = try visuals()
        // From 1 January to 15 June: June covers 1–15.
        let d = try data(try episodes(30, from: "2026-01-01", everyDays: 5), from: "2026-01-01", to: "2026-06-15")
        let b = ChartsBuilder(visuals: v, data: d)
        let doc = try layout(try b.headacheDays())
        XCTAssertTrue(texts(doc).contains("Jun 2026 1–15"))
        XCTAssertTrue(doc.pages.flatMap(\.textRuns).contains { $0.text.hasPrefix("Hatched bars") })
        let c = try XCTUnwrap(try b.headacheDays().compactMap { $0.element as? Chart }.first)
        XCTAssertEqual(c.bars.map(\.hatched), [false, false, false, false, false, true])
        let line = try XCTUnwrap(c.line)
        XCTAssertTrue(line[5].isNaN, "no trend over the partial month")
        XCTAssertTrue(line[0..<5].allSatisfy(\.isFinite))
    }

    func testEveryClassUsedHasItsChartWithItsReferenceLine() throws {
        let v = try visuals()
        let d = try data(try episodes(12, from: "2026-03-02", everyDays: 5), from: "2026-03-01", to: "2026-05-31")
        let charts = try ChartsBuilder(visuals: v, data: d).classes().flatMap { block -> [Chart] in
            if let g = block.element as? KeepTogether { return g.blocks.compactMap { $0.element as? Chart } }
            return []
        }
        XCTAssertEqual(charts.map(\.valueAxisTitle), ["Triptans: days per month", "Simple analgesics: days per month"])
        XCTAssertEqual(charts.map { $0.referenceLines.map(\.value) }, [[10], [15]])
        XCTAssertEqual(charts[0].bars.map(\.value), [3, 3, 0], "Imitrex on 3 days in March and April")
    }

    func testEveryChartHasALevelTwoHeadingAndValuesAsText() throws {
        let v = try visuals()
        let d = try twoMonthsWithCycles()
        let doc = try layout(try v.charts(d))
        XCTAssertEqual(doc.outline.map(\.level), [2, 2, 2, 2])
        let texts = texts(doc)
        for word in ["Mild", "Severe", "−7", "0", "+10"] { XCTAssertTrue(texts.contains(word), word) }
        XCTAssertFalse(texts.contains("No data in this range"))
    }

    func testCycleChartCountsEpisodesAroundEachLoggedStart() throws {
        let t = try Self.templates.get()
        let config = try InsightsConfig(templates: t)
        var days: [DayContext] = []
        // Menstrual 1–5 March and 29 March–2 April (a day unlogged inside the second period).
        for i in 0..<45 {
            var day = DayContext(date: try date("2026-03-01").adding(days: i))
            if (0..<5).contains(i) || ((28..<33).contains(i) && i != 30) { day.cyclePhase = .menstrual } else { day.cyclePhase = .luteal }
            if i == 30 { day.cyclePhase = nil }
            days.append(day)
        }
        let logs = [log("a", try at("2026-02-27", 9), nil), log("b", try at("2026-03-01", 9), nil),
                    log("c", try at("2026-03-20", 9), nil), log("d", try at("2026-04-01", 9), nil)]
        let o = CycleOverlay(logs: logs, days: days, from: try date("2026-03-01"), to: try date("2026-04-14"), asOf: try date("2026-04-14"),
                             config: config)
        XCTAssertEqual(o.starts, try ["2026-03-01", "2026-03-29"].map(date), "a day unlogged inside a period starts nothing")
        XCTAssertEqual(o.episodesByDay.count, 18)
        XCTAssertEqual(o.episodesByDay[7 - 2], 1, "27 Feb is day −2 of the first start")
        XCTAssertEqual(o.episodesByDay[7], 1, "1 March is day 0")
        XCTAssertEqual(o.episodesByDay[7 + 3], 1, "1 April is day +3 of the second start")
        XCTAssertEqual(o.cyclesWithEpisodeNearStart, 2)
    }

    func testCollectingShowsNoTrendLine() throws {
        let v = try visuals()
        let d = try data(try episodes(2, from: "2026-03-02", everyDays: 5), from: "2026-01-01", to: "2026-06-30")
        XCTAssertEqual(d.insights.status, .collecting)
        let chart = try XCTUnwrap(try ChartsBuilder(visuals: v, data: d).headacheDays().compactMap { $0.element as? Chart }.first)
        XCTAssertNil(chart.line, "no trend under the pattern threshold")
    }

    func testNoDataChartsSayItHonestly() throws {
        let v = try visuals()
        let doc = try layout(try v.charts(try data([], from: "2026-03-01", to: "2026-03-31")))
        let texts = texts(doc)
        XCTAssertEqual(texts.filter { $0 == "No data in this range" }.count, 2, "headache days and severity")
        XCTAssertFalse(texts.contains("0"), "no empty axis")
        XCTAssertTrue(doc.pages.flatMap(\.textRuns).contains { $0.text.hasPrefix("Menstrual starts come from") })
    }
}
