import Aurae
import Catalog
import Foundation
import Ingest
import Render
import ReportKit
import TestSupport
import XCTest

/// A patient's name written right to left is set apart from the text around it in the summary's
/// lines (`PrintableText.isolated`): the range after it in the running header stays whole.
extension SummaryGoldenTests {
    func testARightToLeftPatientNameIsIsolatedInItsLines() throws {
        let templates = try TemplateSet(directory: TestPaths.templates)
        let logs = try HeadacheLogReader.read([InputSource(path: TestPaths.samples.appendingPathComponent("aurae/logs.json").path)],
                                              options: IngestOptions())
        let run = RunInfo(asOf: try XCTUnwrap(LocalDate(iso: "2026-07-31")), generatedAt: Date(timeIntervalSince1970: 1_785_456_000))
        for (name, isolated) in [("שרה לוי-כהן", true), ("Zoë Ångström", false)] {
            let options = HeadacheSummary.Options(patientName: name, run: run)
            let (doc, _) = try SummaryJob(templates: templates).document(logs: logs.records, options: options)
            let laid = try LayoutEngine(measurer: PangoMeasurer()).layout(doc)
            let lines = laid.pages.flatMap(\.textRuns).map(\.text).filter { $0.contains(name) }
            XCTAssertGreaterThan(lines.count, laid.pages.count - 1, "the patient line and every running header")
            let set = "\u{2068}\(name)\u{2069}"
            XCTAssertTrue(lines.allSatisfy { $0.contains(set) == isolated }, "\(lines)")
        }
    }
}
