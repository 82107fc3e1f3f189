import Aurae
import Catalog
import Foundation
import ReportKit
import TestSupport
import XCTest

/// Broken templates fail when they load, with an error naming the file, before any work.
final class LoadCheckTests: XCTestCase {
    func assertNamesFile(_ file: String, _ body: () throws -> Any, line: UInt = #line) {
        XCTAssertThrowsError(try body(), line: line) { error in
            XCTAssertTrue(error is CatalogError, "\(error)", line: line)
            XCTAssertTrue("\(error)".hasPrefix(file + ": "), "\(error)", line: line)
        }
    }

    /// `load` fails with exactly `expected` once `file` is edited.
    func assertLoad(editing file: String, _ old: String, _ new: String, failsWith expected: CatalogError,
                    line: UInt = #line, _ load: (TemplateSet) throws -> Any) throws {
        let t = try templates(editing: file, old, new)
        XCTAssertThrowsError(try load(t), line: line) { error in
            XCTAssertEqual(error as? CatalogError, expected, line: line)
        }
    }

    /// A threshold the types cannot check fails where it is decoded, naming the key path.
    func assertThreshold(_ old: String, _ new: String, key: String, expected: String, line: UInt = #line) throws {
        try assertLoad(editing: "thresholds/aurae.json", old, new,
                       failsWith: .wrongType(file: "thresholds/aurae.json", key: key, expected: expected), line: line) {
            try InsightsConfig(templates: $0)
        }
    }

    func testEmptyFrequencyLabelListFailsAtLoad() throws {
        try assertThreshold(#""frequencyLabels": ["#, #""frequencyLabels": [], "unused": ["#,
                            key: "frequencyLabels", expected: "a non-empty list")
    }

    func testTimeBandsMustStartAtMidnight() throws {
        try assertThreshold(#""fromHour": 0"#, #""fromHour": 1"#, key: "timeOfDay", expected: "bands starting at hour 0")
    }

    func testTimeBandHourOutOfRangeNamesTheBand() throws {
        try assertThreshold(#""fromHour": 18"#, #""fromHour": 24"#, key: "timeOfDay[3].fromHour", expected: "an hour from 0 to 23")
    }

    func testFrequencyWindowOutOfRangeNamesTheKey() throws {
        try assertThreshold(#""windowDays": 30"#, #""windowDays": 0"#, key: "frequency.windowDays", expected: "between 1 and 3660")
    }

    func testPdfTopCountBelowOneFailsWhenTheClinicalReportLoads() throws {
        try assertLoad(editing: "thresholds/aurae.json", #""pdfTopCount": 5"#, #""pdfTopCount": 0"#,
                       failsWith: .wrongType(file: "thresholds/aurae.json", key: "factors.pdfTopCount", expected: "at least 1")) {
            try ClinicalJob(templates: $0)
        }
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
        try assertLoad(editing: "brand/aurae.json", ##""zebra": "#F4F8F8""##, ##""zebra": "#F4F8FZ""##,
                       failsWith: .wrongType(file: "brand/aurae.json", key: "palette.zebra",
                                             expected: ##"a colour written #RRGGBB or #RRGGBBAA, not "#F4F8FZ""##)) {
            try SummaryJob(templates: $0)
        }
    }

    func testMissingVisualColourFailsWhenTheClinicalReportLoads() throws {
        try assertLoad(editing: "brand/aurae.json", #""chartGrid":"#, #""chartGridX":"#,
                       failsWith: .missingKey(file: "brand/aurae.json", key: "palette.chartGrid")) { try ClinicalJob(templates: $0) }
    }

    func testUnknownSeveritySurfaceNamesItsLevel() throws {
        try assertLoad(editing: "brand/aurae.json", #""4": "severitySevere""#, #""4": "severityHigh""#,
                       failsWith: .wrongType(file: "brand/aurae.json", key: "severitySurface.4",
                                             expected: "severityMild or severitySevere")) { try SummaryJob(templates: $0) }
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
