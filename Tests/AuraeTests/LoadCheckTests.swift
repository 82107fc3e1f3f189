import Aurae
import Catalog
import Foundation
import ReportKit
import TestSupport
import XCTest

/// Broken templates fail when they load, with an error naming the file, before any work.
final class LoadCheckTests: XCTestCase {
    /// A copy of templates/ with `file` edited by replacing `old` with `new`.
    func templates(editing file: String, _ old: String, _ new: String) throws -> TemplateSet {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("load-check-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: TestPaths.templates, to: dir)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(text.contains(old), "\(file) has no \(old)")
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
        return try TemplateSet(directory: dir)
    }

    func assertNamesFile(_ file: String, _ body: () throws -> Any, line: UInt = #line) {
        XCTAssertThrowsError(try body(), line: line) { error in
            XCTAssertTrue(error is CatalogError, "\(error)", line: line)
            XCTAssertTrue("\(error)".hasPrefix(file + ": "), "\(error)", line: line)
        }
    }

    func testEmptyFrequencyLabelListFailsAtLoad() throws {
        let t = try templates(editing: "thresholds/aurae.json", #""frequencyLabels": ["#, #""frequencyLabels": [], "unused": ["#)
        assertNamesFile("thresholds/aurae.json") { try InsightsConfig(templates: t) }
    }

    func testTimeBandsMustStartAtMidnight() throws {
        let t = try templates(editing: "thresholds/aurae.json", #""fromHour": 0"#, #""fromHour": 1"#)
        assertNamesFile("thresholds/aurae.json") { try InsightsConfig(templates: t) }
    }

    func testMissingThresholdNamesTheKeyPath() throws {
        let t = try templates(editing: "thresholds/aurae.json", #""windowDays": 30"#, #""days": 30"#)
        XCTAssertThrowsError(try InsightsConfig(templates: t)) { error in
            XCTAssertEqual(error as? CatalogError, .missingKey(file: "thresholds/aurae.json", key: "frequency.windowDays"))
        }
    }

    func testMissingWordingKeyFailsWhenThePresenterLoads() throws {
        let t = try templates(editing: "wording/aurae.json", #""locked": "#, #""lockedX": "#)
        let config = try InsightsConfig(templates: t)
        XCTAssertThrowsError(try InsightsPresenter(templates: t, config: config)) { error in
            XCTAssertEqual(error as? CatalogError, .missingKey(file: "wording/aurae.json", key: "insights.locked"))
        }
    }

    func testWrongPlaceholderFailsWhenThePresenterLoads() throws {
        let t = try templates(editing: "wording/aurae.json", "{{name}}: taken {{count}} times.", "{{medication}}: taken {{count}} times.")
        assertNamesFile("wording/aurae.json") { try InsightsPresenter(templates: t) }
    }

    func testTimeBandWithoutWordingFailsAtLoad() throws {
        let t = try templates(editing: "thresholds/aurae.json", #""name": "Evening""#, #""name": "Dusk""#)
        XCTAssertThrowsError(try InsightsPresenter(templates: t)) { error in
            XCTAssertEqual(error as? CatalogError, .missingKey(file: "wording/aurae.json", key: "insights.timeOfDay.Dusk"))
        }
    }

    func testBadColourFailsWhenTheSummaryLoads() throws {
        let t = try templates(editing: "brand/aurae.json", ##""zebra": "#F4F8F8""##, ##""zebra": "#F4F8FZ""##)
        XCTAssertThrowsError(try SummaryJob(templates: t)) { error in
            XCTAssertEqual(error as? CatalogError, .badColor(file: "brand/aurae.json", key: "palette.zebra", value: "#F4F8FZ"))
        }
    }

    func testUnknownSummaryColumnFailsAtLoad() throws {
        let t = try templates(editing: "reports/aurae-summary.json", #""key": "notes""#, #""key": "mood""#)
        assertNamesFile("reports/aurae-summary.json") { try SummaryJob(templates: t) }
    }

    func testMissingSummaryWordingFailsAtLoad() throws {
        let t = try templates(editing: "wording/aurae.json", "Page {{page}} of {{pages}}", "Page {{page}}")
        assertNamesFile("wording/aurae.json") { try SummaryJob(templates: t) }
    }
}
