import Catalog
@testable import CuraKnot
import Foundation
import Ingest
import Render
import ReportKit
import TestSupport
import XCTest

/// The family-meeting PDF of the sample handoffs as of 2026-04-15, about one patient: one block
/// per symptom with its sources once, "new since the last run" where it is, one question per
/// symptom, no internal ids, dates as "9 Apr 2026", the recipient on every page and the disclaimer
/// in every footer. Re-record with `RECORD_GOLDEN=1 swift test --filter CarePatternsPDFTests`.
final class CarePatternsPDFTests: XCTestCase {
    let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    var dir: URL!

    override func setUpWithError() throws { dir = try TestPaths.temporaryDirectory("care-patterns-pdf") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func templates() throws -> TemplateSet { try TemplateSet(directory: TestPaths.templates, app: "curaknot") }

    /// The sample store (both circles), its patterns surfaced on each of `dates` in turn; the last
    /// run's patients.
    func samplePatterns(_ dates: [String], scope: CareScope = CareScope()) throws -> [PatientPatterns] {
        let store = try CareStore(path: dir.appendingPathComponent("care.sqlite").path)
        let files = ["handoffs-p1.json", "handoffs-p2.csv"].map { InputSource(path: TestPaths.samples.appendingPathComponent("care/" + $0).path) }
        try store.ingest(CareRecords(handoffs: try HandoffReader.read(files).records))
        let rules = PatternRules(settings: try PatternSettings.load(templates()))
        var last: [PatientPatterns] = []
        for d in dates { last = try store.surfacePatterns(rules: rules, asOf: try XCTUnwrap(LocalDate(iso: d)), scope: scope) }
        return last
    }

    func laidOut(_ patient: PatientPatterns, asOf: String, name: String? = nil, measurer: TextMeasurer = PangoMeasurer()) throws -> LaidOutDocument {
        let day = try XCTUnwrap(LocalDate(iso: asOf))
        let run = RunInfo(asOf: day, generatedAt: Date(timeIntervalSince1970: 1_776_254_400))
        return try LayoutEngine(measurer: measurer).layout(try PatternsDocument(templates: templates()).document(asOf: day, patient,
                                                                                                              recipientName: name, run: run))
    }

    func pageTexts(_ doc: LaidOutDocument) -> [[String]] { doc.pages.map { $0.textRuns.map(\.text) } }

    func testFamilyMeetingGolden() throws {
        let patient = try XCTUnwrap(samplePatterns(["2026-04-15"], scope: CareScope(patient: "p-1")).first)
        XCTAssertEqual(patient.unit, CareUnit(circleId: "c-1", patientId: "p-1"))
        let m = PangoMeasurer()
        let doc = try laidOut(patient, asOf: "2026-04-15", measurer: m)
        let pages = pageTexts(doc)
        XCTAssertGreaterThan(pages.count, 1)
        for (i, page) in pages.enumerated() {
            XCTAssertTrue(page.contains("This is an observation from your handoffs, not a medical assessment."), "page \(i + 1)")
            if i == 0 {
                XCTAssertTrue(page.contains("Care circle c-1 · patient p-1"), "the first page's header names whom it is for")
            } else {
                XCTAssertTrue(page.contains("Care patterns for the family meeting · Care circle c-1 · patient p-1 · 15 Apr 2026"),
                              "page \(i + 1)'s running header: \(page.prefix(3))")
            }
        }
        let all = pages.flatMap { $0 }.joined(separator: "\n")
        // One block per symptom, in key order, each in the outline; then the questions.
        let blocks = SymptomBlock.blocks(patient.insights)
        XCTAssertEqual(blocks.map(\.key), ["confusion", "dizziness", "fatigue", "headache", "nausea", "poor sleep", "swelling"])
        XCTAssertEqual(doc.outline.map(\.title), ["What stood out in the handoffs"] + blocks.map { PatternsPresenter.capitalised($0.key) }
                       + ["Questions you may want to ask at the next appointment"])
        XCTAssertTrue(all.contains("Swelling was mentioned for the first time on 12 April."))
        XCTAssertTrue(all.contains("12 Apr 2026 · Mei"), "sources by date and author")
        // Dizziness: NEW, FREQUENCY, TREND and the pair with nausea, its four handoffs listed once.
        let dizziness = try XCTUnwrap(blocks.first { $0.key == "dizziness" })
        XCTAssertEqual(dizziness.insights.map(\.finding.type), [.new, .frequency, .trend, .correlation])
        XCTAssertEqual(dizziness.sources.map(\.id), ["h1-046", "h1-047", "h1-049", "h1-050"])
        // Each block lists its sources once: a handoff shows as often as the blocks it is a source of.
        let format = try CareFormat(templates: templates())
        for s in dizziness.sources {
            let line = "\(try format.date(s.date)) · \(s.authorName ?? "")"
            let expected = blocks.filter { b in b.sources.contains { $0.date == s.date && $0.authorName == s.authorName } }.count
            XCTAssertEqual(pages.flatMap { $0 }.filter { $0 == line }.count, expected, line)
        }
        // Everything is new on the first run.
        XCTAssertEqual(pages.flatMap { $0 }.filter { $0 == "New since the last run" }.count,
                       blocks.map(\.insights.count).reduce(0, +))
        // One question per symptom, after the questions' heading.
        let runs = pages.flatMap { $0 }
        let afterHeading = runs.drop { $0 != "Questions you may want to ask at the next appointment" }.dropFirst()
        let questions = afterHeading.filter { $0.contains("?") }
        XCTAssertEqual(questions.count, blocks.count, questions.joined(separator: "\n"))
        XCTAssertTrue(questions.contains { $0.hasPrefix("Dizziness came up in 4 handoffs in the last 7 days.") }, "the frequency question for dizziness")
        // No internal ids, no ISO dates, never "correlation".
        XCTAssertFalse(all.contains("h1-"), "no handoff ids")
        XCTAssertFalse(all.contains(patient.insights[0].id), "no insight ids")
        XCTAssertNil(all.range(of: #"\d{4}-\d{2}-\d{2}"#, options: .regularExpression), "dates as 9 Apr 2026")
        XCTAssertFalse(all.lowercased().contains("correlation"))
        XCTAssertFalse(all.contains("p-2") || all.contains("c-2"), "nothing of the other circle")
        GoldenFile.assertText(actual: doc.dump(), named: "patterns-meeting.txt", in: goldens)
        for page in doc.pages.indices {
            let png = try PNGRenderer.pngData(doc, page: page, scale: 0.5, measurer: m)
            GoldenFile.assertPNG(actual: png, named: "patterns-meeting-page\(page + 1).png", in: goldens, tolerance: 40, maxDifferingPixels: 60)
        }
    }

    /// A second run the next day: only findings first surfaced on it are marked new.
    func testOnlyFindingsFirstShownOnThisRunAreMarkedNew() throws {
        let patient = try XCTUnwrap(samplePatterns(["2026-04-14", "2026-04-15"], scope: CareScope(patient: "p-1")).first)
        let asOf = try XCTUnwrap(LocalDate(iso: "2026-04-15"))
        let new = patient.insights.filter { $0.firstSurfaced == asOf }
        XCTAssertFalse(new.isEmpty)
        XCTAssertLessThan(new.count, patient.insights.count)
        let doc = try laidOut(patient, asOf: "2026-04-15", measurer: FixedWidthMeasurer())
        let runs = doc.pages.flatMap { $0.textRuns.map(\.text) }
        XCTAssertEqual(runs.filter { $0 == "New since the last run" }.count,
                       SymptomBlock.blocks(new).map(\.insights.count).reduce(0, +), "one mark per new finding in each block it is in")
        // Each mark sits right under a new finding's sentence.
        let presenter = try PatternsPresenter(templates: templates())
        let newSentences = Set(try new.map { try presenter.sentence($0.finding) })
        for (i, text) in runs.enumerated() where text == "New since the last run" {
            XCTAssertTrue(newSentences.contains(runs[i - 1]), runs[i - 1])
        }
    }

    func testTheRecipientsNameIsOnEveryPage() throws {
        let patient = try XCTUnwrap(samplePatterns(["2026-04-15"], scope: CareScope(patient: "p-1")).first)
        let doc = try laidOut(patient, asOf: "2026-04-15", name: "  Rose Müller ", measurer: FixedWidthMeasurer())
        let pages = pageTexts(doc)
        XCTAssertTrue(pages[0].contains("Care recipient: Rose Müller"))
        for page in pages.dropFirst() { XCTAssertTrue(page.contains { $0.contains("Care recipient: Rose Müller") }, "\(page.prefix(2))") }
        XCTAssertFalse(pages.flatMap { $0 }.contains { $0.contains("p-1") }, "a name replaces the ids")
        XCTAssertEqual(doc.metadata.subject, "Care patterns for Care recipient: Rose Müller as of 15 Apr 2026")
    }

    func testNothingStoodOutSaysSoForThatPatient() throws {
        let patients = try samplePatterns(["2025-01-01"])
        XCTAssertEqual(patients.map(\.patientId), ["p-1", "p-2"])
        let doc = try laidOut(patients[1], asOf: "2025-01-01")
        let text = pageTexts(doc).flatMap { $0 }
        XCTAssertEqual(doc.pages.count, 1)
        XCTAssertTrue(text.contains("Care circle c-2 · patient p-2"))
        XCTAssertTrue(text.contains("Nothing stood out in the handoffs for this date."))
        XCTAssertTrue(text.contains("Nothing from these handoffs to bring up."))
    }

    /// The blocks' rules, on findings made by hand: a pair in the block of each of its symptoms,
    /// sources once by date then id, findings in the spec's order, the question's finding.
    func testSymptomBlocks() throws {
        func h(_ id: String, _ day: String) -> PatternHandoff {
            PatternHandoff(id: id, date: LocalDate(iso: day)!, authorId: "u", authorName: "Sam", keys: [])
        }
        let d = LocalDate(iso: "2026-04-15")!
        func insight(_ type: PatternType, _ key: String, _ symptoms: [String], _ sources: [PatternHandoff]) -> Insight {
            Insight(id: type.rawValue + key, finding: Finding(type: type, key: key, symptoms: symptoms, count: sources.count, previousCount: nil,
                                                              firstMentioned: nil, from: d, to: d, sources: sources), firstSurfaced: d)
        }
        let blocks = SymptomBlock.blocks([
            insight(.absence, "cough", ["cough"], [h("a", "2026-03-01")]),
            insight(.correlation, "cough+nausea", ["cough", "nausea"], [h("c", "2026-04-10"), h("b", "2026-04-10")]),
            insight(.new, "nausea", ["nausea"], [h("b", "2026-04-10")]),
            insight(.frequency, "nausea", ["nausea"], [h("b", "2026-04-10"), h("d", "2026-04-12")]),
        ])
        XCTAssertEqual(blocks.map(\.key), ["cough", "nausea"])
        XCTAssertEqual(blocks[0].insights.map(\.finding.type), [.correlation, .absence])
        XCTAssertEqual(blocks[0].sources.map(\.id), ["a", "b", "c"])
        XCTAssertEqual(blocks[1].insights.map(\.finding.type), [.new, .frequency, .correlation])
        XCTAssertEqual(blocks[1].sources.map(\.id), ["b", "c", "d"])
        XCTAssertEqual(blocks[0].questionFinding?.type, .correlation)
        XCTAssertEqual(blocks[1].questionFinding?.type, .frequency)
    }
}
