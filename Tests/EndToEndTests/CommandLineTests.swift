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
        XCTAssertTrue(unknown.stderr.hasPrefix("report: error: unknown option '--colour'\n"), unknown.stderr)
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

    /// Mistyped commands, options, values and dates: one message format (`report: error: …` on
    /// the first line, then the usage), exit status 2, a suggestion when one is close, the reason
    /// a date is not one; nothing on standard output.
    func testMistakesGetOneFormatAndASuggestion() throws {
        let logs = sample("aurae/logs.json")
        let cases: [(args: [String], first: String)] = [
            (["headache", "sumary", "logs.json", "-o", "t.pdf"], "unknown command 'headache sumary'; did you mean 'headache summary'?"),
            (["headach", "summary", "x"], "unknown command 'headach'; did you mean 'headache'?"),
            (["care", "expense", "x"], "unknown command 'care expense'; did you mean 'care expenses'?"),
            (["cycle", "remind", "x"], "unknown command 'cycle remind'; did you mean 'cycle reminders'?"),
            (["hme", "ledger"], "unknown command 'hme'; did you mean 'home'?"),
            (["xyzzy"], "unknown command 'xyzzy'; the commands are headache, care"),
            (["headache", "insights", logs, "--fom", "2026-01-01"], "unknown option '--fom'; did you mean '--from'?"),
            (["headache", "insights", logs, "--as_of", "2026-01-01"], "unknown option '--as_of'; did you mean '--as-of'?"),
            (["headache", "summary", logs, "-o", "x.pdf", "--patient", "A"], "unknown option '--patient'; did you mean '--patient-name'?"),
            (["headache", "summary", logs, "-output", "x.pdf"], "unknown option '-output'; did you mean '--output'?"),
            (["headache", "insights", logs, "--tier", "premum"], "invalid value 'premum' for '--tier <tier>': use 'free' or 'premium'; did you mean 'premium'?"),
            (["headache", "clinical", logs, "-o", "x.pdf", "--tier", "premium", "--sections", "safty"],
             "invalid value 'safty' for '--sections <LIST>': unknown section 'safty'; did you mean 'safety'?"),
            (["headache", "insights", logs, "--as-of", "2026-02-30"], "invalid value '2026-02-30' for '--as-of <D>': not a real date: February 2026 has 28 days"),
            (["headache", "insights", logs, "--from", "2025-04-31"], "invalid value '2025-04-31' for '--from <D>': not a real date: April 2025 has 30 days"),
            (["headache", "insights", logs, "--to", "2026-13-01"], "invalid value '2026-13-01' for '--to <D>': not a real date: there is no month 13"),
            (["headache", "insights", logs, "--as-of", "31/07/2026"], "invalid value '31/07/2026' for '--as-of <D>': not a date: write it YYYY-MM-DD"),
            (["headache", "insights", logs, "--as-of", "2101-01-01"], "invalid value '2101-01-01' for '--as-of <D>': outside the years 1900-2100"),
            (["care", "expenses", sample("care/expenses.csv"), "--tier", "family", "--from", "2026-02-29"],
             "invalid value '2026-02-29' for '--from <D>': not a real date: February 2026 has 28 days"),
            (["cycle", "reminders", sample("cycle/periods.json"), "--from", "2026-02-30T09:00:00Z", "--to", "2026-03-01T00:00:00Z"],
             "invalid value '2026-02-30T09:00:00Z' for '--from <INSTANT>': not a real date: February 2026 has 28 days"),
            (["headache", "insights", logs, "--from", "2026-05-01", "--to", "2026-03-01"], "--from '2026-05-01' is after --to '2026-03-01'"),
            (["headache", "summary", logs], "missing '--output <OUT.pdf>': the PDF to write"),
            (["headache", "batch", sample("users"), "-o", "out", "--jobs", "many"], "invalid value 'many' for '--jobs <N>': not a whole number"),
            (["headache", "insights", logs, "--quiet=yes"], "'--quiet' takes no value, but 'yes' was given"),
        ]
        for (args, first) in cases {
            let r = try ReportBinary.run(args, in: dir)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stdout.isEmpty, "\(args)")
            let lines = r.stderr.split(separator: "\n").map(String.init)
            XCTAssertTrue(lines.first?.hasPrefix("report: error: " + first) == true, "\(args): \(r.stderr)")
            XCTAssertTrue(lines.dropFirst().first?.hasPrefix("Usage: report") == true, "\(args): the usage follows: \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("Error:"), "\(args): \(r.stderr)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
    }

    /// The same mistakes as JSON lines: one line, level error, a timestamp, the suggestion kept
    /// and what was typed left out.
    func testMistakesAsJSONLinesKeepTheSuggestionAndHideTheValue() throws {
        let cases: [(args: [String], keeps: String, hides: String)] = [
            (["headach", "summary", "Alex", "--log-format", "json"], "did you mean 'headache'?", "headach'"),
            (["headache", "insights", "x.json", "--as-of", "2026-02-30", "--log-format", "json"], "not a real date", "2026"),
            (["headache", "insights", "x.json", "--fom", "2026-01-01", "--log-format=json"], "did you mean '--from'?", "2026"),
        ]
        for (args, keeps, hides) in cases {
            let r = try ReportBinary.run(args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stderr.utf8)) as? [String: Any], r.stderr)
            XCTAssertEqual(object["level"] as? String, "error")
            XCTAssertNotNil((object["ts"] as? String)?.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$"#, options: .regularExpression), r.stderr)
            let message = try XCTUnwrap(object["message"] as? String)
            XCTAssertTrue(message.contains(keeps), "\(args): \(message)")
            XCTAssertFalse(message.contains(hides), "\(args): \(message)")
        }
    }

    /// The clinical report and the export are premium: without --tier, a usage error that says
    /// so (not status 3 on a newcomer's first try).
    func testPremiumReportsWithoutTierSayWhatIsMissing() throws {
        for (command, extra) in [("clinical", ["-o", "c.pdf"]), ("export", ["-o", "e.csv"])] {
            let r = try ReportBinary.run(["headache", command, sample("aurae/logs.json")] + extra, in: dir)
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertTrue(r.stderr.hasPrefix("report: error: missing '--tier <tier>': the user's tier; the \(command == "clinical" ? "clinical report" : "export") needs premium"), r.stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
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
