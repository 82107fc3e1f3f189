import Aurae
import Catalog
import Foundation
import Ingest
import Render
import ReportKit
import TestSupport
import XCTest

/// The summary's sections are builders registered by id; the layout file picks and orders them.
final class SummarySectionsTests: XCTestCase {
    /// A copy of templates/ whose section list is `sections`.
    func templates(sections: String) throws -> TemplateSet { try templates(report: "aurae-summary", sections: sections) }

    func headings(_ templates: TemplateSet) throws -> [String] {
        let logs = try HeadacheLogReader.read([InputSource(path: TestPaths.samples.appendingPathComponent("aurae/logs.json").path)])
        let run = RunInfo(asOf: try XCTUnwrap(LocalDate(iso: "2026-07-31")), generatedAt: Date(timeIntervalSince1970: 1_785_456_000))
        let (doc, _) = try SummaryJob(templates: templates).document(logs: logs.records, options: HeadacheSummary.Options(run: run))
        // The title (H1) and the sections (H2), as a screen reader meets them.
        return try LayoutEngine(measurer: FixedWidthMeasurer()).layout(doc).structureDump().split(separator: "\n")
            .filter { $0.hasPrefix("H1 ") || $0.hasPrefix("H2 ") }.map(String.init)
    }

    func testLayoutListOrdersTheSections() throws {
        let normal = try headings(try templates(sections: #"["header", "safety", "episodes"]"#))
        let reordered = try headings(try templates(sections: #"["episodes", "header"]"#))
        XCTAssertEqual(normal.count, 3)  // title, safety, episodes
        XCTAssertEqual(reordered, [normal[2], normal[0]])
    }

    func testUnknownSectionFailsAtLoadNamingTheFile() throws {
        let t = try templates(sections: #"["header", "charts"]"#)
        XCTAssertThrowsError(try SummaryJob(templates: t)) { error in
            XCTAssertEqual(error as? CatalogError,
                           .wrongType(file: "reports/aurae-summary.json", key: "sections",
                                      expected: "a list of header, safety, episodes, not charts"))
        }
    }
}
