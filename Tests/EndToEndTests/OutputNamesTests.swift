import Foundation
import TestSupport
import XCTest

/// Outputs are chosen by extension the same way everywhere (ReportKit's `OutputTarget.format`):
/// a name whose extension a command cannot write is a usage error naming the ones it can, and
/// nothing is written; `-` stays standard output; devices are written as they are.
final class OutputNamesTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws { dir = try TestPaths.temporaryDirectory("report-outputs") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func sample(_ path: String) -> String { TestPaths.samples.appendingPathComponent(path).path }

    func testAnExtensionACommandCannotWriteIsAUsageErrorNamingTheOnesItCan() throws {
        let logs = sample("aurae/logs.json")
        let cases: [(args: [String], wrong: String, names: [String])] = [
            (["headache", "summary", logs, "--as-of", "2026-07-31", "-o"], "t.png", [".pdf"]),
            (["headache", "clinical", logs, "--tier", "premium", "--as-of", "2026-07-31", "-o"], "c.docx", [".pdf"]),
            (["headache", "insights", logs, "--as-of", "2026-07-31", "-o"], "i.pdf", [".json", ".txt"]),
            (["headache", "export", logs, "--tier", "premium", "-o"], "e.xlsx", [".csv", ".json"]),
            (["home", "ledger", sample("home/tasks.json"), "-o"], "l.png", [".pdf"]),
            (["home", "export", sample("home/tasks.json"), "-o"], "e.csv", [".json"]),
            (["gentle", "export", sample("gentle/events.json"), "--user", "user_maya", "-o"], "g.pdf", [".json"]),
            (["care", "directory", sample("care/providers.json"), "--tier", "plus", "-o"], "d.txt", [".pdf", ".csv", ".vcf"]),
            (["care", "expenses", sample("care/expenses.csv"), "--tier", "family", "-o"], "x.json", [".pdf", ".csv"]),
            (["headache", "summary", logs, "-o"], "noextension", [".pdf"]),
        ]
        for (args, wrong, names) in cases {
            let out = dir.appendingPathComponent(wrong).path
            let r = try ReportBinary.run(args + [out])
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("report: error: -o '\(out)': the output's extension must be "), r.stderr)
            for name in names { XCTAssertTrue(r.stderr.contains(name), "\(args) names \(name): \(r.stderr)") }
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(args): nothing written")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
    }

    func testTheExtensionChoosesTheFormatAndMustAgreeWithTheFlags() throws {
        let logs = sample("aurae/logs.json")
        let json = dir.appendingPathComponent("insights.json").path
        XCTAssertEqual(try ReportBinary.run(["headache", "insights", logs, "--as-of", "2026-07-31", "-o", json]).status, 0)
        let stdoutJSON = try ReportBinary.run(["headache", "insights", logs, "--as-of", "2026-07-31", "--json"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: json)), stdoutJSON.stdout, "a .json name writes JSON")
        let upper = dir.appendingPathComponent("S.PDF").path
        XCTAssertEqual(try ReportBinary.run(["headache", "summary", logs, "--as-of", "2026-07-31", "-o", upper]).status, 0)
        let csv = dir.appendingPathComponent("logs.csv").path
        XCTAssertEqual(try ReportBinary.run(["headache", "export", logs, "--tier", "premium", "--as-of", "2026-07-31", "-o", csv]).status, 0)
        XCTAssertTrue(try String(contentsOfFile: csv, encoding: .utf8).hasPrefix("id,"), "a .csv name writes CSV")
        let conflicts: [[String]] = [
            ["headache", "insights", logs, "--json", "-o", dir.appendingPathComponent("i.txt").path],
            ["headache", "export", logs, "--tier", "premium", "--format", "json", "-o", dir.appendingPathComponent("x.csv").path],
            ["headache", "export", logs, "--tier", "premium", "-o", "-"],
        ]
        for args in conflicts {
            let r = try ReportBinary.run(args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("report: error: "), r.stderr)
        }
        let piped = try ReportBinary.run(["headache", "export", logs, "--tier", "premium", "--format", "json", "-o", "-"])
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertTrue(piped.stdoutText.hasPrefix("{"), "-o - with --format writes standard output")
        let devNull = try ReportBinary.run(["home", "ledger", sample("home/tasks.json"), "-o", "/dev/null"])
        XCTAssertEqual(devNull.status, 0, "a device is written as it is: \(devNull.stderr)")
    }
}
