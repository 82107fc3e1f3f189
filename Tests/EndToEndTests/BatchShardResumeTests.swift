import Foundation
import TestSupport
import XCTest

/// The batch split in shard processes and merged, and killed with SIGKILL then resumed: both end
/// with the same files as one whole run.
final class BatchShardResumeTests: XCTestCase {
    func testThreeShardProcessesMakeTheUnshardedRun() throws {
        let whole = try TestPaths.temporaryDirectory("batch-whole").path
        XCTAssertEqual(try ReportBinary.run(BatchSupport.batchArguments(out: whole)).status, 5)
        let shared = try TestPaths.temporaryDirectory("batch-shards").path
        let processes = try (0..<3).map { i -> Process in
            let p = ReportBinary.process(BatchSupport.batchArguments(out: shared, ["--shard", "auto/3", "--jobs", "1"]),
                                         environment: ["JOB_COMPLETION_INDEX": "\(i)"])
            p.standardError = FileHandle.nullDevice
            try p.run()
            return p
        }
        for p in processes { p.waitUntilExit() }
        XCTAssertEqual(try BatchSupport.userFiles(shared), try BatchSupport.userFiles(whole))
        for i in 0..<3 {
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(shared)/manifest.shard-\(i)-of-3.jsonl"))
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(shared)/run.shard-\(i)-of-3.json"))
        }
        let merge = try ReportBinary.run(["headache", "batch-merge", shared])
        XCTAssertEqual(merge.status, 5, "u-cam is invalid: " + merge.stderr)
        XCTAssertEqual(merge.stderr, "report: warning: batch-merge: 8 users: 7 ok, 1 invalid, 0 failed; invalid: u-cam (see \(shared)/u-cam/errors.txt)\n")
        let merged = try BatchSupport.manifest(shared + "/manifest.jsonl")
        let unsharded = try BatchSupport.manifest(whole + "/manifest.jsonl")
        XCTAssertEqual(merged.compactMap { $0["userId"] as? String },
                       unsharded.compactMap { $0["userId"] as? String }.sorted())
        func withoutTimes(_ lines: [[String: Any]]) -> [String: NSDictionary] {
            Dictionary(uniqueKeysWithValues: lines.map { line in
                var l = line; l["ms"] = nil; l["run"] = nil
                return (line["userId"] as? String ?? "", l as NSDictionary)
            })
        }
        XCTAssertEqual(withoutTimes(merged), withoutTimes(unsharded))
    }

    func testShardsInSeparateFoldersMergeAndMissingShardsAreRefused() throws {
        let dirs = try (0..<2).map { _ in try TestPaths.temporaryDirectory("batch-shard").path }
        for (i, dir) in dirs.enumerated() {
            _ = try ReportBinary.run(BatchSupport.batchArguments(out: dir, ["--shard", "\(i)/2", "--reports", "insights"]))
        }
        let merged = try TestPaths.temporaryDirectory("batch-merged").path
        let missing = try ReportBinary.run(["headache", "batch-merge", dirs[0], "-o", merged])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("shard 1/2 is missing"), missing.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: merged), [])
        let ok = try ReportBinary.run(["headache", "batch-merge"] + dirs + ["-o", merged])
        XCTAssertEqual(ok.status, 5, ok.stderr)
        XCTAssertEqual(try BatchSupport.manifest(merged + "/manifest.jsonl").count, 8)
        let twice = try ReportBinary.run(["headache", "batch-merge", dirs[0], dirs[0], dirs[1]])
        XCTAssertTrue(twice.stderr.contains("is in both"), twice.stderr)
    }

    func testKilledRunResumesToTheWholeRun() throws {
        let users = try BatchSupport.largeTree(copies: 4)
        let reference = try TestPaths.temporaryDirectory("batch-ref").path
        XCTAssertEqual(try ReportBinary.run(BatchSupport.batchArguments(users, out: reference)).status, 5)
        let out = try TestPaths.temporaryDirectory("batch-killed").path
        let p = ReportBinary.process(BatchSupport.batchArguments(users, out: out, ["--jobs", "2"]))
        p.standardError = FileHandle.nullDevice
        try p.run()
        // Killed once a random number of users (1 to 24 of 32) are in the manifest, plus a random
        // moment: in the middle of some user's files, whatever the speed of the build.
        let target = Int.random(in: 1...24)
        let manifest = out + "/manifest.jsonl"
        while p.isRunning {
            let lines = (try? String(contentsOfFile: manifest, encoding: .utf8))?.split(separator: "\n").count ?? 0
            if lines >= target { break }
            usleep(2_000)
        }
        usleep(UInt32.random(in: 0...30_000))
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationReason, .uncaughtSignal, "the run ended before it was killed: make the tree larger")
        let resumed = try ReportBinary.run(BatchSupport.batchArguments(users, out: out, ["--resume"]))
        XCTAssertEqual(resumed.status, 5, resumed.stderr)
        XCTAssertEqual(try BatchSupport.userFiles(out), try BatchSupport.userFiles(reference))
        let lines = try BatchSupport.manifest(out + "/manifest.jsonl")
        XCTAssertEqual(lines.count, 32)
        XCTAssertEqual(Set(lines.compactMap { $0["userId"] as? String }).count, 32, "exactly one line per user")
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: out).filter { $0.contains(".report-tmp-") }
        XCTAssertEqual(leftovers, [])

        // A second resume keeps every user; a changed input or a damaged output is made again.
        try Data("%PDF-damaged".utf8).write(to: URL(fileURLWithPath: out + "/u-bo-1/summary.pdf"))
        try FileManager.default.removeItem(atPath: users + "/u-cam-2")
        try FileManager.default.copyItem(atPath: users + "/u-alex-0", toPath: users + "/u-cam-2")
        let again = try ReportBinary.run(BatchSupport.batchArguments(users, out: out, ["--resume"]))
        XCTAssertTrue(again.stderr.contains("32 users: 29 ok, 3 invalid, 0 failed, 30 skipped as unchanged; 2 made in "), again.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out + "/u-bo-1/summary.pdf")),
                       try Data(contentsOf: URL(fileURLWithPath: reference + "/u-bo-1/summary.pdf")))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out + "/u-cam-2").sorted(),
                       ["insights.json", "summary.pdf"], "the old errors.txt is gone (u-cam-2 is free: no clinical report)")
        XCTAssertEqual(try BatchSupport.manifest(out + "/manifest.jsonl").count, 32)
    }
}
