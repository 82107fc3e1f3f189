import Foundation
import TestSupport
import XCTest

/// Runs the built `report headache export` on the samples: tier refusal, determinism, and round
/// trips that give the same insights and the same summary text as the original input.
final class ExportCommandTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws { dir = try TestPaths.temporaryDirectory("report-export") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func sample(_ path: String) -> String { TestPaths.samples.appendingPathComponent(path).path }
    func out(_ name: String) -> String { dir.appendingPathComponent(name).path }

    func export(_ input: String, _ format: String, to output: String, _ extra: [String] = []) throws -> RunResult {
        try ReportBinary.run(["headache", "export", input, "--format", format, "-o", output, "--as-of", "2026-07-31"] + extra)
    }

    func testFreeTierIsRefusedAndWritesNothing() throws {
        for extra in [["--tier", "free"], []] {
            let r = try export(sample("aurae/logs.json"), "csv", to: out("free.csv"), extra)
            XCTAssertEqual(r.status, extra.isEmpty ? 2 : 3, "without --tier, a usage error naming premium: \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("premium"), r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out("free.csv")))
        }
        XCTAssertEqual(try export(sample("aurae/logs.json"), "xml", to: out("x"), ["--tier", "premium"]).status, 2)
    }

    func testSameInputGivesIdenticalBytesWithMode0600() throws {
        for format in ["csv", "json"] {
            let a = out("a.\(format)"), b = out("b.\(format)")
            XCTAssertEqual(try export(sample("aurae/logs.json"), format, to: a, ["--tier", "premium"]).status, 0)
            XCTAssertEqual(try export(sample("aurae/logs.json"), format, to: b, ["--tier", "premium"]).status, 0)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: a)), try Data(contentsOf: URL(fileURLWithPath: b)))
            let mode = try FileManager.default.attributesOfItem(atPath: a)[.posixPermissions] as? Int
            XCTAssertEqual(mode, 0o600)
        }
        let csv = try String(contentsOfFile: out("a.csv"), encoding: .utf8)
        XCTAssertTrue(csv.hasPrefix("id,onset_at,resolved_at,severity,onset_speed,"))
        let json = try String(contentsOfFile: out("a.json"), encoding: .utf8)
        XCTAssertTrue(json.hasPrefix("{\n  \"schemaVersion\": 1,\n  \"logs\": ["))
    }

    func testRangeIsRespected() throws {
        let r = try export(sample("aurae/logs.json"), "json", to: out("march.json"),
                           ["--tier", "premium", "--from", "2026-03-01", "--to", "2026-03-31"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out("march.json")))) as? [String: Any]
        let onsets = try XCTUnwrap(json?["logs"] as? [[String: Any]]).compactMap { $0["onsetAt"] as? String }
        XCTAssertFalse(onsets.isEmpty)
        for onset in onsets { XCTAssertTrue(onset.hasPrefix("2026-03-"), onset) }
        XCTAssertEqual(onsets, onsets.sorted(), "oldest first")
    }

    func testReadingAnExportBackGivesTheSameInsightsAndSummary() throws {
        let pdftotext = try ReportBinary.require("pdftotext")
        func insights(_ input: String) throws -> Data {
            let r = try ReportBinary.run(["headache", "insights", input, "--days", sample("aurae/days.json"), "--as-of", "2026-07-31",
                                          "--tier", "premium", "--json"])
            XCTAssertEqual(r.status, 0, r.stderr)
            return r.stdout
        }
        func summaryText(_ input: String) throws -> String {
            let pdf = out("summary-\(UUID().uuidString).pdf")
            let r = try ReportBinary.run(["headache", "summary", input, "-o", pdf, "--as-of", "2026-07-31"])
            XCTAssertEqual(r.status, 0, r.stderr)
            return try ReportBinary.runTool(pdftotext, ["-layout", pdf, "-"]).stdoutText
        }
        for original in [sample("aurae/logs.json"), sample("aurae/logs.csv")] {
            let expectedInsights = try insights(original), expectedSummary = try summaryText(original)
            for format in ["csv", "json"] {
                let exported = out("export.\(format)")
                XCTAssertEqual(try export(original, format, to: exported, ["--tier", "premium"]).status, 0)
                XCTAssertEqual(try insights(exported), expectedInsights, "\(original) through \(format)")
                XCTAssertEqual(try summaryText(exported), expectedSummary, "\(original) through \(format)")
                // Exporting the export again gives the same bytes.
                let again = out("again.\(format)")
                XCTAssertEqual(try export(exported, format, to: again, ["--tier", "premium"]).status, 0)
                XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: again)), try Data(contentsOf: URL(fileURLWithPath: exported)))
            }
        }
    }

    func testTextCSVCannotHoldIsRefusedWithoutItsValue() throws {
        let input = out("semicolon.json")
        try Data(#"[{"id": "a", "onsetAt": "2026-03-01T10:00:00Z", "severity": 3, "retrospective": {"foods": ["pizza; pasta"]}}]"#.utf8)
            .write(to: URL(fileURLWithPath: input))
        let r = try export(input, "csv", to: out("x.csv"), ["--tier", "premium"])
        XCTAssertEqual(r.status, 4, r.stderr)
        XCTAssertTrue(r.stderr.contains("retrospective.foods") && r.stderr.contains("--format json"), r.stderr)
        XCTAssertFalse(r.stderr.contains("pizza"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: out("x.csv")))
        XCTAssertEqual(try export(input, "json", to: out("x.json"), ["--tier", "premium"]).status, 0)
    }
}
