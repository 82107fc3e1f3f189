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
/// a month end, offset changes, empty data), the acute-day rule shared with Insights, and the
/// charts (weekly or monthly, the trend line, progress states without numbers).
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

    func data(_ logs: [HeadacheLog], from: String, to: String, days: [DayContext]? = nil) throws -> ClinicalVisualData {
        let t = try Self.templates.get()
        let f = try date(from), e = try date(to)
        let insights = HeadacheInsights.analyze(InsightsRequest(logs: logs, days: days, asOf: e, from: f, to: e, tier: .premium),
                                                config: try InsightsConfig(templates: t))
        let shown = HeadacheSummary.episodes(logs, from: f, to: e)
        return ClinicalVisualData(episodes: shown, days: days, from: f, to: e, asOf: e, insights: insights)
    }

    func visuals() throws -> ClinicalVisuals {
        let t = try Self.templates.get()
        return try ClinicalVisuals(templates: t, brand: try AuraeBrand(templates: t))
    }

    func layout(_ blocks: [Block]) throws -> LaidOutDocument {
        try LayoutEngine(measurer: FixedWidthMeasurer())
            .layout(Document(metadata: SampleDocuments.metadata(), template: SampleDocuments.template(), blocks: blocks))
    }

    func labels(_ doc: LaidOutDocument) -> [String] {
        doc.pages.flatMap { $0.items.compactMap { if case .label(let l) = $0 { return l.text } else { return nil } } }
    }

    func fills(_ doc: LaidOutDocument, _ color: Color) -> Int {
        doc.pages.reduce(0) { n, p in
            n + p.items.filter { if case .rect(_, .solid(color), _) = $0 { return true } else { return false } }.count
        }
    }

    // MARK: - Calendar

    func testRangeStartingMidMonthGreysTheDaysOutside() throws {
        let v = try visuals()
        let doc = try layout(try v.calendar(try data([], from: "2026-03-15", to: "2026-05-10")))
        let texts = labels(doc)
        for title in ["March 2026", "April 2026", "May 2026"] { XCTAssertTrue(texts.contains(title), title) }
        XCTAssertFalse(texts.contains("June 2026"))
        XCTAssertEqual(fills(doc, v.brand.visuals.calendarOutside) - 1, 14 + 21, "Mar 1–14 and May 11–31 (and the legend swatch)")
        XCTAssertTrue(texts.contains("Mon") && texts.contains("Sun"), "weekday header")
    }

    func testLeapDayIsADayOfItsMonthAndMarked() throws {
        let v = try visuals()
        let d = try data([log("a", try at("2028-02-29", 9), try at("2028-02-29", 11), severity: 5)],
                         from: "2028-02-01", to: "2028-02-29")
        let marks = CalendarBuilder.days(d, config: v.config)
        XCTAssertEqual(marks[try date("2028-02-29")]?.severity, 5)
        XCTAssertEqual(marks.count, 1)
        let texts = labels(try layout(try v.calendar(d)))
        XCTAssertTrue(texts.contains("29"))
        XCTAssertFalse(texts.contains("30"))
        XCTAssertEqual(texts.filter { $0 == "Se" }.count, 1, "the severe letter on 29 Feb only")
    }

    func testMultiDayEpisodeMarksEveryDayAcrossTheMonthEnd() throws {
        let v = try visuals()
        let d = try data([log("a", try at("2026-03-30", 22), try at("2026-04-02", 8), severity: 2),
                          log("b", try at("2026-03-31", 10), try at("2026-03-31", 12), severity: 4)],
                         from: "2026-03-01", to: "2026-04-30")
        let marks = CalendarBuilder.days(d, config: v.config)
        let got = try ["2026-03-30", "2026-03-31", "2026-04-01", "2026-04-02"].map { marks[try date($0)]?.severity }
        XCTAssertEqual(got, [2, 4, 2, 2], "highest severity per day")
        XCTAssertNil(marks[try date("2026-04-03")])
        let texts = labels(try layout(try v.calendar(d)))
        XCTAssertEqual(texts.filter { $0 == "MM" }.count, 3)
        XCTAssertEqual(texts.filter { $0 == "MS" }.count, 1)
    }

    func testActiveEpisodeRunsToTheAsOfDateAndIsClippedToTheRange() throws {
        let v = try visuals()
        let d = try data([log("a", try at("2026-02-25", 8), nil)], from: "2026-02-27", to: "2026-03-02")
        // Onset before the range: not an episode of the range, so nothing is marked.
        XCTAssertTrue(CalendarBuilder.days(d, config: v.config).isEmpty)
        let d2 = try data([log("a", try at("2026-02-28", 8), nil)], from: "2026-02-27", to: "2026-03-02")
        XCTAssertEqual(CalendarBuilder.days(d2, config: v.config).keys.sorted(),
                       try ["2026-02-28", "2026-03-01", "2026-03-02"].map(date))
    }

    func testDaysAreTakenInEachTimestampsOwnOffsetAcrossDSTChanges() throws {
        let v = try visuals()
        // Europe's spring change: 00:30 at +02:00 is still 28 March in UTC; it is the 29th locally.
        // An episode from 01:30 (+01:00) to 03:30 (+02:00) that night stays on one day.
        let d = try data([log("a", try at("2026-03-29", 0, 30, offsetHours: 2), try at("2026-03-29", 3, 30, offsetHours: 2)),
                          log("b", try at("2026-10-25", 1, 30, offsetHours: 2), try at("2026-10-25", 2, 30, offsetHours: 1),
                              meds: [MedicationEntry(name: "Ibuprofen", takenAt: try at("2026-10-25", 23, 30, offsetHours: 1))])],
                         from: "2026-03-01", to: "2026-10-31")
        let marks = CalendarBuilder.days(d, config: v.config)
        XCTAssertEqual(marks.keys.sorted(), try ["2026-03-29", "2026-10-25"].map(date))
        XCTAssertEqual(marks[try date("2026-10-25")]?.acute, true, "taken late on the 25th local time (the 26th in UTC)")
    }

    func testAcuteDaysFollowTheInsightsRule() throws {
        let v = try visuals()
        let d = try data([log("a", try at("2026-05-03", 9), try at("2026-05-03", 10),
                              meds: [MedicationEntry(name: "Topiramate 50 mg"), MedicationEntry(name: "Sumatriptan", isAcute: false)]),
                          log("b", try at("2026-05-04", 9), try at("2026-05-04", 10), meds: [MedicationEntry(name: "  ibuprofen")]),
                          log("c", try at("2026-05-05", 9), try at("2026-05-05", 10), meds: [MedicationEntry(name: "Topiramate", isAcute: true)])],
                         from: "2026-05-01", to: "2026-05-31")
        let acute = HeadacheInsights.acuteMedicationDays(d.episodes, from: d.from, to: d.to, config: v.config)
        XCTAssertEqual(acute.sorted(), try ["2026-05-04", "2026-05-05"].map(date))
        let texts = labels(try layout(try v.calendar(d)))
        XCTAssertEqual(texts.filter { $0 == "Rx" }.count, 2)
        XCTAssertTrue(texts.contains("Rx Acute medication taken"))
    }

    func testEmptyRangeHasGridsAndLegendButNoMarks() throws {
        let v = try visuals()
        let texts = labels(try layout(try v.calendar(try data([], from: "2026-06-01", to: "2026-06-30"))))
        XCTAssertTrue(texts.contains("June 2026"))
        for mark in ["Mi", "MM", "Mo", "MS", "Se", "Rx"] { XCTAssertFalse(texts.contains(mark), mark) }
        XCTAssertTrue(texts.contains("Mi Mild"), "the legend explains the letters")
    }

    // MARK: - Charts

    func episodes(_ n: Int, from: String, everyDays: Int) throws -> [HeadacheLog] {
        let start = try date(from)
        return try (0..<n).map { i in
            let d = start.adding(days: i * everyDays).description
            return log("e\(i)", try at(d, 9), try at(d, 13), severity: 1 + i % 5,
                       meds: [MedicationEntry(name: i % 2 == 0 ? "Ibuprofen" : "Sumatriptan", isAcute: true, effectiveness: 1 + i % 5)],
                       phase: CyclePhase.allCases[i % 4])
        }
    }

    func testShortRangeCountsByWeekAndLongRangeByMonthWithTheTrendLine() throws {
        let v = try visuals()
        let short = try data(try episodes(12, from: "2026-03-02", everyDays: 5), from: "2026-03-01", to: "2026-04-30")
        let shortDoc = try layout(try v.charts(short))
        XCTAssertTrue(labels(shortDoc).contains { $0.hasPrefix("W1") }, "ISO week labels")
        XCTAssertTrue(labels(shortDoc).contains("Trend"))
        let long = try data(try episodes(12, from: "2026-01-05", everyDays: 25), from: "2026-01-01", to: "2026-10-31")
        let longDoc = try layout(try v.charts(long))
        let texts = labels(longDoc)
        XCTAssertTrue(texts.contains("Jan 2026") && texts.contains("Oct 2026"), "month labels")
        XCTAssertFalse(texts.contains { $0.hasPrefix("W") && $0.count == 3 })
        let clips = longDoc.pages.flatMap { $0.items.filter { if case .clip = $0 { return true } else { return false } } }
        XCTAssertEqual(clips.count, 1, "one trend line")
        XCTAssertTrue(ChartsBuilder.weekly(from: try date("2026-01-01"), to: try date("2026-05-04"), upToDays: 124))
        XCTAssertFalse(ChartsBuilder.weekly(from: try date("2026-01-01"), to: try date("2026-05-05"), upToDays: 124))
    }

    func testEveryChartHasALevelTwoHeadingAndValuesAsText() throws {
        let v = try visuals()
        let d = try data(try episodes(12, from: "2026-03-02", everyDays: 5), from: "2026-03-01", to: "2026-04-30")
        let doc = try layout(try v.charts(d))
        XCTAssertEqual(doc.outline.map(\.level), [2, 2, 2, 2])
        let texts = labels(doc)
        for word in ["Mild", "Severe", "ibuprofen", "sumatriptan", "Menstrual", "Luteal"] { XCTAssertTrue(texts.contains(word), word) }
        XCTAssertTrue(texts.contains { $0.hasSuffix("(6 rated)") }, "the count beside each mean rating")
        XCTAssertFalse(texts.contains("No data in this range"))
    }

    func testCollectingShowsProgressAndNoNumbers() throws {
        let v = try visuals()
        let d = try data(try episodes(2, from: "2026-03-02", everyDays: 5), from: "2026-03-01", to: "2026-04-30")
        XCTAssertTrue(d.insights.trends.isCollecting)
        let blocks = try ChartsBuilder(visuals: v, data: d).frequency() + ChartsBuilder(visuals: v, data: d).medications()
        let doc = try layout(blocks)
        let progress = try v.text(v.keys.progress)
        XCTAssertEqual(doc.pages.flatMap(\.textRuns).filter { $0.text.hasPrefix("Keep logging") }.count, 2, progress)
        XCTAssertTrue(labels(doc).isEmpty, "no chart, no numbers")
    }

    func testNoDataChartsSayItHonestly() throws {
        let v = try visuals()
        let doc = try layout(try v.charts(try data([], from: "2026-03-01", to: "2026-03-31")))
        let texts = labels(doc)
        XCTAssertEqual(texts.filter { $0 == "No data in this range" }.count, 2, "severity and cycle charts")
        XCTAssertFalse(texts.contains("0"), "no empty axis")
    }

    func testCycleTimelineUsesDailyContextAndMarksEpisodes() throws {
        let v = try visuals()
        var days: [DayContext] = []
        for i in 0..<28 {
            var day = DayContext(date: try date("2026-03-01").adding(days: i))
            day.cyclePhase = CyclePhase.allCases[min(3, i / 7)]
            days.append(day)
        }
        let d = try data([log("a", try at("2026-03-10", 9), try at("2026-03-10", 10))], from: "2026-03-01", to: "2026-03-31", days: days)
        let timeline = try XCTUnwrap(try CycleTimeline(visuals: v, data: d))
        XCTAssertEqual(timeline.phases.count, 28)
        XCTAssertEqual(timeline.onsets, [9])
        let texts = labels(try layout([try timeline.block()]))
        for s in ["M", "F", "O", "L", "M Menstrual", "Episode onset"] { XCTAssertTrue(texts.contains(s), s) }
        XCTAssertNil(try CycleTimeline(visuals: v, data: try data([], from: "2026-03-01", to: "2026-03-31")))
    }
}
