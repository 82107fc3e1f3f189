import Foundation
import TestSupport
import XCTest

/// Hostile surroundings, run against the built binary: standard error closed or full, an output
/// that is an input, symbolic-link, FIFO and device targets, temporaries left by killed runs.
final class SurroundingsTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = try TestPaths.temporaryDirectory("report-surroundings")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    func sample(_ path: String) -> String { TestPaths.samples.appendingPathComponent(path).path }
    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    /// The arguments of a summary of the JSON sample written to `output`.
    func summary(_ output: String, _ extra: [String] = []) -> [String] {
        ["headache", "summary", sample("aurae/logs.json"), "--as-of", "2026-07-31", "-o", output] + extra
    }

    func reference() throws -> Data {
        let out = path("reference.pdf")
        let r = try ReportBinary.run(summary(out))
        XCTAssertEqual(r.status, 0, r.stderr)
        defer { try? FileManager.default.removeItem(atPath: out) }
        return try Data(contentsOf: URL(fileURLWithPath: out))
    }

    func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() }

    // MARK: standard error

    func testClosedOrFullStandardErrorNeverChangesTheExitStatusOfEitherCommand() throws {
        let insights = ["headache", "insights", sample("aurae/logs.json"), "--as-of", "2026-07-31", "--json"]
        let expected = try ReportBinary.run(insights).stdout
        let broken = sample("broken/logs-broken.csv")
        for redirection in ["2>&-", "2>/dev/full"] {
            let ok = try ReportBinary.run(insights, redirecting: redirection)
            XCTAssertEqual(ok.status, 0, redirection)
            XCTAssertEqual(ok.stdout, expected, redirection)
            let cases: [(args: [String], status: Int32)] = [
                (["headache", "insights", broken, "--as-of", "2026-07-31"], 1),
                (["headache", "insights", broken, "--as-of", "2026-07-31", "--log-format", "json"], 1),
                (["headache", "summary", broken, "-o", path("b.pdf"), "--as-of", "2026-07-31"], 1),
                (["headache", "insights", sample("aurae/logs.json"), "--tier", "gold"], 2),
                (["headache", "summary", sample("aurae/logs.json"), "--bogus", "--log-format", "json"], 2),
                (["headache", "summary", sample("aurae/logs.json"), "-o", sample("aurae/logs.json")], 2),
                (["headache", "summary", "--help"], 0),
                (["benchmark", "--sizes", "none"], 2),
            ]
            for (args, status) in cases {
                XCTAssertEqual(try ReportBinary.run(args, redirecting: redirection).status, status, "\(redirection) \(args)")
            }
            let pdf = path("ok.pdf")
            XCTAssertEqual(try ReportBinary.run(summary(pdf), redirecting: redirection).status, 0, redirection)
            XCTAssertTrue(FileManager.default.fileExists(atPath: pdf))
            try FileManager.default.removeItem(atPath: pdf)
        }
        XCTAssertEqual(try names(), [], "no output and no temporary left by the failed runs")
    }

    // MARK: clobbering

    func testAnOutputThatIsAnInputIsAUsageErrorBeforeAnyWork() throws {
        let logs = path("logs.json")
        try FileManager.default.copyItem(atPath: sample("aurae/logs.json"), toPath: logs)
        try FileManager.default.createSymbolicLink(atPath: path("link.pdf"), withDestinationPath: "logs.json")
        let original = try Data(contentsOf: URL(fileURLWithPath: logs))
        let days = path("days.json")
        try FileManager.default.copyItem(atPath: sample("aurae/days.json"), toPath: days)
        let cases: [[String]] = [
            ["headache", "summary", logs, "-o", logs],
            ["headache", "summary", "logs.json", "-o", "./logs.json"],
            ["headache", "summary", logs, "-o", dir.appendingPathComponent("sub/../logs.json").path],
            ["headache", "summary", logs, "-o", path("link.pdf")],
            ["headache", "summary", path("link.pdf"), "-o", logs],
            ["headache", "insights", logs, "-o", logs],
            ["headache", "insights", logs, "--days", days, "-o", "days.json"],
            ["headache", "summary", logs, "-o", logs, "--log-format", "json"],
        ]
        try FileManager.default.createDirectory(atPath: path("sub"), withIntermediateDirectories: false)
        for args in cases {
            let r = try ReportBinary.run(args + ["--as-of", "2026-07-31"], in: dir)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("-o"), "\(args): \(r.stderr)")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: logs)), original, "\(args)")
        }
        let fromStdin = try ReportBinary.run(["headache", "summary", "-", "--format", "json", "-o", logs],
                                             redirecting: "< '\(logs)'", in: dir)
        XCTAssertEqual(fromStdin.status, 2, "standard input is the output file: \(fromStdin.stderr)")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: logs)), original)
        XCTAssertEqual(try names(), ["days.json", "link.pdf", "logs.json", "sub"])
    }

    func testASymlinkTargetKeepsTheLinkAndItsTargetIsReplacedWithMode0600() throws {
        let expected = try reference()
        try FileManager.default.createDirectory(atPath: path("real"), withIntermediateDirectories: false)
        try Data("old".utf8).write(to: URL(fileURLWithPath: path("real/target.pdf")))
        chmod(path("real/target.pdf"), 0o644)
        try FileManager.default.createSymbolicLink(atPath: path("first.pdf"), withDestinationPath: "real/target.pdf")
        try FileManager.default.createSymbolicLink(atPath: path("second.pdf"), withDestinationPath: path("first.pdf"))
        for link in ["first.pdf", "second.pdf"] {
            let r = try ReportBinary.run(summary(path(link)))
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertNotNil(try? FileManager.default.destinationOfSymbolicLink(atPath: path(link)), "\(link) is still a link")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("real/target.pdf"))), expected)
            let mode = try FileManager.default.attributesOfItem(atPath: path("real/target.pdf"))[.posixPermissions] as? Int
            XCTAssertEqual(mode, 0o600)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("real")), ["target.pdf"])
        let dangling = path("dangling.pdf")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "made.pdf")
        XCTAssertEqual(try ReportBinary.run(summary(dangling)).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("made.pdf"))), expected, "a dangling link's target is created")
        try FileManager.default.createSymbolicLink(atPath: path("loop1"), withDestinationPath: "loop2")
        try FileManager.default.createSymbolicLink(atPath: path("loop2"), withDestinationPath: "loop1")
        XCTAssertEqual(try ReportBinary.run(summary(path("loop1"))).status, 4)
    }

    func testAFIFOTargetIsWrittenDirectly() throws {
        let expected = try reference()
        let fifo = path("pipe.pdf")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let received = path("received.pdf")
        XCTAssertTrue(FileManager.default.createFile(atPath: received, contents: nil))
        let cat = ReportBinary.process([fifo], executable: URL(fileURLWithPath: "/bin/cat"))
        cat.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: received))
        try cat.run()
        let r = try ReportBinary.run(summary(fifo))
        cat.waitUntilExit()
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: received)), expected)
        var st = stat()
        XCTAssertEqual(lstat(fifo, &st), 0)
        XCTAssertEqual(st.st_mode & S_IFMT, S_IFIFO, "the FIFO is still a FIFO")
        XCTAssertEqual(try names(), ["pipe.pdf", "received.pdf"])
    }

    func testCharacterDevicesAreWrittenDirectly() throws {
        let expected = try reference()
        let devNull = try ReportBinary.run(summary("/dev/null"))
        XCTAssertEqual(devNull.status, 0, devNull.stderr)
        var st = stat()
        XCTAssertEqual(stat("/dev/null", &st), 0)
        XCTAssertEqual(st.st_mode & S_IFMT, S_IFCHR)
        let viaStdout = try ReportBinary.run(summary("/dev/stdout"))
        XCTAssertEqual(viaStdout.status, 0, viaStdout.stderr)
        XCTAssertEqual(viaStdout.stdout, expected)
        let viaFD = try ReportBinary.run(summary("/dev/fd/1"))
        XCTAssertEqual(viaFD.status, 0, viaFD.stderr)
        XCTAssertEqual(viaFD.stdout, expected)
        let insights = try ReportBinary.run(["headache", "insights", sample("aurae/logs.json"), "--as-of", "2026-07-31", "-o", "/dev/stdout"])
        XCTAssertEqual(insights.status, 0, insights.stderr)
        XCTAssertFalse(insights.stdout.isEmpty)
        XCTAssertEqual(try ReportBinary.run(summary(dir.path)).status, 4, "a folder is not a target")
    }

    // MARK: temporaries of killed runs

    /// A process id that no longer exists: a child that has exited and been reaped.
    func deadPid() throws -> Int32 {
        let child = ReportBinary.process([], executable: URL(fileURLWithPath: "/bin/true"))
        try child.run()
        child.waitUntilExit()
        return child.processIdentifier
    }

    func testARunRemovesTheTemporariesOfDeadRunsForAnyTargetInItsFolder() throws {
        let dead = try deadPid()
        let live = ProcessInfo.processInfo.processIdentifier
        let stale = [".report-tmp-other.pdf.\(dead).0", ".report-tmp-insights.json.\(dead).3", ".report-tmp-out.pdf.\(dead).0"]
        for name in stale { try Data("half a PDF".utf8).write(to: URL(fileURLWithPath: path(name))) }
        let kept = [".report-tmp-live.pdf.\(live).0", ".report-tmp-notours", "report-tmp-x.pdf.\(dead).0"]
        for name in kept { try Data("keep".utf8).write(to: URL(fileURLWithPath: path(name))) }
        try Data("precious".utf8).write(to: URL(fileURLWithPath: path("precious.txt")))
        let linkName = ".report-tmp-link.pdf.\(dead).0"
        try FileManager.default.createSymbolicLink(atPath: path(linkName), withDestinationPath: path("precious.txt"))

        let r = try ReportBinary.run(summary(path("out.pdf")))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try names(), (kept + [linkName, "out.pdf", "precious.txt"]).sorted())
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("precious.txt"))), Data("precious".utf8))
    }

    /// Writes a summary of a few thousand episodes to `out` (long enough to be caught writing) and
    /// sends `signal` once its temporary exists; false when no try caught it.
    func interruptWhileWriting(_ out: String, with signal: Int32) throws -> Bool {
        let big = path("big.json")
        if !FileManager.default.fileExists(atPath: big) {
            let logs = (0..<4000).map { i in
                "{\"id\": \"e\(i)\", \"onsetAt\": \"2026-0\(1 + i % 6)-1\(i % 10)T10:00:00+01:00\", \"severity\": \(1 + i % 5)}"
            }
            try Data("{\"schemaVersion\": 1, \"logs\": [\(logs.joined(separator: ",\n"))]}".utf8).write(to: URL(fileURLWithPath: big))
        }
        let prefix = ".report-tmp-" + (out as NSString).lastPathComponent + "."
        for _ in 0..<5 {
            let run = ReportBinary.process(["headache", "summary", big, "--as-of", "2099-12-31", "-o", out, "--quiet"])
            run.standardError = FileHandle.nullDevice
            try run.run()
            var caught = false
            let deadline = Date().addingTimeInterval(60)
            while run.isRunning && Date() < deadline && !caught {
                if try names().contains(where: { $0.hasPrefix(prefix) }) {
                    kill(run.processIdentifier, signal)
                    caught = true
                }
                usleep(200)
            }
            run.waitUntilExit()
            if caught {
                XCTAssertEqual(run.terminationReason, .uncaughtSignal)
                XCTAssertEqual(run.terminationStatus, signal)
                return true
            }
        }
        return false
    }

    func testARunKilledMidWriteLeavesATemporaryTheNextRunRemoves() throws {
        try XCTSkipUnless(try interruptWhileWriting(path("out.pdf"), with: SIGKILL), "the run was never caught while writing")
        XCTAssertTrue(try names().contains(where: { $0.hasPrefix(".report-tmp-out.pdf.") }), "SIGKILL leaves the temporary")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out.pdf")))
        let next = try ReportBinary.run(summary(path("other.pdf")))
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertEqual(try names(), ["big.json", "other.pdf"])
    }

    func testATerminatedRunRemovesItsTemporaryAndKeepsTheOldFile() throws {
        for sig in [SIGTERM, SIGINT, SIGHUP] {
            try Data("old".utf8).write(to: URL(fileURLWithPath: path("out.pdf")))
            try XCTSkipUnless(try interruptWhileWriting(path("out.pdf"), with: sig), "the run was never caught while writing")
            XCTAssertEqual(try names(), ["big.json", "out.pdf"], "signal \(sig)")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("out.pdf"))), Data("old".utf8))
        }
    }

    // MARK: ranges

    func testEveryEmptyOrInvertedRangeIsAUsageError() throws {
        let broken = sample("broken/logs-broken.json")
        let out = path("x.pdf")
        let beforeReading: [[String]] = [
            ["--from", "2026-05-01", "--to", "2026-04-01"],
            ["--from", "2026-04-01", "--as-of", "2026-03-31"],
            ["--to", "2026-04-01", "--as-of", "2026-03-31"],
            ["--from", "2026-03-01", "--to", "2026-04-01", "--as-of", "2026-03-31"],
            ["--as-of", "2101-01-01"],
            ["--from", "1899-12-31"],
            ["--to", "0001-01-01"],
        ]
        for command in [["headache", "summary", broken, "-o", out], ["headache", "insights", broken]] {
            for args in beforeReading {
                let r = try ReportBinary.run(command + args)
                XCTAssertEqual(r.status, 2, "\(command[1]) \(args): \(r.stderr)")
                XCTAssertFalse(r.stderr.contains("logs-broken.json:"), "checked before reading: \(r.stderr)")
            }
            // No --to, no --as-of: the range ends today, which only the run knows.
            let future = try ReportBinary.run(command.map { $0 == broken ? sample("aurae/logs.json") : $0 } + ["--from", "2100-12-31"])
            XCTAssertEqual(future.status, 2, future.stderr)
            XCTAssertTrue(future.stderr.contains("--from"), future.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        let sameDay = try ReportBinary.run(summary(out, ["--from", "2026-07-31", "--to", "2026-07-31"]))
        XCTAssertEqual(sameDay.status, 0, "a one-day range is not empty: \(sameDay.stderr)")
        let edges = try ReportBinary.run(["headache", "insights", sample("aurae/logs.json"), "--from", "1900-01-01", "--as-of", "2100-12-31"])
        XCTAssertEqual(edges.status, 0, edges.stderr)
    }

    // MARK: input size

    func testMaxInputBytesStopsAnEndlessInputFast() throws {
        let start = Date()
        let r = try ReportBinary.run(["headache", "insights", "/dev/zero", "--format", "json", "--max-input-bytes", "4096"])
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("/dev/zero"), r.stderr)
        XCTAssertTrue(r.stderr.contains("4096"), r.stderr)
        let stdin = try ReportBinary.run(["headache", "summary", "-", "--format", "json", "-o", path("x.pdf"), "--max-input-bytes", "100"],
                                         stdin: try Data(contentsOf: URL(fileURLWithPath: sample("aurae/logs.json"))))
        XCTAssertEqual(stdin.status, 1, stdin.stderr)
        XCTAssertTrue(stdin.stderr.contains("100 bytes"), stdin.stderr)
        for bad in ["0", "-1", "lots"] {
            XCTAssertEqual(try ReportBinary.run(["headache", "insights", sample("aurae/logs.json"), "--max-input-bytes", bad]).status, 2, bad)
        }
        let fits = try ReportBinary.run(["headache", "insights", sample("aurae/logs.json"), "--as-of", "2026-07-31", "--max-input-bytes", "1000000"])
        XCTAssertEqual(fits.status, 0, fits.stderr)
        XCTAssertEqual(try names(), [])
    }
}
