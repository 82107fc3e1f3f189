@testable import Aurae
import Catalog
import Foundation
import Ingest
import Render
import ReportKit
import TestSupport
import XCTest

/// The clinical report: golden files of the samples and of a `--sections` subset (display-list
/// text and page PNGs; re-record after a reviewed change with `RECORD_GOLDEN=1`), page 1 on one
/// page whatever the data, the sections, the clinician's voice, plural forms, the running
/// header, the as-of blocks, and numbers taken from the shared rules.
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
                 sections: [String]? = nil, patient: String? = "Sample patient", measurer: TextMeasurer) throws -> LaidOutDocument {
        let templates = try TemplateSet(directory: TestPaths.templates)
        let request = ClinicalJob.Request(from: from.flatMap { LocalDate(iso: $0) }, to: to.flatMap { LocalDate(iso: $0) },
                                          patientName: patient, sections: sections)
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

    /// Every text run and label of `pages`, in drawing order, joined by spaces.
    func text(_ doc: LaidOutDocument, pages: Range<Int>? = nil) -> String {
        let range = pages ?? doc.pages.indices
        return doc.pages[range].flatMap { page in
            page.items.compactMap { item -> String? in
                switch item {
                case .text(let r): return r.text
                case .label(let l): return l.text
                default: return nil
                }
            }
        }.joined(separator: " ")
    }

    static let headings = ["At a glance", "Calendar", "Safety", "Charts", "Patterns", "Medications", "Episodes", "Disclaimers"]

    // MARK: goldens

    func testBerlinSampleWithDailyContext() throws {
        let m = PangoMeasurer()
        let doc = try laidOut(try inputs("aurae/logs.json", days: "aurae/days.json"), asOf: "2026-07-31", measurer: m)
        XCTAssertEqual(doc.outline.filter { $0.level == 1 }.map(\.title), Self.headings)
        XCTAssertLessThanOrEqual(doc.pages.count, 6, "three months of about 35 episodes in at most 6 pages")
        try assertGolden("clinical-berlin", doc, measurer: m)
    }

    /// As of 15 July: July is covered 1–15, and the previous period is compared.
    func testNewYorkSampleWithAPartialMonth() throws {
        let m = PangoMeasurer()
        let doc = try laidOut(try inputs("aurae/logs.csv"), asOf: "2026-07-15", measurer: m)
        XCTAssertEqual(doc.outline.filter { $0.level == 1 }.map(\.title), Self.headings)
        let page1 = text(doc, pages: 0..<1)
        XCTAssertTrue(page1.contains("Jul 2026, 1–15"), page1)
        try assertGolden("clinical-new-york", doc, measurer: m)
    }

    func testSectionsSubsetKeepsSafety() throws {
        let m = PangoMeasurer()
        let doc = try laidOut(try inputs("aurae/logs.json"), asOf: "2026-07-31",
                              sections: ["overview", "patterns", "disclaimers"], measurer: m)
        XCTAssertEqual(doc.outline.filter { $0.level == 1 }.map(\.title), ["At a glance", "Safety", "Patterns", "Disclaimers"])
        try assertGolden("clinical-sections", doc, measurer: m)
    }

    /// The full record on request: each episode's fields, a block continued on the next page
    /// under its title and "(continued)".
    func testBerlinDetails() throws {
        let m = PangoMeasurer()
        let doc = try laidOut(try inputs("aurae/logs.json", days: "aurae/days.json"), asOf: "2026-07-31",
                              sections: ["details"], measurer: m)
        XCTAssertEqual(doc.outline.filter { $0.level == 1 }.map(\.title), ["Safety", "Episode details"])
        let continued = doc.pages.dropFirst().compactMap { $0.textRuns.dropFirst().first?.text }.filter { $0.hasSuffix("(continued)") }
        XCTAssertFalse(continued.isEmpty, "an episode continued on the next page says so")
        try assertGolden("clinical-berlin-details", doc, measurer: m)
    }

    // MARK: sections

    func testSectionsAllTheDefaultAndTheOtherName() throws {
        let all = ClinicalReport.sectionIds
        XCTAssertEqual(all, ["glance", "calendar", "safety", "charts", "patterns", "medications", "episodes", "details", "disclaimers"])
        let layout = try ClinicalLayout.load(try TemplateSet(directory: TestPaths.templates))
        XCTAssertEqual(layout.sections, all.filter { $0 != "details" }, "every section but details by default")
        XCTAssertEqual(ClinicalReport.sectionList(nil, default: layout.sections), layout.sections)
        XCTAssertEqual(ClinicalReport.sectionList(["overview", "charts"], default: all), ["glance", "safety", "charts"])
        XCTAssertEqual(ClinicalReport.sectionList(["details"], default: all), ["safety", "details"])
        XCTAssertEqual(ClinicalReport.sectionList(["charts", "safety"], default: all), ["charts", "safety"])
        XCTAssertEqual(ClinicalReport.sectionList(["glance", "overview"], default: all), ["glance", "safety"])
    }

    // MARK: page 1

    /// A patient with many medications of long names, many flagged episodes, every factor and a
    /// long name: page 1 still holds on one page, lists its top entries and says how many more
    /// there are and on which page.
    func testPageOneIsOnePageWhateverTheData() throws {
        var logs: [HeadacheLog] = []
        let start = try XCTUnwrap(LocalDate(iso: "2026-02-01"))
        for i in 0..<170 {
            let day = start.adding(days: i)
            let onset = Timestamp(epochSeconds: Int64(day.daysSinceEpoch) * 86_400 + 8 * 3600, offsetSeconds: 0)
            var l = HeadacheLog(id: "p\(i)", onsetAt: onset, resolvedAt: Timestamp(epochSeconds: onset.epochSeconds + 5000, offsetSeconds: 0),
                                severity: 1 + i % 5)
            l.onsetSpeed = i % 3 == 0 ? .instantaneous : .gradual
            l.retrospective.medications = [
                MedicationEntry(name: "An experimental compound with a remarkably long proprietary name number \(i % 25)", isAcute: true,
                                effectiveness: 1 + i % 5),
                MedicationEntry(name: "Imitrex", isAcute: true),
                MedicationEntry(name: "Preventive supplement with a long name \(i % 9)", isAcute: false),
            ]
            l.retrospective.foods = ["agedCheese", "chocolate", "msg", "citrus", "gluten", "processedMeat"].filter { _ in i % 2 == 0 }
            l.retrospective.environment = EnvironmentFactor.allCases
            l.sleep.hours = Double(i % 9)
            l.retrospective.stressLevel = 1 + i % 5
            l.retrospective.alcohol = i % 3 == 0
            l.retrospective.caffeine = i % 2 == 0
            logs.append(l)
        }
        let name = "Maximiliana Alexandra Josephine van der Berg-Oosterhuis de la Fuente-Rodríguez"
        let doc = try laidOut(HeadacheInputs(logs: logs), asOf: "2026-07-20", patient: name, measurer: PangoMeasurer())
        let sections = doc.outline.filter { $0.level == 1 }
        XCTAssertEqual(sections.first { $0.title == "At a glance" }?.pageIndex, 0)
        XCTAssertEqual(sections.first { $0.title == "Calendar" }?.pageIndex, 1, "page 1 is the glance alone")
        let page1 = text(doc, pages: 0..<1)
        XCTAssertTrue(page1.contains("Shade and digit"), "the calendar's legend is on page 1")
        for (what, section) in [("medications", "Medications"), ("factors", "Patterns"), ("alerts", "Safety")] {
            let page = try XCTUnwrap(sections.first { $0.title == section }).pageIndex + 1
            XCTAssertTrue(page1.contains("more on page \(page)"), "\(what): … and N more on page \(page)")
        }
        XCTAssertFalse(page1.contains("more on page 0"))
    }

    func testPageOneNumbersAreTheDayFactsOfEachMonth() throws {
        let inputs = try inputs("aurae/logs.json", days: "aurae/days.json")
        let templates = try TemplateSet(directory: TestPaths.templates)
        let config = try InsightsConfig(templates: templates)
        let asOf = try XCTUnwrap(LocalDate(iso: "2026-07-31"))
        let facts = DayFacts(logs: inputs.logs, days: inputs.days, from: try XCTUnwrap(LocalDate(iso: "2026-05-01")), to: asOf,
                             asOf: asOf, config: config)
        let doc = try laidOut(inputs, asOf: "2026-07-31", measurer: FixedWidthMeasurer())
        let runs = doc.pages[0].textRuns.map(\.text)
        for (label, get) in [("Headache days", \PeriodFigures.headacheDays), ("Days with acute medication", \.acuteDays),
                             ("Days with severity 4–5", \.severeDays), ("Episodes", \.episodes)] as [(String, KeyPath<PeriodFigures, Int>)] {
            let i = try XCTUnwrap(runs.firstIndex(of: label), label)
            let months = ["2026-05", "2026-06", "2026-07"].map { m -> Int in
                let first = LocalDate(iso: m + "-01")!
                return facts.figures(from: first, to: first.adding(days: LocalDate.daysInMonth(year: 2026, month: first.components.month) - 1))[keyPath: get]
            }
            let total = facts.figures(from: facts.from, to: asOf)[keyPath: get]
            XCTAssertEqual(Array(runs[(i + 1)...(i + 4)]), months.map(String.init) + [String(total)], label)
        }
        XCTAssertTrue(runs.contains { $0.hasPrefix("Previous period (29 Jan 2026 – 30 Apr 2026): not comparable — logging started 1 Feb 2026") })
    }

    // MARK: voice, copy and typesetting

    func testClinicianVoiceAndNoPatientBanner() throws {
        let doc = try laidOut(try inputs("aurae/logs.json", days: "aurae/days.json"), asOf: "2026-07-31",
                              sections: ClinicalReport.sectionIds, measurer: FixedWidthMeasurer())
        let text = text(doc)
        XCTAssertFalse(text.contains("Based on your"), "the clinician is not addressed as the patient")
        XCTAssertTrue(text.contains("logged by the patient"))
        XCTAssertFalse(text.contains("please seek emergency medical care"), "the patient's emergency banner is not reprinted")
        XCTAssertFalse(text.contains("You've logged acute medication"), "nor the patient's awareness text")
        XCTAssertTrue(text.contains("the app showed the patient its sudden-onset safety message"))
        XCTAssertEqual(text.components(separatedBy: "Self-reported — not clinically confirmed.").count - 1, 1, "once")
        XCTAssertFalse(text.contains("Keep logging"))
        XCTAssertFalse(text.lowercased().contains("overuse"))
        for bad in ["1 episodes", "1 days", "1 headache days", "1 glasses", "1 hours", "1 ratings", "1 times"] {
            XCTAssertFalse(text.contains(" " + bad), bad)
        }
    }

    func testOneEpisodeRangeIsSingularAndSaysPatternsNeedMoreOnce() throws {
        var log = HeadacheLog(id: "one", onsetAt: Timestamp(epochSeconds: 1_768_467_600, offsetSeconds: 0),
                              resolvedAt: Timestamp(epochSeconds: 1_768_471_200, offsetSeconds: 0), severity: 4)
        log.retrospective.hydrationGlasses = 1
        log.sleep.hours = 1
        log.retrospective.medications = [MedicationEntry(name: "Maxalt", isAcute: true, effectiveness: 3)]
        let doc = try laidOut(HeadacheInputs(logs: [log]), asOf: "2026-07-15", from: "2026-01-15", to: "2026-01-15",
                              sections: ClinicalReport.sectionIds, measurer: FixedWidthMeasurer())
        let text = text(doc)
        XCTAssertTrue(text.contains("1\u{00A0}episode logged by the patient in 1\u{00A0}day"), text)
        XCTAssertTrue(text.contains("1\u{00A0}glass of water"))
        XCTAssertTrue(text.contains("1\u{00A0}hour"))
        XCTAssertEqual(text.components(separatedBy: "Pattern analysis needs at least 5 resolved episodes in the range; this range has 1.").count - 1,
                       2, "one line on page 1 and one for the whole pattern section")
        for bad in ["1\u{00A0}episodes", "1\u{00A0}days", "1\u{00A0}glasses", "1\u{00A0}hours"] { XCTAssertFalse(text.contains(bad), bad) }
    }

    func testRunningHeaderNamesThePatientOnEveryPageFromPageTwo() throws {
        let doc = try laidOut(try inputs("aurae/logs.json", days: "aurae/days.json"), asOf: "2026-07-31", measurer: FixedWidthMeasurer())
        XCTAssertGreaterThan(doc.pages.count, 2)
        for (i, page) in doc.pages.enumerated().dropFirst() {
            XCTAssertEqual(page.textRuns.first?.text, "Sample patient · Clinical headache report · 1 May 2026 – 31 Jul 2026", "page \(i + 1)")
        }
    }

    func testTableTextIsAtLeastEightPoints() throws {
        let doc = try laidOut(try inputs("aurae/logs.json", days: "aurae/days.json"), asOf: "2026-07-31", measurer: FixedWidthMeasurer())
        for header in ["Date", "Medication", "Factor", "Class", "Per calendar month"] {
            let runs = doc.pages.flatMap(\.textRuns).filter { $0.text == header }
            XCTAssertFalse(runs.isEmpty, header)
            for r in runs { XCTAssertGreaterThanOrEqual(r.style.font.size, 8, header) }
        }
        let layout = try ClinicalLayout.load(try TemplateSet(directory: TestPaths.templates))
        XCTAssertGreaterThanOrEqual(layout.tableTextSize, 8)
    }

    func testNumbersStayOnTheLineOfTheirUnit() throws {
        let templates = try TemplateSet(directory: TestPaths.templates)
        let w = templates.wording
        for key in ["count.episodes.other", "count.days.other", "count.headacheDays.other", "cellNoBreak.hoursMinutes", "cellNoBreak.temperature",
                    "clinical.safety.classCell.other", "clinical.details.lifestyle.hydration.other", "clinical.details.weather.pressure"] {
            let text = try XCTUnwrap(w.entries[key], key)
            XCTAssertTrue(text.contains("\u{00A0}"), "\(key): \(text)")
        }
    }

    // MARK: as-of blocks and empty ranges

    func testBlocksAnchoredToTheAsOfDateAreLeftOutForAnOldRange() throws {
        let inputs = try inputs("aurae/logs.json")
        let old = text(try laidOut(inputs, asOf: "2026-07-31", from: "2026-02-01", to: "2026-03-31", measurer: FixedWidthMeasurer()))
        XCTAssertFalse(old.contains("As of 31 Jul 2026"))
        XCTAssertFalse(old.contains("in July 2026"), "no July figure in a February–March report")
        XCTAssertTrue(old.contains("The figures as of 31 Jul 2026 are left out"))
        let recent = text(try laidOut(inputs, asOf: "2026-07-31", measurer: FixedWidthMeasurer()))
        XCTAssertTrue(recent.contains("As of 31 Jul 2026"))
        XCTAssertTrue(recent.contains("Acute medication was logged on"))
    }

    func testEmptyRangeIsAValidReportThatSaysSoWithoutZeros() throws {
        let doc = try laidOut(try inputs("aurae/logs.json"), asOf: "2026-07-31", from: "2025-01-01", to: "2025-03-31",
                              measurer: FixedWidthMeasurer())
        let text = text(doc)
        XCTAssertTrue(text.contains("No episodes were logged between 1 Jan 2025 and 31 Mar 2025."), text)
        XCTAssertTrue(text.contains("Nothing was logged in this range: logging started 3 Feb 2026."))
        XCTAssertTrue(text.contains("No episode in this range met a flagged condition."))
        let runs = doc.pages[0].textRuns.map(\.text)
        let i = try XCTUnwrap(runs.firstIndex(of: "Headache days"))
        XCTAssertEqual(Array(runs[(i + 1)...(i + 4)]), ["—", "—", "—", "—"], "no zero for a period without data")
        XCTAssertEqual(doc.outline.filter { $0.level == 1 }.map(\.title), Self.headings)
    }

    func testClassTableMarksMonthsWithoutDataInsteadOfZeros() throws {
        let doc = try laidOut(try inputs("aurae/logs.json", days: "aurae/days.json"), asOf: "2025-03-31", from: "2025-01-01",
                              to: "2025-03-31", sections: ["safety"], measurer: FixedWidthMeasurer())
        let runs = doc.pages.flatMap(\.textRuns).map(\.text)
        let i = try XCTUnwrap(runs.firstIndex(of: "Triptans"), "\(runs)")
        XCTAssertEqual(Array(runs[(i + 1)...(i + 3)]), ["—", "—", "—"], "a month before logging started is no data, not 0 days")
        let logged = try laidOut(try inputs("aurae/logs.json", days: "aurae/days.json"), asOf: "2026-07-31", sections: ["safety"],
                                 measurer: FixedWidthMeasurer())
        let loggedRuns = logged.pages.flatMap(\.textRuns).map(\.text)
        let j = try XCTUnwrap(loggedRuns.firstIndex(of: "Triptans"))
        XCTAssertFalse(loggedRuns[(j + 1)...(j + 3)].contains("—"), "months with data show their days")
    }

    func testActiveEpisodeIsCounted() throws {
        var logs = try inputs("aurae/logs.json").logs
        var active = HeadacheLog(id: "active-1", onsetAt: Timestamp(epochSeconds: 1_785_400_000, offsetSeconds: 7200), severity: 3)
        active.retrospective.notes = "Line one\nLine two"
        logs.append(active)
        let doc = try laidOut(HeadacheInputs(logs: logs), asOf: "2026-07-31", sections: ["glance", "details"], measurer: FixedWidthMeasurer())
        let text = text(doc)
        XCTAssertTrue(text.contains("Ongoing"))
        XCTAssertTrue(text.contains("Line one") && text.contains("Line two"), "notes in full, line by line")
    }
}
