import Foundation
import TestSupport
import XCTest

/// Runs the built `report headache batch` on the sample user tree and holds every user's files
/// side by side with what the single-user commands write.
final class BatchCommandTests: XCTestCase {
    let premium: Set<String> = ["u-alex", "u-cam", "u-dee", "u-hal"]

    func testEachUserIsByteIdenticalToTheSingleUserCommands() throws {
        let out = try TestPaths.temporaryDirectory("batch").path
        // Three workers whatever the machine's cores: each draws with cairo fonts of its own
        // (`PangoMeasurer.fontSet`), and every one's files are the single-user commands'.
        let r = try ReportBinary.run(BatchSupport.batchArguments(out: out, ["--jobs", "3"]))
        XCTAssertEqual(r.status, 5, "u-cam's export is broken: " + r.stderr)
        let single = try TestPaths.temporaryDirectory("single").path
        let users = try FileManager.default.contentsOfDirectory(atPath: BatchSupport.users).filter { $0.hasPrefix("u-") }.sorted()
        XCTAssertEqual(users.count, 8)
        for user in users {
            let dir = BatchSupport.users + "/" + user
            let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
            let exports = names.filter { !$0.hasPrefix("days.") }.map { dir + "/" + $0 }
            let days = names.contains("days.json") ? ["--days", dir + "/days.json"] : []
            let tier = premium.contains(user) ? "premium" : "free"
            let insights = try ReportBinary.run(["headache", "insights"] + exports + days +
                                                ["--as-of", BatchSupport.asOf, "--tier", tier, "--json"])
            if user == "u-cam" {
                XCTAssertEqual(insights.status, 1)
                let located = insights.stderr.split(separator: "\n").filter { !$0.hasPrefix("report:") }.map { $0 + "\n" }.joined()
                XCTAssertEqual(try String(contentsOfFile: out + "/u-cam/errors.txt", encoding: .utf8), located)
                XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out + "/u-cam"), ["errors.txt"])
                continue
            }
            XCTAssertEqual(insights.status, 0, insights.stderr)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: "\(out)/\(user)/insights.json")), insights.stdout, user)
            let summary = try ReportBinary.run(["headache", "summary"] + exports + ["--as-of", BatchSupport.asOf, "-o", "\(single)/\(user).pdf"])
            XCTAssertEqual(summary.status, 0, summary.stderr)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: "\(out)/\(user)/summary.pdf")),
                           try Data(contentsOf: URL(fileURLWithPath: "\(single)/\(user).pdf")), user)
            let clinicalPath = "\(out)/\(user)/clinical.pdf"
            if tier == "premium" {
                let clinical = try ReportBinary.run(["headache", "clinical"] + exports + days +
                                                    ["--as-of", BatchSupport.asOf, "--tier", "premium", "-o", "\(single)/\(user)-c.pdf"])
                XCTAssertEqual(clinical.status, 0, clinical.stderr)
                XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: clinicalPath)),
                               try Data(contentsOf: URL(fileURLWithPath: "\(single)/\(user)-c.pdf")), user)
            } else {
                XCTAssertFalse(FileManager.default.fileExists(atPath: clinicalPath), "a free user gets no clinical report")
            }
            let mode = try FileManager.default.attributesOfItem(atPath: "\(out)/\(user)/summary.pdf")[.posixPermissions] as? Int
            XCTAssertEqual(mode, 0o600)
        }
    }

    func testManifestRunFileAndSummaryLine() throws {
        let out = try TestPaths.temporaryDirectory("batch").path
        let r = try ReportBinary.run(BatchSupport.batchArguments(out: out, ["--jobs", "2"]))
        XCTAssertEqual(r.status, 5, "finished, u-cam invalid: " + r.stderr)
        XCTAssertEqual(r.stderr, r.stderr.split(separator: "\n").first.map { $0 + "\n" }, "without a terminal: one summary line")
        XCTAssertTrue(r.stderr.hasPrefix("report: warning: batch: 8 users: 7 ok, 1 invalid, 0 failed in "), r.stderr)
        XCTAssertTrue(r.stderr.hasSuffix("users/s); invalid: u-cam (see \(out)/u-cam/errors.txt)\n"), r.stderr)
        let lines = try BatchSupport.manifest(out + "/manifest.jsonl")
        XCTAssertEqual(lines.map { $0["userId"] as? String }.compactMap { $0 }.sorted(),
                       ["u-alex", "u-bo", "u-cam", "u-dee", "u-eli", "u-fay", "u-gus", "u-hal"])
        for line in lines {
            let user = try XCTUnwrap(line["userId"] as? String)
            XCTAssertEqual(line["status"] as? String, user == "u-cam" ? "invalid" : "ok")
            XCTAssertEqual(line["errors"] as? Int, user == "u-cam" ? 6 : 0)
            for output in try XCTUnwrap(line["outputs"] as? [[String: Any]]) {
                let data = try Data(contentsOf: URL(fileURLWithPath: "\(out)/\(user)/\(try XCTUnwrap(output["file"] as? String))"))
                XCTAssertEqual(output["bytes"] as? Int, data.count)
            }
            let inputs = try XCTUnwrap(line["inputs"] as? [[String: Any]])
            XCTAssertEqual(inputs.first?["file"] as? String, user == "u-bo" ? "logs.csv" : user == "u-fay" ? "logs-2026a.json" : "logs.json")
        }
        let run = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/run.json"))) as? [String: Any])
        XCTAssertEqual(run["asOf"] as? String, BatchSupport.asOf)
        XCTAssertEqual((run["counts"] as? [String: Int])?["invalid"], 1)
        XCTAssertEqual((run["counts"] as? [String: Int])?["users"], 8)
    }

    func testAllValidUsersExitZeroAndQuietPrintsOnlyTheSummary() throws {
        let users = try TestPaths.temporaryDirectory("batch-users").path
        try FileManager.default.copyItem(atPath: BatchSupport.users + "/u-bo", toPath: users + "/u-bo")
        let out = try TestPaths.temporaryDirectory("batch").path
        let r = try ReportBinary.run(BatchSupport.batchArguments(users, out: out, ["--quiet", "--reports", "insights"]))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("report: info: batch: 1 user: 1 ok, 0 invalid, 0 failed in "), r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out + "/u-bo"), ["insights.json"])
    }

    func testJSONLogLinesCarryIdsStatusesAndTimesOnly() throws {
        let out = try TestPaths.temporaryDirectory("batch").path
        let r = try ReportBinary.run(BatchSupport.batchArguments(out: out, ["--log-format", "json"]))
        XCTAssertEqual(r.status, 5)
        let lines = r.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 9, r.stderr)
        let rfc3339 = #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$"#
        for line in lines.dropLast() {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            XCTAssertEqual(Set(object.keys), ["ts", "level", "userId", "status", "ms"])
            XCTAssertNotNil((object["ts"] as? String)?.range(of: rfc3339, options: .regularExpression), String(line))
            let invalid = object["userId"] as? String == "u-cam"
            XCTAssertEqual(object["status"] as? String, invalid ? "invalid" : "ok")
            XCTAssertEqual(object["level"] as? String, invalid ? "warning" : "info", "an invalid user is a warning")
        }
        XCTAssertFalse(r.stderr.contains("2026-02-30"), "no value of the input in a log line")
        let last = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[8].utf8)) as? [String: Any])
        XCTAssertEqual(last["level"] as? String, "warning")
        XCTAssertNotNil((last["ts"] as? String)?.range(of: rfc3339, options: .regularExpression))
        XCTAssertEqual(last["users"] as? Int, 8)
        XCTAssertEqual(last["invalid"] as? Int, 1)
        XCTAssertEqual(last["unchanged"] as? Int, 0)
        XCTAssertTrue((last["message"] as? String)?.contains("invalid: u-cam") == true)
    }

    func testUnwritableOutputIsStatus4BeforeAnyWork() throws {
        let dir = try TestPaths.temporaryDirectory("batch").path
        FileManager.default.createFile(atPath: dir + "/file", contents: Data())
        let r = try ReportBinary.run(BatchSupport.batchArguments(out: dir + "/file/out"))
        XCTAssertEqual(r.status, 4, r.stderr)
        XCTAssertTrue(r.stderr.contains("cannot create the output folder"), r.stderr)
    }

    func testUsageErrors() throws {
        let out = try TestPaths.temporaryDirectory("batch").path
        for extra in [["--shard", "auto/3"], ["--shard", "3/3"], ["--shard", "x"], ["--reports", "summary,bogus"],
                      ["--reports", "summary,summary"], ["--jobs", "0"]] {
            let r = try ReportBinary.run(BatchSupport.batchArguments(out: out, extra))
            XCTAssertEqual(r.status, 2, "\(extra): \(r.stderr)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out), [], "usage errors write nothing")
        for inside in [BatchSupport.users, BatchSupport.users + "/u-bo", BatchSupport.users + "/new-out"] {
            let r = try ReportBinary.run(BatchSupport.batchArguments(out: inside))
            XCTAssertEqual(r.status, 2, "-o \(inside): \(r.stderr)")
        }
    }

    func testInvalidTiersFileIsALocatedError() throws {
        let dir = try TestPaths.temporaryDirectory("batch").path
        try "user_id,tier\nu-alex,gold\n".write(toFile: dir + "/tiers.csv", atomically: true, encoding: .utf8)
        let r = try ReportBinary.run(["headache", "batch", BatchSupport.users, "-o", dir + "/out", "--tiers", dir + "/tiers.csv"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix(dir + "/tiers.csv:2:2: error: tier must be one of free, premium"), r.stderr)
    }

    func testUnreadableUsersFolderIsStatus1() throws {
        let out = try TestPaths.temporaryDirectory("batch").path
        let r = try ReportBinary.run(BatchSupport.batchArguments(out + "/missing", out: out + "/out"))
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("cannot read the users folder"), r.stderr)
    }
}

/// The batch as an operator meets it: the summary line after a resume, the users it names, the
/// exit status of a failed user, and the progress bar on a terminal.
final class BatchPresentationTests: XCTestCase {
    func testResumeCountsEachUserOnceAndGivesNoRateWhenNothingRan() throws {
        let out = try TestPaths.temporaryDirectory("batch").path
        XCTAssertEqual(try ReportBinary.run(BatchSupport.batchArguments(out: out, ["--reports", "insights"])).status, 5)
        let again = try ReportBinary.run(BatchSupport.batchArguments(out: out, ["--reports", "insights", "--resume"]))
        XCTAssertEqual(again.status, 5, "u-cam is still invalid: " + again.stderr)
        XCTAssertEqual(again.stderr, "report: warning: batch: 8 users: 7 ok, 1 invalid, 0 failed, all skipped as unchanged; "
                       + "invalid: u-cam (see \(out)/u-cam/errors.txt)\n")
        let run = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/run.json"))) as? [String: Any])
        XCTAssertEqual(run["counts"] as? [String: Int], ["users": 8, "ok": 7, "invalid": 1, "failed": 0, "unchanged": 8])
    }

    func testTheSummaryNamesUpToFiveUsersThatAreNotOK() throws {
        let users = try BatchSupport.largeTree(copies: 7)
        let out = try TestPaths.temporaryDirectory("batch").path
        let r = try ReportBinary.run(BatchSupport.batchArguments(users, out: out, ["--reports", "insights"]))
        XCTAssertEqual(r.status, 5, r.stderr)
        XCTAssertTrue(r.stderr.hasSuffix("; invalid: u-cam-0, u-cam-1, u-cam-2, u-cam-3, u-cam-4, and 2 more (see \(out)/<user>/errors.txt)\n"),
                      r.stderr)
    }

    /// A user whose output cannot be written is `failed`: status 4 (a rerun with --resume makes
    /// it), an error-level summary naming it; the invalid user is named too.
    func testAFailedUserIsStatus4AndNamed() throws {
        let out = try TestPaths.temporaryDirectory("batch").path
        FileManager.default.createFile(atPath: out + "/u-bo", contents: Data("not a folder".utf8))
        let r = try ReportBinary.run(BatchSupport.batchArguments(out: out, ["--reports", "insights"]))
        XCTAssertEqual(r.status, 4, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("report: error: batch: 8 users: 6 ok, 1 invalid, 1 failed in "), r.stderr)
        XCTAssertTrue(r.stderr.hasSuffix("; invalid: u-cam; failed: u-bo (see \(out)/<user>/errors.txt)\n"), r.stderr)
    }

    /// On a terminal (a pseudo-terminal from script(1)) the bar is redrawn in place: every draw
    /// starts at the line's start and erases what is left of the old one, in the vocabulary of
    /// the summary; the summary line follows on a line of its own.
    func testTheProgressBarClearsTheLineBeforeEachRedraw() throws {
        let script = try ReportBinary.require("script")
        let users = try BatchSupport.largeTree(copies: 3)
        let out = try TestPaths.temporaryDirectory("batch").path
        let command = ([ReportBinary.url.path] + BatchSupport.batchArguments(users, out: out, ["--reports", "insights", "--jobs", "1"]))
            .map { "'\($0)'" }.joined(separator: " ")
        let r = try ReportBinary.runTool(script, ["-qec", command + " 2>&1", "/dev/null"], environment: ["COLUMNS": "80", "TERM": "xterm"])
        XCTAssertEqual(r.status, 5, r.stdoutText)
        let screen = r.stdoutText.replacingOccurrences(of: "\r\n", with: "\n")
        let draws = screen.components(separatedBy: "\r").dropFirst()
        XCTAssertGreaterThan(draws.count, 0, screen)
        for draw in draws {
            XCTAssertTrue(draw.hasPrefix("["), "a draw starts with the bar: \(draw)")
            XCTAssertTrue(draw.contains("\u{1B}[K"), "the rest of the old line is erased: \(draw)")
            let line = draw.components(separatedBy: "\u{1B}[K")[0]
            XCTAssertLessThan(line.count, 80, line)
            XCTAssertNotNil(line.range(of: #"^\[[#.]+\] \d+/24  \d+ ok  \d+ invalid  \d+ failed  [0-9.]+ users/s  (\d+:\d\d|--:--) left$"#,
                                       options: .regularExpression), line)
        }
        XCTAssertTrue(screen.contains("24/24  21 ok  3 invalid  0 failed"), screen)
        XCTAssertTrue(screen.contains("\nreport: warning: batch: 24 users: 21 ok, 3 invalid, 0 failed in "), screen)
    }
}
