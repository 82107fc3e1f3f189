import Foundation
import TestSupport
import XCTest

/// The batch side of the second adversarial review (issue 21), run against the built binary with
/// `HardeningTests`' deadline on every run (a hang fails the test instead of blocking CI): a
/// killed rerun of one shard then the merge; folders and exports whose names are not UTF-8; an
/// emptied outputs list and `--resume`; `-o` inside the users folder; FIFOs where the batch keeps
/// its manifest and run files, with and without a writer, and among a user's exports.
extension HardeningTests {
    /// A copy of the sample users (and their tiers file) in the test's folder.
    func batchUsers() throws -> String {
        let users = path("users")
        try FileManager.default.copyItem(atPath: BatchSupport.users, toPath: users)
        return users
    }

    func makeRaw(_ bytes: [UInt8], in folder: String, isFolder: Bool) {
        XCTAssertTrue(RawNames.make(bytes, in: folder, isFolder: isFolder), "\(bytes) in \(folder)")
    }

    func batch(_ users: String, _ out: String, _ extra: [String] = [], seconds: Double = 120) throws -> Ran {
        try run(["headache", "batch", users, "-o", out, "--tiers", users + "/tiers.csv", "--as-of", BatchSupport.asOf] + extra,
                seconds: seconds)
    }

    // MARK: a killed rerun of one shard (item 2)

    /// The review's example: both shards finished; shard 1 ran again and was killed part-way. The
    /// merge refuses, naming the shard — the rerun removed the old run file before it started, and
    /// a run file put back (as an older version left it) names another run than the manifest's
    /// lines. Resumed, the shard finishes and the merge takes the whole night.
    func testAKilledRerunOfOneShardIsRefusedByTheMerge() throws {
        let users = try BatchSupport.largeTree(copies: 3)
        try FileManager.default.copyItem(atPath: BatchSupport.tiers, toPath: users + "/tiers.csv")
        let out = path("out")
        for i in 0..<2 { XCTAssertEqual(try batch(users, out, ["--shard", "\(i)/2"]).status, 5) }
        let runFile = out + "/run.shard-1-of-2.json"
        let finished = try Data(contentsOf: URL(fileURLWithPath: runFile))
        XCTAssertEqual(try run(["headache", "batch-merge", out]).status, 5)

        let rerun = ReportBinary.process(["headache", "batch", users, "-o", out, "--tiers", users + "/tiers.csv",
                                          "--as-of", BatchSupport.asOf, "--shard", "1/2", "--jobs", "1"])
        rerun.standardError = FileHandle.nullDevice
        try rerun.run()
        let manifest = out + "/manifest.shard-1-of-2.jsonl"
        let deadline = Date().addingTimeInterval(60)
        let finishedRun = try XCTUnwrap((try JSONSerialization.jsonObject(with: finished) as? [String: Any])?["run"] as? String)
        // Killed once it has made two users (in a manifest it rewrote with none of the finished run's lines).
        while rerun.isRunning && Date() < deadline {
            if let text = try? String(contentsOfFile: manifest, encoding: .utf8), !text.contains(finishedRun),
               text.split(separator: "\n").count >= 2 { break }
            usleep(2_000)
        }
        kill(rerun.processIdentifier, SIGKILL)
        rerun.waitUntilExit()
        XCTAssertEqual(rerun.terminationReason, .uncaughtSignal, "the rerun ended before it was killed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: runFile), "the rerun removed the old run file first")

        let missing = try run(["headache", "batch-merge", out])
        XCTAssertEqual(missing.status, 1, missing.stderr)
        XCTAssertTrue(missing.stderr.hasPrefix("report: error: batch-merge: shard 1/2 did not finish: \(runFile) is missing"), missing.stderr)
        try finished.write(to: URL(fileURLWithPath: runFile))
        let stale = try run(["headache", "batch-merge", out])
        XCTAssertEqual(stale.status, 1, stale.stderr)
        XCTAssertTrue(stale.stderr.hasPrefix("report: error: batch-merge: shard 1/2 did not finish its last run: \(manifest):1:1 is of run "), stale.stderr)
        XCTAssertTrue(stale.stderr.hasSuffix("then merge again; nothing was written\n"), stale.stderr)

        XCTAssertEqual(try batch(users, out, ["--shard", "1/2", "--resume"]).status, 5)
        let merged = try run(["headache", "batch-merge", out])
        XCTAssertEqual(merged.status, 5, merged.stderr)
        XCTAssertTrue(merged.stderr.hasPrefix("report: warning: batch-merge: 24 users: 21 ok, 3 invalid, 0 failed"), merged.stderr)
        XCTAssertEqual(try BatchSupport.manifest(out + "/manifest.jsonl").count, 24)
    }

    // MARK: names that are not UTF-8 (item 2)

    /// A user folder whose name is not UTF-8 is counted as an invalid user with a manifest line
    /// showing its name, in exactly one shard; an export with such a name makes its user invalid
    /// (never left out with the user marked ok); the summary line says both.
    func testNamesThatAreNotUTF8AreCountedAndReported() throws {
        let users = try batchUsers()
        let bad: [UInt8] = Array("caf".utf8) + [0xE9]
        makeRaw(bad, in: users, isFolder: true)
        makeRaw(Array("logs-".utf8) + [0xFF] + Array(".json".utf8), in: users + "/u-alex", isFolder: false)
        let out = path("out")
        let r = try batch(users, out, ["--reports", "insights"])
        XCTAssertEqual(r.status, 5, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("report: warning: batch: 9 users: 6 ok, 3 invalid, 0 failed in "), r.stderr)
        XCTAssertTrue(r.stderr.hasSuffix(#"; invalid: u-alex, u-cam (see \#(out)/<user>/errors.txt); folder names not valid UTF-8, so no user id (rename them): caf\xE9"# + "\n"), r.stderr)
        let lines = try BatchSupport.manifest(out + "/manifest.jsonl")
        let named = try XCTUnwrap(lines.first { $0["nameBytes"] != nil })
        XCTAssertEqual(named["userId"] as? String, #"caf\xE9"#)
        XCTAssertEqual(named["nameBytes"] as? String, "636166e9")
        XCTAssertEqual(named["status"] as? String, "invalid")
        XCTAssertEqual(named["errors"] as? Int, 1)
        XCTAssertEqual(lines.first { $0["userId"] as? String == "u-alex" }?["status"] as? String, "invalid")
        XCTAssertEqual(try String(contentsOfFile: out + "/u-alex/errors.txt", encoding: .utf8),
                       #"\#(users)/u-alex/logs-\xFF.json: error: the file name is not valid UTF-8, so the file is not read: rename it"# + "\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out + "/u-alex"), ["errors.txt"], "no report of part of the data")

        // Sharded, the folder is in one shard only, and the merge takes it.
        let shards = path("shards")
        for i in 0..<3 { _ = try batch(users, shards, ["--reports", "insights", "--shard", "\(i)/3"]) }
        let counted = try (0..<3).map { i in
            try BatchSupport.manifest(shards + "/manifest.shard-\(i)-of-3.jsonl").filter { $0["nameBytes"] != nil }.count
        }
        XCTAssertEqual(counted.reduce(0, +), 1, "\(counted)")
        let merged = try run(["headache", "batch-merge", shards])
        XCTAssertEqual(merged.status, 5, merged.stderr)
        XCTAssertTrue(merged.stderr.hasPrefix("report: warning: batch-merge: 9 users: 6 ok, 3 invalid, 0 failed"), merged.stderr)
    }

    /// A user id is a folder name, and a folder name may hold control characters: the summary
    /// line (cron mail, a terminal) shows ids through the one rule for values in text output.
    func testIdsInTheSummaryLineAreEscaped() throws {
        let users = try batchUsers()
        let hostile = "u-\u{1B}]0;owned\u{07}\nreport: info: all fine"
        try FileManager.default.copyItem(atPath: users + "/u-cam", toPath: users + "/" + hostile)
        try FileManager.default.removeItem(atPath: users + "/u-cam")
        let r = try batch(users, path("out"), ["--reports", "insights"])
        XCTAssertEqual(r.status, 5, r.stderr)
        XCTAssertTrue(r.stderr.hasSuffix(#"; invalid: u-\u{1B}]0;owned\u{7}\nreport: info: all fine (see \#(path("out"))/u-\u{1B}]0;owned\u{7}\u{A}report: info: all fine/errors.txt)"# + "\n"), r.stderr)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, "one line")
    }

    // MARK: an emptied outputs list and --resume (item 2)

    func testAnEmptiedOutputsListIsMadeAgainByResume() throws {
        let users = try batchUsers()
        let out = path("out")
        XCTAssertEqual(try batch(users, out, ["--reports", "insights,summary"]).status, 5)
        let pdf = out + "/u-bo/summary.pdf"
        let made = try Data(contentsOf: URL(fileURLWithPath: pdf))
        let manifest = out + "/manifest.jsonl"
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        let emptied = text.split(separator: "\n").map { line -> String in
            guard line.contains(#""userId":"u-bo""#) else { return String(line) }
            return line.replacingOccurrences(of: #""outputs":\[[^\]]*\]"#, with: #""outputs":[]"#, options: .regularExpression)
        }.joined(separator: "\n") + "\n"
        XCTAssertNotEqual(emptied, text)
        try emptied.write(toFile: manifest, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: pdf)
        let resumed = try batch(users, out, ["--reports", "insights,summary", "--resume"])
        XCTAssertEqual(resumed.status, 5, resumed.stderr)
        XCTAssertTrue(resumed.stderr.contains("8 users: 7 ok, 1 invalid, 0 failed, 7 skipped as unchanged; 1 made in "), resumed.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: pdf)), made, "the deleted PDF is made again, byte-identical")
        let line = try XCTUnwrap(try BatchSupport.manifest(manifest).first { $0["userId"] as? String == "u-bo" })
        XCTAssertEqual((line["outputs"] as? [[String: Any]])?.compactMap { $0["file"] as? String }, ["insights.json", "summary.pdf"])
    }

    // MARK: -o inside the users folder (item 2)

    func testAnOutputFolderAnywhereInsideTheUsersFolderIsAUsageError() throws {
        let users = try batchUsers()
        try FileManager.default.createSymbolicLink(atPath: path("link"), withDestinationPath: users + "/u-bo")
        for out in [users + "/new/out", users + "/new/deeper/out", users + "/u-bo/out", path("link") + "/out", users + "/./x/../y"] {
            let r = try batch(users, out)
            XCTAssertEqual(r.status, 2, "-o \(out): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("report: error: -o names the users folder or a folder inside it"), r.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: users + "/new"), "no folder made that would be a user")
        XCTAssertEqual(try batch(users, users + "/../out", ["--reports", "insights"]).status, 5, "beside the users folder is fine")
    }

    /// An output folder of one letter, relative to where the batch runs (`-o x`, `-o -`): the
    /// check above walked up its path with Foundation's `deletingLastPathComponent`, which on
    /// Linux stopped the process (status 132, no message) on a one-letter name.
    func testAOneLetterRelativeOutputFolderRuns() throws {
        let users = try batchUsers()
        for name in ["x", "-"] {
            let r = try ReportBinary.run(["headache", "batch", users, "-o", name, "--tiers", users + "/tiers.csv",
                                            "--as-of", BatchSupport.asOf, "--reports", "insights"], in: dir)
            XCTAssertEqual(r.status, 5, "-o \(name): \(r.stderr)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: path(name) + "/manifest.jsonl"), "-o \(name)")
        }
    }

    /// The other way round: the users folder inside the output folder (directly, deeper, or
    /// through a symbolic link) is refused before anything is made — a user named like the
    /// folder on the way would have its reports written among the users' folders.
    func testAUsersFolderInsideTheOutputFolderIsAUsageError() throws {
        let users = try batchUsers()
        let out = (users as NSString).deletingLastPathComponent
        try FileManager.default.createSymbolicLink(atPath: path("out-link"), withDestinationPath: out)
        for o in [out, path("out-link"), out + "/."] {
            let r = try batch(users, o)
            XCTAssertEqual(r.status, 2, "-o \(o): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("report: error: the users folder is inside the -o folder"), r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out + "/manifest.jsonl"), "nothing made")
        }
    }

    // MARK: two runs of one shard at once

    /// A second run of a shard while the first holds its lock (a cron job started again, a
    /// scheduler's retry beside a slow first try) is refused at once with status 4, leaving the
    /// first run's files alone; another shard in the same folder runs beside it; once the holder
    /// is gone the shard runs (the lock ends with its process, a killed run never leaves it held).
    func testASecondRunOfTheSameShardIsRefusedWhileTheFirstRuns() throws {
        let users = try batchUsers()
        let out = path("out")
        XCTAssertEqual(try batch(users, out, ["--reports", "insights", "--shard", "0/2"]).status, 5)
        let lockFile = out + "/.report-lock.manifest.shard-0-of-2.jsonl"
        XCTAssertTrue(FileManager.default.fileExists(atPath: lockFile))
        let before = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        let runFile = try Data(contentsOf: URL(fileURLWithPath: out + "/run.shard-0-of-2.json"))
        // The test holds the lock, as a first run still going would.
        let fd = open(lockFile, O_RDWR)
        XCTAssertGreaterThanOrEqual(fd, 0)
        XCTAssertEqual(flock(fd, LOCK_EX | LOCK_NB), 0)
        let started = Date()
        let refused = try batch(users, out, ["--reports", "insights", "--shard", "0/2", "--resume"], seconds: 30)
        XCTAssertEqual(refused.status, 4, refused.stderr)
        XCTAssertEqual(refused.stderr, "report: error: the lock file \(lockFile) cannot be used: another run of this shard is writing "
                       + "manifest.shard-0-of-2.jsonl in this folder; rerun with --resume once it has ended\n")
        XCTAssertLessThan(Date().timeIntervalSince(started), 8, "refused at once, not waited for")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out + "/run.shard-0-of-2.json")), runFile, "the first run's run file stays")
        XCTAssertEqual(try batch(users, out, ["--reports", "insights", "--shard", "1/2"]).status, 0, "another shard runs beside it (its users all valid)")
        close(fd)
        XCTAssertEqual(try batch(users, out, ["--reports", "insights", "--shard", "0/2", "--resume"]).status, 5, "free again")
        XCTAssertEqual(Set(before).subtracting(try FileManager.default.contentsOfDirectory(atPath: out)), [])
    }

    // MARK: FIFOs (item 3)

    /// A FIFO named `OUT_DIR/manifest.jsonl` (the review's hang) or `run.json`, with no writer and
    /// with one holding it open: refused at once, output error 4, never opened for a read or a
    /// write that waits — with and without `--resume`.
    func testAFIFOWhereTheBatchKeepsItsFilesIsRefusedAtOnce() throws {
        let users = try batchUsers()
        for name in ["manifest.jsonl", "run.json"] {
            let out = path("out-" + name)
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let fifo = out + "/" + name
            XCTAssertEqual(mkfifo(fifo, 0o600), 0)
            let what = name == "run.json" ? "run file" : "manifest"
            for writer in [false, true] {
                // A writer holds it open (read-write, so the open does not wait) with a line in it.
                let fd = writer ? open(fifo, O_RDWR) : -1
                if writer {
                    XCTAssertGreaterThanOrEqual(fd, 0)
                    _ = Array(#"{"userId":"u-bo"}"#.utf8 + [10]).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                }
                defer { if fd >= 0 { close(fd) } }
                for extra in [[], ["--resume"]] {
                    let started = Date()
                    let r = try batch(users, out, ["--reports", "insights"] + extra, seconds: 30)
                    XCTAssertEqual(r.status, 4, "\(name) \(extra): \(r.stderr)")
                    XCTAssertEqual(r.stderr, "report: error: the \(what) \(fifo) cannot be used: it is a FIFO, not a regular file\n")
                    XCTAssertLessThan(Date().timeIntervalSince(started), 8, "refused at once, not after the 10 s time-out")
                }
            }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), [".report-lock.manifest.jsonl", name],
                           "nothing else written (the shard's lock file is empty)")
        }
    }

    /// batch-merge given a FIFO as a shard's run file or manifest: a located refusal (1), at once.
    func testAFIFOGivenToTheMergeIsRefusedAtOnce() throws {
        let users = try batchUsers()
        let out = path("out")
        for i in 0..<2 { _ = try batch(users, out, ["--reports", "insights", "--shard", "\(i)/2"]) }
        for name in ["run.shard-1-of-2.json", "manifest.shard-1-of-2.jsonl"] {
            let saved = try Data(contentsOf: URL(fileURLWithPath: out + "/" + name))
            try FileManager.default.removeItem(atPath: out + "/" + name)
            XCTAssertEqual(mkfifo(out + "/" + name, 0o600), 0)
            let r = try run(["headache", "batch-merge", out], seconds: 30)
            XCTAssertEqual(r.status, 1, r.stderr)
            let what = name.hasPrefix("run") ? "run file" : "manifest"
            XCTAssertEqual(r.stderr, "report: error: batch-merge: the \(what) \(out)/\(name) cannot be used: it is a FIFO, not a regular file; nothing was written\n")
            try FileManager.default.removeItem(atPath: out + "/" + name)
            try saved.write(to: URL(fileURLWithPath: out + "/" + name))
        }
        XCTAssertEqual(try run(["headache", "batch-merge", out]).status, 5)
    }

    /// A FIFO among a user's exports (no writer): that user is invalid at once with a located
    /// message — not read, not hashed (either would wait) — and every other user is made.
    func testAFIFOAmongAUsersExportsMakesThatUserInvalidAtOnce() throws {
        let users = try batchUsers()
        XCTAssertEqual(mkfifo(users + "/u-bo/more.json", 0o600), 0)
        let started = Date()
        let out = path("out")
        let r = try batch(users, out, ["--reports", "insights"], seconds: 30)
        XCTAssertEqual(r.status, 5, r.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 8)
        XCTAssertTrue(r.stderr.contains("8 users: 6 ok, 2 invalid"), r.stderr)
        XCTAssertEqual(try String(contentsOfFile: out + "/u-bo/errors.txt", encoding: .utf8),
                       "\(users)/u-bo/more.json: error: it is a FIFO; a user's inputs must be regular files\n")
        let resumed = try batch(users, out, ["--reports", "insights", "--resume"], seconds: 30)
        XCTAssertTrue(resumed.stderr.contains("8 users: 6 ok, 2 invalid, 0 failed, 7 skipped as unchanged; 1 made"), resumed.stderr)
    }
}
