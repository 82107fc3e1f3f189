import Catalog
import Foundation
import Ingest
import Render
import Reports
import TestSupport
import XCTest

/// The clinical report's default section list comes from its settings file, checked at load.
final class ClinicalSectionsTests: XCTestCase {
    /// A copy of templates/ whose clinical section list is `sections`.
    func templates(sections: String) throws -> TemplateSet {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("clinical-sections-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: TestPaths.templates, to: dir)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("reports/aurae-clinical.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: #""sections": ["#))
        let end = try XCTUnwrap(text.range(of: "]", range: start.upperBound..<text.endIndex))
        try text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: #""sections": "# + sections)
            .write(to: url, atomically: true, encoding: .utf8)
        return try TemplateSet(directory: dir)
    }

    func testTemplateListIsTheDefaultOrder() throws {
        let t = try templates(sections: #"["disclaimers", "overview"]"#)
        let logs = try HeadacheLogReader.read([InputSource(path: TestPaths.samples.appendingPathComponent("aurae/logs.json").path)])
        let run = RunInfo(asOf: try XCTUnwrap(LocalDate(iso: "2026-07-31")), generatedAt: Date(timeIntervalSince1970: 1_785_456_000))
        let (doc, _) = try ClinicalJob(templates: t).document(HeadacheInputs(logs: logs.records), ClinicalJob.Request(), run: run)
        let headings = try LayoutEngine(measurer: FixedWidthMeasurer()).layout(doc).outline.filter { $0.level == 1 }.map(\.title)
        XCTAssertEqual(headings, ["Safety", "Disclaimers", "Overview"], "safety first when the list leaves it out")
    }

    func testUnknownSectionFailsAtLoadNamingTheFile() throws {
        let t = try templates(sections: #"["overview", "graphs"]"#)
        XCTAssertThrowsError(try ClinicalJob(templates: t)) { error in
            XCTAssertEqual(error as? CatalogError,
                           .wrongType(file: "reports/aurae-clinical.json", key: "sections",
                                      expected: "a list of overview, calendar, safety, charts, patterns, episodes, details, disclaimers, not graphs"))
        }
        XCTAssertThrowsError(try ClinicalJob(templates: try templates(sections: "[]")))
    }
}
