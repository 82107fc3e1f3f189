import Aurae
import Catalog
import Foundation
import Ingest
import Render
import ReportKit
import TestSupport
import XCTest

/// The clinical report: golden files of each sample and of a `--sections` subset (display-list
/// text and page PNGs; re-record after a reviewed change with `RECORD_GOLDEN=1`), the section
/// order and the outline, progress states under threshold, and numbers taken from the analysis.
final class ClinicalReportTests: XCTestCase {
    let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    func inputs(_ sample: String, days: String? = nil) throws -> HeadacheInputs {
        let logs = try HeadacheLogReader.read([InputSource(path: TestPaths.samples.appendingPathComponent(sample).path)])
        let dayRecords = try days.map {
            try DayContextReader.read([InputSource(path: TestPaths.samples.appendingPathComponent($0).path)]).records
        }
        return HeadacheInputs(logs: logs.records, days: dayRecords)
    }

    func run(_ asOf: String) throws -> RunInfo {
        RunInfo(asOf: try XCTUnwrap(LocalDate(iso: asOf)), generatedAt: Date(timeIntervalSince1970: 1_785_456_000))
    }

    func laidOut(_ inputs: HeadacheInputs, asOf: String, from: String? = nil, to: String? = nil,
                 sections: [String]? = nil, measurer: TextMeasurer) throws -> LaidOutDocument {
        let templates = try TemplateSet(directory: TestPaths.templates)
        let request = ClinicalJob.Request(from: from.flatMap { LocalDate(iso: $0) }, to: to.flatMap { LocalDate(iso: $0) },
                                          patientName: "Sample patient", sections: sections)
        let (doc, _) = try ClinicalJob(templates: templates).document(inputs, request, run: try run(asOf))
        return try LayoutEngine(measurer: measurer).layout(doc)
    }

    func assertGolden(_ name: String, _ doc: LaidOutDocument, measurer: PangoMeasurer) throws {
        GoldenFile.assertText(actual: doc.dump(), named: "\(name).txt", in: goldens)
        for page in doc.pages.indices {
            let png = try PNGRenderer.pngData(doc, page: page, scale: 0.5, measurer: measurer)
            GoldenFile.assertPNG(actual: png, named: "\(name)-page\(page + 1).png", in: goldens,
                                 tolerance: 40, maxDifferingPixels: 60)
        }
    }

    /// Every text run in reading order, joined by spaces: a sentence wrapped over lines reads whole.
    func text(_ doc: LaidOutDocument) -> String {
        doc.pages.flatMap { $0.textRuns.map(\.text) }.joined(separator: " ")
    }

    static let headings = ["Overview", "Calendar", "Safety", "Charts", "Pattern summary", "Episodes",
                           "Episode details", "Disclaimers"]

    // MARK: goldens

    func testBerlinSampleWithDailyContext() throws {
        let m = PangoMeasurer()
        let doc = try laidOut(try inputs("aurae/logs.json", days: "aurae/days.json"), asOf: "2026-07-31", measurer: m)
        XCTAssertEqual(doc.outline.filter { $0.level == 1 }.map(\.title), Self.headings)
        try assertGolden("clinical-berlin", doc, measurer: m)
    }

    func testNewYorkSample() throws {
        let m = PangoMeasurer()
        let doc = try laidOut(try inputs("aurae/logs.csv"), asOf: "2026-07-15", measurer: m)
        XCTAssertEqual(doc.outline.filter { $0.level == 1 }.map(\.title), Self.headings)
        try assertGolden("clinical-new-york", doc, measurer: m)
    }

    func testSectionsSubsetKeepsSafety() throws {
        let m = PangoMeasurer()
        let doc = try laidOut(try inputs("aurae/logs.json"), asOf: "2026-07-31",
                              sections: ["overview", "patterns", "disclaimers"], measurer: m)
        XCTAssertEqual(doc.outline.filter { $0.level == 1 }.map(\.title),
                       ["Overview", "Safety", "Pattern summary", "Disclaimers"])
        try assertGolden("clinical-sections", doc, measurer: m)
    }

    // MARK: behaviour

    func testSafetyIsNeverLeftOut() {
        let all = ClinicalReport.sectionIds
        XCTAssertEqual(all, ["overview", "calendar", "safety", "charts", "patterns", "episodes", "details", "disclaimers"])
        XCTAssertEqual(ClinicalReport.sectionList(nil, default: all), all)
        XCTAssertEqual(ClinicalReport.sectionList(["overview", "charts"], default: all), ["overview", "safety", "charts"])
        XCTAssertEqual(ClinicalReport.sectionList(["details"], default: all), ["safety", "details"])
        XCTAssertEqual(ClinicalReport.sectionList(["charts", "safety"], default: all), ["charts", "safety"])
    }

    func testUnderThresholdShowsProgressStatesAndNoNumbers() throws {
        let inputs = try inputs("aurae/logs.json")
        let doc = try laidOut(inputs, asOf: "2026-07-31", from: "2026-02-01", to: "2026-02-08",
                              sections: ["patterns"], measurer: FixedWidthMeasurer())
        let runs = doc.pages.flatMap { $0.textRuns.map(\.text) }
        let start = try XCTUnwrap(runs.firstIndex(of: "Pattern summary"))
        let section = runs[(start + 1)...].prefix { $0 != "Generated by Aurae" }
        XCTAssertFalse(section.isEmpty)
        let progress = "Keep logging — patterns will appear after a few more entries"
        XCTAssertEqual(section.filter { $0 == progress }.count, 7, "the overall state and each of six cards: \(section)")
        for line in section { XCTAssertNil(line.rangeOfCharacter(from: .decimalDigits), "a number under threshold: \(line)") }
        for title in ["Frequently Logged Before Headaches", "Weather Association", "Your Medication Ratings"] {
            XCTAssertTrue(section.contains(title), title)
        }
    }

    func testNumbersComeFromTheInsightsAnalysis() throws {
        let inputs = try inputs("aurae/logs.json", days: "aurae/days.json")
        let text = text(try laidOut(inputs, asOf: "2026-07-31", measurer: FixedWidthMeasurer()))
        let templates = try TemplateSet(directory: TestPaths.templates)
        let result = HeadacheInsights.analyze(
            InsightsRequest(logs: inputs.logs, days: inputs.days, asOf: try XCTUnwrap(LocalDate(iso: "2026-07-31")), tier: .premium),
            config: try InsightsConfig(templates: templates))
        let sections = try InsightsPresenter(templates: templates).sections(result)
        for id in ["frequency", "weather", "sleep", "dayOfWeek", "timeOfDay", "medications"] {
            let s = try XCTUnwrap(sections.first { $0.id == id }, id)
            for line in s.lines { XCTAssertTrue(text.contains(line), "\(id): \(line)") }
        }
        let factors = try XCTUnwrap(result.factors.value)
        XCTAssertGreaterThan(factors.count, 5)
        XCTAssertTrue(text.contains("in \(factors[4].count) of your last \(factors[4].known) episodes"))
        XCTAssertEqual(text.components(separatedBy: " — Frequently present").count
                       + text.components(separatedBy: " — Sometimes present").count
                       + text.components(separatedBy: " — Occasionally present").count - 3, 5, "the top 5 factors only")
        XCTAssertTrue(text.contains("Based on your \(result.resolvedCount) logged episodes"))
        XCTAssertTrue(text.contains("Days with daily context logged: 179 of 179"))
        XCTAssertTrue(text.contains("Self-reported — not clinically confirmed."))
    }

    func testEmptyRangeIsAValidReportThatSaysSo() throws {
        let doc = try laidOut(try inputs("aurae/logs.json"), asOf: "2025-01-31", from: "2025-01-01", to: "2025-01-31",
                              measurer: FixedWidthMeasurer())
        let text = text(doc)
        XCTAssertTrue(text.contains("No episodes were logged between 1 Jan 2025 and 31 Jan 2025."), text)
        XCTAssertTrue(text.contains("No episode in this range met a flagged condition."))
        XCTAssertEqual(doc.outline.filter { $0.level == 1 }.map(\.title), Self.headings)
    }

    func testActiveEpisodeIsCountedAndStreakIsAbsent() throws {
        var logs = try inputs("aurae/logs.json").logs
        var active = HeadacheLog(id: "active-1", onsetAt: Timestamp(epochSeconds: 1_785_400_000, offsetSeconds: 7200), severity: 3)
        active.retrospective.notes = "Line one\nLine two"
        logs.append(active)
        let text = text(try laidOut(HeadacheInputs(logs: logs), asOf: "2026-07-31", measurer: FixedWidthMeasurer()))
        XCTAssertTrue(text.contains("Still active on 31 Jul 2026: 1 episode."))
        XCTAssertFalse(text.contains("Headache-free days:"), "no streak while a headache is active")
        XCTAssertTrue(text.contains("Notes: Line one") && text.contains("Line two"), "notes in full, line by line")
    }
}
