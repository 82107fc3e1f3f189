import Foundation
import TestSupport
import XCTest

/// The command line itself: values checked while parsing (exit 2, listed in help), checks across
/// options, and runs whose standard error is closed or full.
final class CommandLineTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = try TestPaths.temporaryDirectory("report-cli")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    func sample(_ path: String) -> String { TestPaths.samples.appendingPathComponent(path).path }

    func testInvalidEnumValuesAreUsageErrorsThatNameTheValues() throws {
        let out = dir.appendingPathComponent("x.pdf").path
        let cases: [(args: [String], values: [String])] = [
            (["headache", "insights", sample("aurae/logs.json"), "--tier", "gold"], ["free", "premium"]),
            (["headache", "summary", sample("aurae/logs.json"), "-o", out, "--tier", "gold"], ["free", "premium"]),
            (["headache", "summary", sample("aurae/logs.json"), "-o", out, "--format", "xml"], ["json", "csv"]),
            (["headache", "insights", sample("aurae/logs.json"), "--log-format", "yaml"], ["text", "json"]),
        ]
        for (args, values) in cases {
            let r = try ReportBinary.run(args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stdout.isEmpty, "\(args)")
            for v in values { XCTAssertTrue(r.stderr.contains("'\(v)'"), "\(args) names \(v): \(r.stderr)") }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    /// Comma-separated options are typed values checked while parsing: an unknown or repeated
    /// part is a usage error naming it, before any input is read.
    func testListOptionsAreCheckedWhileParsing() throws {
        let out = dir.appendingPathComponent("x.pdf").path
        let cases: [(args: [String], says: String)] = [
            (["headache", "clinical", sample("aurae/logs.json"), "-o", out, "--tier", "premium", "--sections", "overview,bogus"],
             "unknown section 'bogus'; the sections are glance, calendar"),
            (["headache", "clinical", sample("aurae/logs.json"), "-o", out, "--tier", "premium", "--sections", "safety, safety"],
             "'safety' is named twice"),
            (["headache", "batch", sample("users"), "-o", dir.appendingPathComponent("b").path, "--reports", "summary,gold"],
             "unknown report 'gold'; the reports are insights, summary, clinical"),
            (["headache", "batch", sample("users"), "-o", dir.appendingPathComponent("b").path, "--shard", "2/2"],
             "--shard <I/N>"),
            (["benchmark", "--sizes", "100,-5"], "unknown size '-5'"),
        ]
        for (args, says) in cases {
            let r = try ReportBinary.run(args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(says), "\(args): \(r.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("b").path))
    }

    /// Usage errors as JSON lines keep the tool's own words (options, placeholders, listed values)
    /// of every command, the newer ones too, and hide what the user typed.
    func testJSONUsageErrorsKeepTheVocabularyOfEveryCommand() throws {
        let cases: [(args: [String], keeps: String, hides: String)] = [
            (["care", "expenses", sample("care/expenses.csv"), "--tier", "gold", "--log-format", "json"], "--tier <tier>", "gold"),
            (["home", "ledger", sample("home/tasks.json"), "-o", "x.pdf", "--lang", "fr", "--log-format", "json"], "--lang <lang>", "fr"),
            (["cycle", "summary", sample("cycle/periods.json"), "--as-of", "2026-02-30", "--log-format", "json"], "--as-of <D>", "2026-02-30"),
        ]
        for (args, keeps, hides) in cases {
            let r = try ReportBinary.run(args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(keeps), "\(args) keeps \(keeps): \(r.stderr)")
            XCTAssertFalse(r.stderr.contains(hides), "\(args) hides \(hides): \(r.stderr)")
        }
    }

    /// A plain command line is parsed by its leaf command alone (a start-up shortcut); whatever
    /// that parse rejects is parsed again from the root, so usage messages still name the full
    /// command path and the same options work in any order.
    func testLeafShortcutKeepsTheFullCommandsMessagesAndValues() throws {
        let missing = try ReportBinary.run(["headache", "summary"])
        XCTAssertEqual(missing.status, 2, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("Usage: report headache summary"), missing.stderr)
        let unknown = try ReportBinary.run(["headache", "insights", sample("aurae/logs.json"), "--colour"])
        XCTAssertEqual(unknown.status, 2, unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("Unknown option '--colour'"), unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("Usage: report headache insights"), unknown.stderr)
        let group = try ReportBinary.run(["headache"])
        XCTAssertEqual(group.status, 0, group.stderr)
        XCTAssertTrue(group.stdoutText.contains("SUBCOMMANDS"), group.stdoutText)
        let a = try ReportBinary.run(["headache", "insights", sample("aurae/logs.json"), "--as-of", "2026-07-31", "--json", "--tier", "premium"])
        let b = try ReportBinary.run(["headache", "insights", "--tier=premium", "--json", sample("aurae/logs.json"), "--as-of=2026-07-31"])
        XCTAssertEqual(a.status, 0, a.stderr)
        XCTAssertEqual(a.stdout, b.stdout)
        XCTAssertTrue(a.stdoutText.contains("\"tier\""), a.stdoutText)
    }

    func testHelpListsTheValuesOfEveryEnumOption() throws {
        for command in ["summary", "insights"] {
            let r = try ReportBinary.run(["headache", command, "--help"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let help = r.stdoutText.replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression)
            XCTAssertTrue(help.contains("(values: json, csv)"), "\(command) --format: \(help)")
            XCTAssertTrue(help.contains("(values: text, json; default: text)"), "\(command) --log-format: \(help)")
            XCTAssertTrue(help.contains("(values: free, premium; default: free)"), "\(command) --tier: \(help)")
        }
    }

    func testFormatIgnoresLetterCase() throws {
        let r = try ReportBinary.run(["headache", "insights", "-", "--format", "CSV", "--as-of", "2026-07-15"],
                                     stdin: try Data(contentsOf: URL(fileURLWithPath: sample("aurae/logs.csv"))))
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    func testChecksAcrossOptionsAreUsageErrors() throws {
        let base = ["headache", "insights", sample("aurae/logs.json")]
        let cases: [(args: [String], message: String)] = [
            (["--from", "2026-05-01", "--to", "2026-04-01"], "--from '2026-05-01' is after --to '2026-04-01'"),
            (["--to", "2026-08-01", "--as-of", "2026-07-31"], "--to '2026-08-01' is after --as-of '2026-07-31'"),
            (["--max-input-bytes", "0"], "must be positive"),
            (["--max-errors", "0"], "--max-errors must be at least 1"),
            (["--max-records", "0"], "must be positive"),
            (["--as-of", "31/07/2026"], "31/07/2026"),
        ]
        for (args, message) in cases {
            let r = try ReportBinary.run(base + args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr)")
        }
    }

    func testDateSyntaxIsCheckedBeforeTheInputIsRead() throws {
        let r = try ReportBinary.run(["headache", "insights", sample("broken/logs-broken.json"), "--as-of", "2026-02-30"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertFalse(r.stderr.contains("logs-broken.json:"), "the input is not read: \(r.stderr)")
    }

    func testLogFormatJSONWritesEveryMessageAsAJSONLine() throws {
        let r = try ReportBinary.run(["headache", "summary", sample("broken/logs-broken.csv"), "-o", "-", "--log-format", "json"])
        XCTAssertEqual(r.status, 1)
        let lines = r.stderr.split(separator: "\n")
        XCTAssertGreaterThan(lines.count, 2)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            XCTAssertNotNil(object?["level"] as? String, String(line))
            XCTAssertNotNil(object?["message"] as? String, String(line))
        }
        XCTAssertTrue(r.stderr.contains("\"line\":3,\"column\":"), "input errors keep their location, as numbers: \(r.stderr)")
    }

    func testLogFormatJSONCoversUsageErrorsWithoutEchoingValues() throws {
        let out = dir.appendingPathComponent("x.pdf").path
        let base = ["headache", "summary", sample("aurae/logs.json"), "-o", out]
        let cases: [(args: [String], kept: [String])] = [
            (base + ["--tier", "Alex Doe", "--log-format", "json"], ["'--tier <tier>'", "'free'", "'premium'"]),
            (base + ["--log-format=json", "--bogus", "Alex Doe"], []),
            (base + ["--Alex-Doe", "--log-format", "json"], []),
            (base + ["--as-of", "Alex-Doe", "--log-format", "json"], ["'--as-of <D>'"]),
            (base + ["--from", "2026-05-01", "--to", "2026-04-01", "--log-format", "json"], ["--from", "--to"]),
            (["headache", "summary", sample("aurae/logs.json"), "--log-format", "json"], ["'--output <OUT.pdf>'"]),
            (["headache", "insights", "--log-format", "json", "--patient-name", "Alex Doe"], []),
            (base + ["-o", sample("aurae/logs.json"), "--log-format", "json"], ["-o"]),
        ]
        for (args, kept) in cases {
            let r = try ReportBinary.run(args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            let lines = r.stderr.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, "\(args): \(r.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(r.stderr.utf8)) as? [String: Any]
            XCTAssertEqual(object?["level"] as? String, "error", r.stderr)
            let message = try XCTUnwrap(object?["message"] as? String, r.stderr)
            for value in ["Alex", "2026-05-01", "logs.json"] { XCTAssertFalse(message.contains(value), "\(args): \(message)") }
            for word in kept { XCTAssertTrue(message.contains(word), "\(args) keeps \(word): \(message)") }
        }
        let text = try ReportBinary.run(base + ["--tier", "gold"])
        XCTAssertTrue(text.stderr.contains("'gold'"), "text usage errors still name the value: \(text.stderr)")
        let help = try ReportBinary.run(["headache", "summary", "--help", "--log-format", "json"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdoutText.contains("USAGE:"), "help stays plain text")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testClosedOrFullStandardErrorStillWritesThePDF() throws {
        let reference = dir.appendingPathComponent("reference.pdf")
        let args = ["headache", "summary", sample("aurae/logs.json"), "--as-of", "2026-07-31", "-o"]
        XCTAssertEqual(try ReportBinary.run(args + [reference.path]).status, 0)
        for redirection in ["2>&-", "2>/dev/full"] {
            let out = dir.appendingPathComponent("out.pdf")
            let r = try ReportBinary.run(args + [out.path], redirecting: redirection)
            XCTAssertEqual(r.status, 0, redirection)
            XCTAssertEqual(try Data(contentsOf: out), try Data(contentsOf: reference), "\(redirection): the same PDF, no message in it")
            try FileManager.default.removeItem(at: out)
        }
    }

    func testClosedStandardErrorKeepsTheExitStatusOfAFailure() throws {
        let out = dir.appendingPathComponent("broken.pdf")
        for redirection in ["2>&-", "2>/dev/full"] {
            let broken = try ReportBinary.run(["headache", "summary", sample("broken/logs-broken.csv"), "-o", out.path],
                                              redirecting: redirection)
            XCTAssertEqual(broken.status, 1, redirection)
            let usage = try ReportBinary.run(["headache", "insights", sample("aurae/logs.json"), "--tier", "gold"],
                                             redirecting: redirection)
            XCTAssertEqual(usage.status, 2, redirection)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
    }

    func testClosedStandardOutputIsAnOutputError() throws {
        let r = try ReportBinary.run(["headache", "insights", sample("aurae/logs.json"), "--as-of", "2026-07-31", "--json"],
                                     redirecting: ">&-")
        XCTAssertEqual(r.status, 4, r.stderr)
        XCTAssertTrue(r.stderr.contains("cannot write to standard output"), r.stderr)
    }
}
