import Catalog
import CuraKnot
import Foundation
import Ingest
import Render
import ReportKit
import TestSupport
import XCTest

/// The family-meeting PDF of the sample handoffs as of 2026-04-15: every insight with its sources,
/// the appointment questions, the disclaimer on every page. Re-record with
/// `RECORD_GOLDEN=1 swift test --filter CarePatternsPDFTests`.
final class CarePatternsPDFTests: XCTestCase {
    let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    func samplePatterns(asOf: LocalDate) throws -> [PatientPatterns] {
        let templates = try TemplateSet(directory: TestPaths.templates, app: "curaknot")
        let dir = try TestPaths.temporaryDirectory("care-patterns-pdf")
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try CareStore(path: dir.appendingPathComponent("care.sqlite").path)
        let files = ["handoffs-p1.json", "handoffs-p2.csv"].map { InputSource(path: TestPaths.samples.appendingPathComponent("care/" + $0).path) }
        var records = CareRecords()
        records.handoffs = try HandoffReader.read(files).records
        try store.ingest(records)
        return try store.surfacePatterns(rules: PatternRules(settings: PatternSettings.load(templates)), asOf: asOf, patient: nil)
    }

    func testFamilyMeetingGolden() throws {
        let asOf = try XCTUnwrap(LocalDate(iso: "2026-04-15"))
        let patients = try samplePatterns(asOf: asOf)
        let templates = try TemplateSet(directory: TestPaths.templates, app: "curaknot")
        let m = PangoMeasurer()
        let run = RunInfo(asOf: asOf, generatedAt: Date(timeIntervalSince1970: 1_776_254_400))
        let doc = try LayoutEngine(measurer: m).layout(try PatternsDocument(templates: templates).document(asOf: asOf, patients, run: run))
        for page in doc.pages {
            XCTAssertTrue(page.textRuns.map(\.text).contains("This is an observation from your handoffs, not a medical assessment."))
        }
        let text = doc.pages.flatMap { $0.textRuns.map(\.text) }
        XCTAssertEqual(doc.outline.map(\.title), ["Patient p-1", "Patient p-2", "Questions you may want to ask at the next appointment"])
        XCTAssertTrue(text.contains("Swelling was mentioned for the first time on 12 April."))
        XCTAssertTrue(text.contains("2026-04-12 · Mei · handoff h1-048"), "sources under the insight")
        let all = text.joined(separator: " ")
        XCTAssertEqual(all.components(separatedBy: "• ").count - 1, patients.flatMap(\.insights).count, "one question per insight")
        XCTAssertFalse(all.lowercased().contains("correlation"))
        GoldenFile.assertText(actual: doc.dump(), named: "patterns-meeting.txt", in: goldens)
        for page in doc.pages.indices {
            let png = try PNGRenderer.pngData(doc, page: page, scale: 0.5, measurer: m)
            GoldenFile.assertPNG(actual: png, named: "patterns-meeting-page\(page + 1).png", in: goldens, tolerance: 40, maxDifferingPixels: 60)
        }
    }

    func testNoInsightsStillListsPatientsAndSaysSo() throws {
        let asOf = try XCTUnwrap(LocalDate(iso: "2025-01-01"))
        let patients = try samplePatterns(asOf: asOf)
        XCTAssertEqual(patients.map(\.patientId), ["p-1", "p-2"])
        let templates = try TemplateSet(directory: TestPaths.templates, app: "curaknot")
        let run = RunInfo(asOf: asOf, generatedAt: Date(timeIntervalSince1970: 0))
        let doc = try LayoutEngine(measurer: PangoMeasurer()).layout(try PatternsDocument(templates: templates).document(asOf: asOf, patients, run: run))
        let text = doc.pages.flatMap { $0.textRuns.map(\.text) }
        XCTAssertEqual(text.filter { $0 == "Nothing stood out in the handoffs for this date." }.count, 2)
        XCTAssertTrue(text.contains("Nothing from these handoffs to bring up."))
    }
}
