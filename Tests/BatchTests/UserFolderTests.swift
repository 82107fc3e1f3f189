import Foundation
import TestSupport
import XCTest
@testable import Batch

/// What the batch does with names and files it cannot read as input (issue 21): a user folder
/// whose name is not UTF-8 is listed apart (counted and reported by the run, never skipped in
/// silence); a file under an export's name that is not UTF-8, a FIFO, a device or a dangling
/// link is a problem of its user, never left out.
final class UserFolderTests: XCTestCase {
    var dir: String!
    override func setUpWithError() throws { dir = try TestPaths.temporaryDirectory("user-folder").path }

    func make(_ bytes: [UInt8], in folder: String, folder isFolder: Bool) throws {
        XCTAssertTrue(RawNames.make(bytes, in: folder, isFolder: isFolder), "could not create \(bytes)")
    }

    func testShownNamesEscapeEveryByteThatIsNotUTF8AndNothingElseCanLookTheSame() {
        XCTAssertEqual(UserFolder.shown(Array("u-1".utf8)), "u-1")
        XCTAssertEqual(UserFolder.shown(Array("caf".utf8) + [0xE9]), #"caf\xE9"#)
        XCTAssertEqual(UserFolder.shown(Array(#"caf\xE9"#.utf8)), #"caf\\xE9"#, "a real backslash is doubled: the two never look alike")
        XCTAssertEqual(UserFolder.shown([0xC0, 0x80]), #"\xC0\x80"#, "an overlong form")
        XCTAssertEqual(UserFolder.shown([0xED, 0xA0, 0x80]), #"\xED\xA0\x80"#, "a surrogate")
        XCTAssertEqual(UserFolder.shown([0xF4, 0x90, 0x80, 0x80]), #"\xF4\x90\x80\x80"#, "past U+10FFFF")
        XCTAssertEqual(UserFolder.shown(Array("é".utf8) + [0xE2, 0x82] + Array("€".utf8)), #"é\xE2\x82€"#, "a cut sequence between two good ones")
        XCTAssertEqual(UserFolder.shown([0x1B, 0x5B, 0x33, 0x31, 0x6D, 0xFF, 0x0A]), #"\u{1B}[31m\xFF\n"#, "controls as Quote.text shows them")
    }

    func testTheListingKeepsNamesThatAreNotUTF8ApartInTheirShard() throws {
        try make(Array("u-1".utf8), in: dir, folder: true)
        try make(Array("caf".utf8) + [0xE9], in: dir, folder: true)
        try make([0xFF, 0xFE], in: dir, folder: false)   // a file: not a user, whatever its name
        try FileManager.default.createSymbolicLink(atPath: dir + "/u-moved", withDestinationPath: dir + "/gone")
        let listing = try UserFolder.list(dir)
        XCTAssertEqual(listing.ids, ["u-1", "u-moved"], "a link to a folder that is gone is a user, reported invalid, not skipped")
        XCTAssertEqual(UserFolder(userId: "u-moved", usersDir: dir).problems,
                       ["\(dir!)/u-moved: error: cannot read the folder: No such file or directory"])
        XCTAssertEqual(listing.badNames, [UserFolder.BadName(bytes: Array("caf".utf8) + [0xE9], shown: #"caf\xE9"#)])
        XCTAssertThrowsError(try UserFolder.list(dir + "/missing")) { XCTAssertEqual("\($0)", "No such file or directory") }
        for id in ["u-1", "é", "caf\\xE9"] {
            XCTAssertEqual(Shard.of(bytes: Array(id.utf8), count: 7), Shard.of(id, count: 7), "UTF-8 names shard as before")
        }
    }

    func testAnInputThatCannotBeReadMakesItsUserInvalidNeverLeftOut() throws {
        let user = dir + "/u-1"
        try FileManager.default.createDirectory(atPath: user, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: user + "/logs.json", contents: Data("[]".utf8)))
        try make(Array("more".utf8) + [0xE9] + Array(".JSON".utf8), in: user, folder: false)
        try make([0xE9] + Array(".txt".utf8), in: user, folder: false)        // not an input's name: not read, as notes.txt
        XCTAssertEqual(mkfifo(user + "/extra.csv", 0o600), 0)
        XCTAssertEqual(mkfifo(user + "/days.json.part", 0o600), 0)           // not an input's name either
        try FileManager.default.createSymbolicLink(atPath: user + "/old.json", withDestinationPath: user + "/gone.json")
        try FileManager.default.createSymbolicLink(atPath: user + "/dev.csv", withDestinationPath: "/dev/null")
        let folder = UserFolder(userId: "u-1", usersDir: dir)
        XCTAssertEqual(folder.exports, ["logs.json"])
        XCTAssertEqual(folder.problems, [
            "\(user)/dev.csv: error: it is a character device; a user's inputs must be regular files",
            "\(user)/extra.csv: error: it is a FIFO; a user's inputs must be regular files",
            #"\#(user)/more\xE9.JSON: error: the file name is not valid UTF-8, so the file is not read: rename it"#,
            "\(user)/old.json: error: cannot read it: No such file or directory",
        ])
        let unreadable = UserFolder(userId: "u-2", usersDir: dir)
        XCTAssertEqual(unreadable.problems, ["\(dir!)/u-2: error: cannot read the folder: No such file or directory"])
    }

    func testTheDailyContextIsFoundInAnyLetterCase() throws {
        let user = dir + "/u-1"
        try FileManager.default.createDirectory(atPath: user, withIntermediateDirectories: true)
        for name in ["logs.json", "DAYS.CSV"] { XCTAssertTrue(FileManager.default.createFile(atPath: user + "/" + name, contents: Data())) }
        let folder = UserFolder(userId: "u-1", usersDir: dir)
        XCTAssertEqual(folder.exports, ["logs.json"])
        XCTAssertEqual(folder.days, "DAYS.CSV", "neither an export nor left out")
        XCTAssertTrue(FileManager.default.createFile(atPath: user + "/Days.json", contents: Data()))
        XCTAssertEqual(UserFolder(userId: "u-1", usersDir: dir).days, "Days.json", "days.json before days.csv")
    }
}
