import Foundation
@testable import ReportKit
import TestSupport
import XCTest

/// An output name the file system takes always gets a temporary it takes too: the temporary's
/// name stays within NAME_MAX (255 bytes), whatever the name's length, characters and the pid,
/// and the stale-temporary cleanup still reads its pid.
final class TemporaryNameTests: XCTestCase {
    /// The review's example: a valid `-o` name of 237 to 255 bytes failed with "File name too
    /// long" because `.report-tmp-NAME.PID.N` was longer.
    func testAnOutputNameOf255BytesIsWritten() throws {
        let dir = try TestPaths.temporaryDirectory("temp-names")
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in [String(repeating: "a", count: 251) + ".pdf", String(repeating: "a", count: 237), String(repeating: "é", count: 127) + "x",
                     String(repeating: "報", count: 85)] {
            XCTAssertEqual(name.utf8.count >= 237 && name.utf8.count <= 255, true)
            let path = dir.appendingPathComponent(name).path
            let file = try AtomicFile(path: path)
            try file.write("report")
            try file.commit()
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "report")
            try FileManager.default.removeItem(atPath: path)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [], "no temporary left")
    }

    /// The class: every name length from 1 to 255 bytes, one- to four-byte characters, the largest
    /// pid and attempt: the temporary fits, keeps the whole name when it can and a prefix of it
    /// (never a broken character) otherwise, and its pid reads back.
    func testEveryTemporaryNameFitsAndNamesItsProcess() {
        for character in ["a", "é", "報", "🙂"] {
            for length in 1...255 {
                var name = ""
                while (name + character).utf8.count <= length { name += character }
                if name.isEmpty { continue }
                for pid in [1, 4_194_304, pid_t.max] {
                    let temp = AtomicFile.temporaryName(for: name, pid: pid, attempt: 15)
                    XCTAssertLessThanOrEqual(temp.utf8.count, AtomicFile.nameMax, "\(character) × \(length), pid \(pid)")
                    XCTAssertTrue(temp.hasPrefix(AtomicFile.tempPrefix) && temp.hasSuffix(".\(pid).15"))
                    let kept = String(temp.dropFirst(AtomicFile.tempPrefix.count).dropLast(".\(pid).15".count))
                    XCTAssertTrue(name.hasPrefix(kept) && kept.unicodeScalars.allSatisfy { $0 != "\u{FFFD}" })
                    if AtomicFile.tempPrefix.utf8.count + name.utf8.count + ".\(pid).15".utf8.count <= AtomicFile.nameMax {
                        XCTAssertEqual(kept, name, "a name that fits is kept whole")
                    } else {
                        XCTAssertGreaterThan(temp.utf8.count, AtomicFile.nameMax - character.utf8.count, "cut no more than needed")
                    }
                    XCTAssertEqual(StaleTemporaries.owner(ofTemporary: temp), pid)
                }
            }
        }
    }
}
