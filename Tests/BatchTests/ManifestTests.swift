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
