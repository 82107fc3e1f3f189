import Foundation
import TestSupport
import XCTest
@testable import Batch

/// Manifest lines round-trip, cut lines are left out, and the tiers file and user folders are
/// read as documented.
final class ManifestTests: XCTestCase {
    let entry = ManifestEntry(userId: "u-1", status: .invalid, options: "reports=summary;tier=free",
                              inputs: [.init(file: "logs.json", sha256: "ab")],
                              outputs: [.init(file: "errors.txt", bytes: 12, sha256: "cd")], ms: 7, errors: 2)

    func testLineRoundTripsAndACutLineIsNotAnEntry() {
        let line = entry.jsonLine()
        XCTAssertFalse(line.contains("\n"))
        XCTAssertEqual(ManifestEntry(line: Substring(line)), entry)
        XCTAssertNil(ManifestEntry(line: line.dropLast(3)))
    }

    func testALineWithANegativeOrAbsurdNumberOrAnUnknownStatusIsNotAnEntry() {
        let line = entry.jsonLine()
        XCTAssertEqual(ManifestEntry(line: Substring(line.dropLast() + #","note":[1,{"x":null}]}"#)), entry,
                       "other members are ignored")
        for (good, bad) in [(#""ms":7"#, #""ms":-7"#), (#""errors":2"#, #""errors":-1"#), (#""bytes":12"#, #""bytes":-12"#),
                            (#""ms":7"#, #""ms":99999999999999999999999"#), (#""bytes":12"#, #""bytes":1e300"#),
                            (#""errors":2"#, #""errors":2.5"#), (#""status":"invalid""#, #""status":"lost""#),
                            (#""file":"logs.json""#, #""file":7"#)] {
            XCTAssertTrue(line.contains(good), good)
            XCTAssertNil(ManifestEntry(line: Substring(line.replacingOccurrences(of: good, with: bad))), bad)
        }
    }

    func testRunRecordReadsBackWhatItWritesAndRefusesNegativeNumbers() throws {
        let dir = try TestPaths.temporaryDirectory("run-record").path
        var counts = BatchCounts()
        counts.users = 3; counts.ok = 2; counts.invalid = 1; counts.unchanged = 1
        let record = RunRecord(version: "0.1.0", asOf: "2026-07-31", options: ["reports": "summary", "tiers": "t.csv"],
                               shard: Shard(index: 1, count: 3), counts: counts, wallMs: 1234, reportMs: ["summary": 99])
        try record.write(to: dir + "/run.json")
        XCTAssertEqual(RunRecord.read(dir + "/run.json"), record)
        let text = try String(contentsOfFile: dir + "/run.json", encoding: .utf8)
        for (good, bad) in [(#""wallMs": 1234"#, #""wallMs": -1"#), (#""summary": 99"#, #""summary": -99"#),
                            (#""users": 3"#, #""users": -3"#), (#""users": 3"#, #""users": 1e400"#)] {
            XCTAssertTrue(text.contains(good), good)
            try text.replacingOccurrences(of: good, with: bad).write(toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
            XCTAssertNil(RunRecord.read(dir + "/bad.json"), bad)
        }
        try #"{"version": "0.1.0", "asOf": 7, "options": {}, "shard": {"index": 5, "count": 2}, "counts": {"ok": 1}, "wallMs": 0, "reportMs": {}}"#
            .write(toFile: dir + "/lenient.json", atomically: true, encoding: .utf8)
        let lenient = try XCTUnwrap(RunRecord.read(dir + "/lenient.json"))
        XCTAssertNil(lenient.asOf)
        XCTAssertNil(lenient.shard, "not a shard of 2")
        XCTAssertEqual(lenient.counts.ok, 1)
        XCTAssertEqual(lenient.counts.users, 0, "a count left out is 0")
    }

    func testMergeRefusesTimesTooLargeToAddUp() throws {
        let dir = try TestPaths.temporaryDirectory("merge-overflow").path
        for index in 0..<2 {
            let shard = try XCTUnwrap(Shard(index: index, count: 2))
            try "".write(toFile: dir + "/" + BatchSettings.manifestName(shard), atomically: true, encoding: .utf8)
            var counts = BatchCounts()
            counts.unchanged = Int.max
            try RunRecord(version: "0.1.0", asOf: nil, options: [:], shard: shard, counts: counts, wallMs: 1,
                          reportMs: ["summary": Int.max]).write(to: dir + "/run.shard-\(index)-of-2.json")
        }
        let out = try TestPaths.temporaryDirectory("merge-overflow-out").path
        XCTAssertThrowsError(try BatchMerge.merge([dir], into: out)) { error in
            XCTAssertEqual("\(error)", dir + "/run.shard-1-of-2.json: its counts or times are too large to add up")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out), [])
    }

    func testLoadKeepsTheLastLineOfAUserAndSkipsBrokenOnes() throws {
        let dir = try TestPaths.temporaryDirectory("manifest").path
        var later = entry
        later.status = .ok
        let text = entry.jsonLine() + "\n" + later.jsonLine() + "\n" + String(entry.jsonLine().prefix(20))
        try text.write(toFile: dir + "/m.jsonl", atomically: true, encoding: .utf8)
        XCTAssertEqual(ManifestFile.load(dir + "/m.jsonl"), ["u-1": later])
        let file = try ManifestFile(path: dir + "/m.jsonl", kept: [later])
        try file.append(entry)
        XCTAssertEqual(try String(contentsOfFile: dir + "/m.jsonl", encoding: .utf8), later.jsonLine() + "\n" + entry.jsonLine() + "\n")
    }

    func testTiersFile() throws {
        let dir = try TestPaths.temporaryDirectory("tiers").path
        try "user_id,tier\nu-1,premium\nu-2,FREE\n".write(toFile: dir + "/t.csv", atomically: true, encoding: .utf8)
        let table = try TierTable.read(path: dir + "/t.csv")
        XCTAssertEqual(table.tier(of: "u-1"), .premium)
        XCTAssertEqual(table.tier(of: "u-2"), .free)
        XCTAssertEqual(table.tier(of: "unlisted"), .free)
        try "user_id,tier\nu-1,premium\nu-1,free\n,free\n".write(toFile: dir + "/bad.csv", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try TierTable.read(path: dir + "/bad.csv")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains(dir + "/bad.csv:3:1: error: duplicate user_id"), text)
            XCTAssertTrue(text.contains(dir + "/bad.csv:4:1: error: user_id is required"), text)
        }
    }

    func testUserFolderListsExportsInByteOrderAndTheDailyContextApart() throws {
        let dir = try TestPaths.temporaryDirectory("users").path
        let user = dir + "/u-1"
        try FileManager.default.createDirectory(atPath: user + "/sub.json", withIntermediateDirectories: true)
        for name in ["b.csv", "a.JSON", "days.csv", "days.json", ".hidden.json", "notes.txt", "B.json"] {
            FileManager.default.createFile(atPath: user + "/" + name, contents: Data())
        }
        try FileManager.default.createDirectory(atPath: dir + "/.git", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: dir + "/tiers.csv", contents: Data())
        let folder = UserFolder(userId: "u-1", usersDir: dir)
        XCTAssertEqual(folder.exports, ["B.json", "a.JSON", "b.csv"])
        XCTAssertEqual(folder.days, "days.json")
        XCTAssertEqual(UserFolder.userIds(in: dir), ["u-1"])
        XCTAssertNil(UserFolder.userIds(in: dir + "/missing"))
    }
}
