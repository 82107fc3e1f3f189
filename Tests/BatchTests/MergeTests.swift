import Foundation
import TestSupport
import XCTest
@testable import Batch

/// `batch-merge` takes a shard only when its run file proves that exactly the run of its
/// manifest finished (issue 21): the example of the review — a killed rerun of one shard left the
/// earlier run's run file, and the merge said 105 of 150 users were the whole night — and the
/// class: a missing, stale, foreign or hand-edited run file, a manifest changed or cut after the
/// run, counts that do not add up or are absurd, files that are not regular files.
final class MergeTests: XCTestCase {
    var dir: String!
    var out: String!

    override func setUpWithError() throws {
        dir = try TestPaths.temporaryDirectory("merge").path
        out = try TestPaths.temporaryDirectory("merge-out").path
    }

    /// An ok entry of `userId` (the shard it hashes to is the test's business).
    func entry(_ userId: String, _ status: ManifestEntry.Status = .ok, nameBytes: String? = nil) -> ManifestEntry {
        ManifestEntry(userId: userId, status: status, options: "reports=insights;tier=free", inputs: [.init(file: "logs.json", sha256: "ab")],
                      outputs: [.init(file: status == .ok ? "insights.json" : "errors.txt", bytes: 3, sha256: "cd")], ms: 1,
                      errors: status == .ok ? 0 : 1, nameBytes: nameBytes)
    }

    /// The users `u-0`, `u-1`, … that hash to `shard`, `n` of them.
    func users(of shard: Shard, _ n: Int) -> [String] {
        var ids: [String] = []
        var i = 0
        while ids.count < n {
            if shard.contains("u-\(i)") { ids.append("u-\(i)") }
            i += 1
        }
        return ids
    }

    /// Writes `entries` as shard `shard`'s manifest of one run and, unless `finished` is false,
    /// the run file that run writes at its end. Returns the run's id.
    @discardableResult
    func writeShard(_ shard: Shard, _ entries: [ManifestEntry], finished: Bool = true, counts: BatchCounts? = nil,
                    reportMs: [String: Int] = ["insights": 5]) throws -> String {
        let manifest = try ManifestFile(path: dir + "/" + BatchSettings.manifestName(shard), runId: RunId.make(), kept: entries)
        if finished {
            var c = BatchCounts()
            for e in entries { c.add(e.status, unchanged: false) }
            try RunRecord(run: manifest.runId, manifest: manifest.digest, version: "0.1.0", asOf: "2026-07-31",
                          options: ["reports": "insights"], shard: shard, counts: counts ?? c, wallMs: 10, reportMs: reportMs)
                .write(to: dir + "/" + BatchSettings.runFileName(shard))
        }
        return manifest.runId
    }

    func assertRefused(_ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try BatchMerge.merge([dir], into: out), file: file, line: line) { error in
            XCTAssertTrue(error is BatchMerge.Problem, "\(error)", file: file, line: line)
            XCTAssertTrue("\(error)".contains(expected), "\(error)", file: file, line: line)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out), [], "nothing written", file: file, line: line)
    }

    let s0 = Shard(index: 0, count: 2)!
    let s1 = Shard(index: 1, count: 2)!

    func testFinishedShardsMergeIntoAPairThatProvesItselfTheSameWay() throws {
        try writeShard(s0, users(of: s0, 3).map { entry($0) })
        try writeShard(s1, users(of: s1, 2).map { entry($0) } + [entry(users(of: s1, 3)[2], .invalid)])
        let (counts, problems) = try BatchMerge.merge([dir], into: out)
        XCTAssertEqual([counts.users, counts.ok, counts.invalid, counts.failed], [6, 5, 1, 0])
        XCTAssertEqual(problems.invalid, [users(of: s1, 3)[2]])
        let run = try XCTUnwrap(RunRecord.load(out + "/run.json"))
        let merged = try XCTUnwrap(ManifestFile.read(out + "/manifest.jsonl"))
        XCTAssertEqual(run.manifest, merged.digest)
        XCTAssertEqual(merged.entries.count, 6)
        XCTAssertTrue(merged.entries.allSatisfy { $0.entry.run == run.run }, "every merged line is of the merge's run")
        XCTAssertEqual(merged.entries.map(\.entry.userId), merged.entries.map(\.entry.userId).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }

    /// The review's example: shard 1 finished once; a rerun of it rewrote the manifest and was
    /// killed after part of its users. Whether the old run file stayed (an older version, a copy
    /// put back) or the rerun removed it (as a run now does first), the merge refuses, naming the shard.
    func testAKilledRerunIsNotTakenForTheFinishedRun() throws {
        try writeShard(s0, users(of: s0, 3).map { entry($0) })
        try writeShard(s1, users(of: s1, 4).map { entry($0) })
        let oldRunFile = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + BatchSettings.runFileName(s1)))
        let rerun = try writeShard(s1, users(of: s1, 2).map { entry($0) }, finished: false)
        try oldRunFile.write(to: URL(fileURLWithPath: dir + "/" + BatchSettings.runFileName(s1)))
        assertRefused("shard 1/2 did not finish its last run: \(dir!)/manifest.shard-1-of-2.jsonl:1:1 is of run \(rerun) but \(dir!)/run.shard-1-of-2.json is of run ")
        try FileManager.default.removeItem(atPath: dir + "/" + BatchSettings.runFileName(s1))
        assertRefused("shard 1/2 did not finish: \(dir!)/run.shard-1-of-2.json is missing")
        // A rerun with no users yet has an empty manifest, like a finished shard of none: only the
        // missing run file tells them apart.
        try writeShard(s1, [], finished: false)
        assertRefused("shard 1/2 did not finish: \(dir!)/run.shard-1-of-2.json is missing")
    }

    func testAManifestChangedAfterItsRunFinishedIsRefused() throws {
        try writeShard(s0, users(of: s0, 2).map { entry($0) })
        try writeShard(s1, users(of: s1, 2).map { entry($0) })
        let path = dir + "/" + BatchSettings.manifestName(s1)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // Its outputs list emptied: still a valid line of the same run, but not the manifest the
        // run file recorded.
        let emptied = text.replacingOccurrences(of: #""outputs":[{"file":"insights.json","bytes":3,"sha256":"cd"}]"#, with: #""outputs":[]"#)
        XCTAssertNotEqual(emptied, text)
        try emptied.write(toFile: path, atomically: true, encoding: .utf8)
        assertRefused("\(path) is not the manifest \(dir!)/run.shard-1-of-2.json recorded (2 lines, SHA-256 ")
        // A line cut short (the last one, as a kill while appending leaves it).
        try (text + String(text.prefix(30))).write(toFile: path, atomically: true, encoding: .utf8)
        assertRefused("\(path):3:1: not a manifest line (cut short or changed): shard 1/2 did not finish its last run")
        // A line gone.
        try (String(text.split(separator: "\n")[0]) + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        assertRefused("\(path) is not the manifest")
    }

    /// Counts that are not the manifest's — hand-edited, absurd, past `Int.max` when added — are a
    /// located refusal, never a trap.
    func testCountsThatAreNotTheManifestsOrTooLargeAreRefused() throws {
        try writeShard(s0, users(of: s0, 2).map { entry($0) })
        var absurd = BatchCounts()
        absurd.users = Int.max; absurd.ok = Int.max
        try writeShard(s1, users(of: s1, 2).map { entry($0) }, counts: absurd)
        assertRefused("\(dir!)/run.shard-1-of-2.json: its counts (\(Int.max) users: \(Int.max) ok, 0 invalid, 0 failed, 0 unchanged) are not those of its manifest (2 users: 2 ok, 0 invalid, 0 failed)")
        var moreUnchanged = BatchCounts()
        moreUnchanged.users = 2; moreUnchanged.ok = 2; moreUnchanged.unchanged = 3
        try writeShard(s1, users(of: s1, 2).map { entry($0) }, counts: moreUnchanged)
        assertRefused("are not those of its manifest")
        try writeShard(s0, users(of: s0, 2).map { entry($0) }, reportMs: ["summary": Int.max])
        try writeShard(s1, users(of: s1, 2).map { entry($0) }, reportMs: ["summary": Int.max])
        assertRefused("\(dir!)/run.shard-1-of-2.json: its counts or times are too large to add up")
        for bad in [#""users": -1"#, #""users": 1e400"#, #""lines": -2"#, #""wallMs": 99999999999999999999"#] {
            let path = dir + "/" + BatchSettings.runFileName(s1)
            try writeShard(s1, users(of: s1, 2).map { entry($0) })
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let member = String(bad.prefix { $0 != ":" })
            let changed = text.replacingOccurrences(of: member + #": \d+"#, with: bad, options: .regularExpression)
            XCTAssertNotEqual(changed, text, bad)
            try changed.write(toFile: path, atomically: true, encoding: .utf8)
            assertRefused("the run file \(path) cannot be used: it is not a run file (")
        }
    }

    func testARunFileOfAnotherShardOrAnEarlierVersionIsRefused() throws {
        try writeShard(s0, users(of: s0, 2).map { entry($0) })
        try writeShard(s1, users(of: s1, 2).map { entry($0) })
        try FileManager.default.removeItem(atPath: dir + "/" + BatchSettings.runFileName(s1))
        try FileManager.default.copyItem(atPath: dir + "/" + BatchSettings.runFileName(s0), toPath: dir + "/" + BatchSettings.runFileName(s1))
        assertRefused("\(dir!)/run.shard-1-of-2.json is the run file of shard 0/2, not of shard 1/2")
        try RunRecord(version: "0.1.0", asOf: "2026-07-31", options: ["reports": "insights"], shard: s1, counts: BatchCounts(),
                      wallMs: 1, reportMs: [:]).write(to: dir + "/" + BatchSettings.runFileName(s1))
        assertRefused("\(dir!)/run.shard-1-of-2.json does not say which run it finished (an earlier version wrote it)")
    }

    /// A FIFO, a folder or an oversized file where a manifest or run file should be: refused at
    /// once (a FIFO is never opened for a read that waits for a writer).
    func testFilesThatAreNotRegularAreRefusedAtOnce() throws {
        try writeShard(s0, users(of: s0, 2).map { entry($0) })
        try writeShard(s1, users(of: s1, 2).map { entry($0) })
        let runFile = dir + "/" + BatchSettings.runFileName(s1)
        try FileManager.default.removeItem(atPath: runFile)
        XCTAssertEqual(mkfifo(runFile, 0o600), 0)
        let started = Date()
        assertRefused("the run file \(runFile) cannot be used: it is a FIFO, not a regular file")
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        try FileManager.default.removeItem(atPath: runFile)
        try writeShard(s1, users(of: s1, 2).map { entry($0) })
        let manifest = dir + "/" + BatchSettings.manifestName(s1)
        try FileManager.default.removeItem(atPath: manifest)
        try FileManager.default.createDirectory(atPath: manifest, withIntermediateDirectories: false)
        assertRefused("the manifest \(manifest) cannot be used: it is a folder, not a regular file")
        // The merged files are outputs: a FIFO there is an output failure, nothing written.
        try FileManager.default.removeItem(atPath: manifest)
        try writeShard(s1, users(of: s1, 2).map { entry($0) })
        XCTAssertEqual(mkfifo(out + "/manifest.jsonl", 0o600), 0)
        XCTAssertThrowsError(try BatchMerge.merge([dir], into: out)) { error in
            guard case BatchFailure.output(let message) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(message, "the manifest \(out!)/manifest.jsonl cannot be used: it is a FIFO, not a regular file")
        }
    }

    func testBatchFileReadsOnlyRegularFilesWithinTheLimit() throws {
        let path = dir + "/f"
        XCTAssertNil(try BatchFile.read(path, "manifest", maxBytes: 10), "nothing there")
        try "0123456789".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try BatchFile.read(path, "manifest", maxBytes: 10), Array("0123456789".utf8))
        XCTAssertThrowsError(try BatchFile.read(path, "manifest", maxBytes: 9)) { error in
            XCTAssertEqual("\(error)", "the manifest \(path) cannot be used: it is 10 bytes, over the limit of 9 bytes")
        }
        XCTAssertThrowsError(try BatchFile.read("/dev/zero", "run file", maxBytes: 9)) { error in
            XCTAssertEqual("\(error)", "the run file /dev/zero cannot be used: it is a character device, not a regular file")
        }
        XCTAssertNoThrow(try BatchFile.checkRegularOrMissing(dir + "/missing", "run file"))
        XCTAssertThrowsError(try BatchFile.checkRegularOrMissing(dir, "run file"))
    }

    /// A folder whose name is not UTF-8 is in the shard its bytes hash to, once; its line shows
    /// the name escaped, and two such lines (or one and a user whose id reads the same) stay apart.
    func testNamesThatAreNotUTF8AreMergedByTheirBytes() throws {
        let bytes: [UInt8] = Array("caf".utf8) + [0xE9]
        let home = Shard.of(bytes: bytes, count: 2)
        let shard = home == 0 ? s0 : s1
        let other = home == 0 ? s1 : s0
        let bad = entry(UserFolder.shown(bytes), .invalid, nameBytes: Hex.string(bytes))
        try writeShard(shard, [bad] + users(of: shard, 1).map { entry($0) })
        try writeShard(other, users(of: other, 1).map { entry($0) })
        let (counts, problems) = try BatchMerge.merge([dir], into: out)
        XCTAssertEqual(counts.invalid, 1)
        XCTAssertEqual(problems.badNames, [#"caf\xE9"#])
        XCTAssertEqual(problems.invalid, [])
        // The same line in the other shard is refused: its bytes hash elsewhere.
        try writeShard(other, [bad] + users(of: other, 1).map { entry($0) })
        try FileManager.default.removeItem(atPath: out + "/manifest.jsonl")
        try FileManager.default.removeItem(atPath: out + "/run.json")
        assertRefused(#"user caf\xE9 is in shard \#(other) but belongs to shard \#(shard)"#)
    }
}
