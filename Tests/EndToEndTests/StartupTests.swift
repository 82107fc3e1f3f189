import Foundation
import TestSupport
import XCTest

/// What every run pays first: `--version` answered without the parser, and the benchmark's
/// start-up line and its side-by-side with the C floor.
final class StartupTests: XCTestCase {
    func testVersionIsOneLineOnStandardOutput() throws {
        let r = try ReportBinary.run(["--version"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdoutText, "report 0.1.0\n")
        XCTAssertEqual(r.stderr, "")
        // With other words ArgumentParser answers, as before, and prints the same line.
        let parsed = try ReportBinary.run(["--version", "--quiet"])
        XCTAssertEqual(parsed.status, 0, parsed.stderr)
        XCTAssertEqual(parsed.stdoutText, r.stdoutText)
    }

    /// The start-up line comes first; with `--floor` each size's summary is timed next to the
    /// floor (here /bin/true, which draws nothing) and the floor's input is written as its seven
    /// tab-separated columns, one line per episode.
    func testBenchmarkPrintsStartupAndTheSummaryNextToTheFloor() throws {
        let dir = try TestPaths.temporaryDirectory("report-bench-startup")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try ReportBinary.run(["benchmark", "--sizes", "12", "--runs", "1", "--insights-episodes", "0",
                                      "--clinical-episodes", "0", "--care-handoffs", "0", "--batch-users", "0",
                                      "--floor", "/bin/true", "--work", dir.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdoutText.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.count > 2 && lines[1].hasPrefix("start-up: report --version "), r.stdoutText)
        XCTAssertTrue(lines[1].contains(" ms median of 20 (whole process); executable ") && lines[1].hasSuffix(" MB"), lines[1])
        let table = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("summary against the C floor (/bin/true, ANCHOR_FONT=Inter)") }, r.stdoutText)
        XCTAssertEqual(lines[table + 1], "size    | summary PDF             | C floor                 | summary ÷ floor")
        let row = lines[table + 3]
        XCTAssertTrue(row.hasPrefix("12      | ") && row.contains("median of 10") && row.hasSuffix("×"), row)
        let rows = try String(contentsOf: dir.appendingPathComponent("floor_rows_12.tsv"), encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        XCTAssertEqual(rows.count, 12)
        for fields in rows {
            XCTAssertEqual(fields.count, 7, "\(fields)")
            XCTAssertNotNil(fields[0].wholeMatch(of: /\d{4}-\d{2}-\d{2}/), "\(fields)")
            XCTAssertNotNil(fields[1].wholeMatch(of: /\d{2}:\d{2}/), "\(fields)")
            XCTAssertNotNil(fields[2].wholeMatch(of: /(2|4|6|8|10)\/10/), "\(fields)")
            XCTAssertNotNil(fields[3].wholeMatch(of: /\d+h \d{2}m/), "\(fields)")
        }
    }
}
