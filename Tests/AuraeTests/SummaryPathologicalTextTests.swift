@testable import Aurae
import Catalog
import Foundation
import Ingest
import Render
import ReportKit
import TestSupport
import XCTest

/// Valid exports with pathological text give a summary whose rows each fit a page: cells taller
/// than a page are cut with "…", and the table keeps every row.
final class SummaryPathologicalTextTests: XCTestCase {
    /// Reads `logs` (JSON objects as text) as an export file.
    func read(_ logs: [String]) throws -> [HeadacheLog] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("patho-\(UUID().uuidString).json")
        try #"{"schemaVersion": 1, "logs": ["#.appending(logs.joined(separator: ",\n")).appending("]}")
            .write(to: url, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return try HeadacheLogReader.read([InputSource(path: url.path)]).records
    }

    func log(_ id: String, day: Int, _ extra: String = "") -> String {
        #"{"id": "\#(id)", "onsetAt": "2026-03-\#(day < 10 ? "0" : "")\#(day)T10:00:00+01:00", "severity": 3\#(extra)}"#
    }

    func laidOut(_ logs: [HeadacheLog]) throws -> LaidOutDocument {
        let run = RunInfo(asOf: try XCTUnwrap(LocalDate(iso: "2026-03-31")), generatedAt: Date(timeIntervalSince1970: 1_774_958_400))
        let (doc, _) = try SummaryJob(templates: try TemplateSet(directory: TestPaths.templates))
            .document(logs: logs, options: HeadacheSummary.Options(run: run))
        return try LayoutEngine(measurer: PangoMeasurer()).layout(doc)
    }

    func testHugeCellsAreCutWithAnEllipsisAndEveryRowIsShown() throws {
        let name = String(repeating: "N", count: 16_000)
        let meds = (1...600).map { #"{"name": "Med\#($0)"}"# }.joined(separator: ",")
        let logs = try read([
            log("a-normal", day: 1),
            log("b-name", day: 2, #", "retrospective": {"medications": [{"name": "\#(name)"}]}"#),
            log("c-cond", day: 3, #", "weather": {"condition": "\#(String(repeating: "Fog ", count: 750))"}"#),
            log("d-meds", day: 4, #", "retrospective": {"medications": [\#(meds)]}"#),
            log("e-normal", day: 5),
        ])
        let doc = try laidOut(logs)
        let texts = doc.pages.flatMap(\.textRuns).map(\.text)
        for date in ["1 Mar 2026", "2 Mar 2026", "3 Mar 2026", "4 Mar 2026", "5 Mar 2026"] {
            XCTAssertTrue(texts.contains(date), date)
        }
        XCTAssertEqual(texts.filter { $0.hasSuffix("…") && ($0.hasPrefix("NN") || $0.hasPrefix("Fog") || $0.hasPrefix("Med")) }.count, 3)
        XCTAssertEqual(texts.filter { $0.hasPrefix("NN") }.joined().count, texts.filter { $0.hasPrefix("NN") }.joined().utf8.count - 2,
                       "only the ellipsis is not an N")
        // No run of the body is drawn below the page frame.
        for page in doc.pages {
            let frameBottom = page.size.height - 54
            for run in page.textRuns where !run.text.contains("Page") && !run.text.contains("Aurae") && !run.text.contains("advice") {
                XCTAssertLessThan(run.origin.y, frameBottom, run.text)
            }
        }
    }

    func testRowsAreTaggedWithTheEpisodeAndItsPlace() throws {
        let logs = try read([log("ep-0123456789-0123456789", day: 1)])
        let tag = SummaryTable.rowTag(logs[0])()
        XCTAssertTrue(tag.hasPrefix("episode \"ep-0123456789-012345…\" at /"), "at most 20 characters: \(tag)")
        XCTAssertTrue(tag.hasSuffix(".json:1:38"), "the place of its id: \(tag)")
    }
}
