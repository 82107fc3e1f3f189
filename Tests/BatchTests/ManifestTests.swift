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
        let proved = RunRecord(run: "ab12", manifest: ManifestDigest(lines: 3, sha256: "ff"), version: "0.1.0", asOf: nil, options: [:],
                               shard: nil, counts: counts, wallMs: 1, reportMs: [:])
        try proved.write(to: dir + "/proved.json")
        XCTAssertEqual(try RunRecord.load(dir + "/proved.json"), proved)
        XCTAssertNil(try RunRecord.load(dir + "/missing.json"))
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

    func testLoadKeepsTheLastLineOfAUserAndSkipsBrokenOnes() throws {
        let dir = try TestPaths.temporaryDirectory("manifest").path
        var later = entry
        later.status = .ok
        let text = entry.jsonLine() + "\n" + later.jsonLine() + "\n" + String(entry.jsonLine().prefix(20))
        try text.write(toFile: dir + "/m.jsonl", atomically: true, encoding: .utf8)
        XCTAssertEqual(try ManifestFile.load(dir + "/m.jsonl"), ["id:u-1": later])
        let file = try ManifestFile(path: dir + "/m.jsonl", runId: "r2", kept: [later])
        try file.append(entry)
        var (keptLine, newLine) = (later, entry)
        keptLine.run = "r2"; newLine.run = "r2"
        let written = keptLine.jsonLine() + "\n" + newLine.jsonLine() + "\n"
        XCTAssertEqual(try String(contentsOfFile: dir + "/m.jsonl", encoding: .utf8), written, "every line of the run writing it, kept ones too")
        XCTAssertEqual(file.digest, ManifestDigest(lines: 2, sha256: SHA256.hex(Array(written.utf8))))
        XCTAssertEqual(try ManifestFile.read(dir + "/m.jsonl")?.digest, file.digest)
    }

    func testTheRunIdAndANameThatIsNotUTF8RoundTrip() {
        var line = entry
        line.run = "0123abcd"
        line.nameBytes = "636166e9"
        XCTAssertTrue(line.jsonLine().hasSuffix(#","run":"0123abcd","nameBytes":"636166e9"}"#))
        XCTAssertEqual(ManifestEntry(line: Substring(line.jsonLine())), line)
        XCTAssertEqual(line.shardBytes, [0x63, 0x61, 0x66, 0xE9])
        XCTAssertEqual(line.key, "bytes:636166e9")
        XCTAssertNil(ManifestEntry(line: Substring(line.jsonLine().replacingOccurrences(of: "636166e9", with: "63616"))), "odd hex")
        XCTAssertNil(ManifestEntry(line: Substring(line.jsonLine().replacingOccurrences(of: "636166e9", with: "zz"))), "not hex")
        XCTAssertEqual(ManifestEntry(line: Substring(entry.jsonLine().replacingOccurrences(of: #","run":"""#, with: "")))?.run, "",
                       "a line of an earlier version (no run) is read, of no run")
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
