import Aurae
import Catalog
import Foundation
import Ingest
import Render
import ReportKit
import TestSupport
import XCTest

/// The clinical report's default section list comes from its settings file, checked at load.
final class ClinicalSectionsTests: XCTestCase {
    /// A copy of templates/ whose section list is `sections`.
    func templates(sections: String) throws -> TemplateSet { try templates(report: "aurae-clinical", sections: sections) }

    func testTemplateListIsTheDefaultOrder() throws {
        let t = try templates(sections: #"["disclaimers", "glance"]"#)
        let logs = try HeadacheLogReader.read([InputSource(path: TestPaths.samples.appendingPathComponent("aurae/logs.json").path)])
        let run = RunInfo(asOf: try XCTUnwrap(LocalDate(iso: "2026-07-31")), generatedAt: Date(timeIntervalSince1970: 1_785_456_000))
        let (doc, _) = try ClinicalJob(templates: t).document(HeadacheInputs(logs: logs.records), ClinicalJob.Request(), run: run)
        let headings = try LayoutEngine(measurer: FixedWidthMeasurer()).layout(doc).outline.filter { $0.level == 1 }.map(\.title)
        XCTAssertEqual(headings, ["Safety", "Disclaimers", "At a glance"], "safety first when the list leaves it out")
    }

    func testUnknownSectionFailsAtLoadNamingTheFile() throws {
        let t = try templates(sections: #"["glance", "graphs"]"#)
        XCTAssertThrowsError(try ClinicalJob(templates: t)) { error in
            XCTAssertEqual(error as? CatalogError,
                           .wrongType(file: "reports/aurae-clinical.json", key: "sections",
                                      expected: "a list of glance, calendar, safety, charts, patterns, medications, episodes, details, disclaimers, not graphs"))
        }
        XCTAssertThrowsError(try ClinicalJob(templates: try templates(sections: "[]")))
    }

    /// A width out of its range is an error at load naming the file, the key and the range, not
    /// a page laid out with a column a thousand pages wide.
    func testAWidthOutOfItsRangeFailsAtLoad() throws {
        for (value, key) in [("1e300", "alertMarkerWidth"), ("-4", "alertMarkerWidth")] {
            let t = try templates(editing: "reports/aurae-clinical.json", #""\#(key)": 10"#, #""\#(key)": \#(value)"#)
            XCTAssertThrowsError(try ClinicalJob(templates: t)) { error in
                XCTAssertEqual(error as? CatalogError, .wrongType(file: "reports/aurae-clinical.json", key: "glance.\(key)",
                                                                 expected: "a number from 0 to 100"))
            }
        }
        let t = try templates(editing: "reports/aurae-clinical.json", #""labelWidth": 128"#, #""labelWidth": 301"#)
        XCTAssertThrowsError(try ClinicalJob(templates: t)) { error in
            XCTAssertEqual(error as? CatalogError, .wrongType(file: "reports/aurae-clinical.json", key: "glance.labelWidth",
                                                             expected: "a number from 0 to 300"))
        }
    }
}
