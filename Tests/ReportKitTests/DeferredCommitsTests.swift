import Foundation
@testable import ReportKit
import TestSupport
import XCTest

/// A batch worker's files are written into their temporaries and put in place later, together,
/// by the syncing thread (`DeferredCommits`): until then every target keeps its old contents.
final class DeferredCommitsTests: XCTestCase {
    private func temporaries(_ dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(AtomicFile.tempPrefix) }.sorted()
    }

    func testFilesAreInPlaceOnlyOnceCommitted() throws {
        let dir = try TestPaths.temporaryDirectory("deferred-commit")
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.txt").path, b = dir.appendingPathComponent("b.pdf").path
        try "old a\n".write(toFile: a, atomically: false, encoding: .utf8)
        let files = DeferredCommits()
        try OutputTarget(path: a, deferringTo: files).write { try $0.write("new a\n") }
        try OutputTarget(path: b, deferringTo: files).write { try $0.write(String(repeating: "b", count: 100_000)) }
        XCTAssertFalse(files.isEmpty)
        XCTAssertEqual(try String(contentsOfFile: a, encoding: .utf8), "old a\n", "not replaced before the commit")
        XCTAssertFalse(FileManager.default.fileExists(atPath: b))
        XCTAssertEqual(try temporaries(dir).count, 2, "both written whole into their temporaries")
        try files.commit()
        XCTAssertTrue(files.isEmpty)
        XCTAssertEqual(try String(contentsOfFile: a, encoding: .utf8), "new a\n")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: b)).count, 100_000, "the buffer's last bytes were written too")
        XCTAssertEqual(try temporaries(dir), [])
        let mode = try FileManager.default.attributesOfItem(atPath: b)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
    }

    func testAbandonedFilesLeaveTheTargetsAlone() throws {
        let dir = try TestPaths.temporaryDirectory("deferred-abandon")
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.txt").path
        try "old a\n".write(toFile: a, atomically: false, encoding: .utf8)
        do {
            let files = DeferredCommits()
            try OutputTarget(path: a, deferringTo: files).write { try $0.write("new a\n") }
            try OutputTarget(path: dir.appendingPathComponent("b.txt").path, deferringTo: files).write { try $0.write("b") }
            files.abandon()
            XCTAssertTrue(files.isEmpty)
        }
        XCTAssertEqual(try String(contentsOfFile: a, encoding: .utf8), "old a\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("b.txt").path))
        XCTAssertEqual(try temporaries(dir), [])
    }

    /// A file that cannot be put in place stops the commit: the files after it are removed, not
    /// renamed, and the failure names the target.
    func testAFailedRenameAbandonsTheRest() throws {
        let dir = try TestPaths.temporaryDirectory("deferred-fail")
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.txt").path, b = dir.appendingPathComponent("b.txt").path
        let files = DeferredCommits()
        try OutputTarget(path: a, deferringTo: files).write { try $0.write("a") }
        try OutputTarget(path: b, deferringTo: files).write { try $0.write("b") }
        // A folder with something in it where `a` goes: the rename over it fails.
        try FileManager.default.createDirectory(atPath: a + "/inside", withIntermediateDirectories: true)
        XCTAssertThrowsError(try files.commit()) { error in
            XCTAssertTrue("\(error)".contains("cannot write " + a), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: b), "not put in place after the failure")
        XCTAssertEqual(try temporaries(dir), [])
    }

    /// Files waiting to be put in place hold no descriptor (a batch of many workers keeps
    /// hundreds waiting): they are opened again only to be synced.
    func testWaitingFilesHoldNoDescriptor() throws {
        let dir = try TestPaths.temporaryDirectory("deferred-fds")
        defer { try? FileManager.default.removeItem(at: dir) }
        func openDescriptors() throws -> Int { try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count }
        let before = try openDescriptors()
        let files = DeferredCommits()
        for i in 0..<300 {
            try OutputTarget(path: dir.appendingPathComponent("f\(i).txt").path, deferringTo: files).write { try $0.write("file \(i)") }
        }
        XCTAssertLessThan(try openDescriptors() - before, 10, "300 files waiting")
        XCTAssertEqual(try temporaries(dir).count, 300)
        try files.commit()
        XCTAssertEqual(try String(contentsOfFile: dir.appendingPathComponent("f299.txt").path, encoding: .utf8), "file 299")
        XCTAssertEqual(try temporaries(dir), [])
        XCTAssertLessThan(try openDescriptors() - before, 10)
    }

    /// Standard output and other direct writes are not deferred: there is nothing to rename.
    func testADirectWriteIsNotDeferred() throws {
        let files = DeferredCommits()
        try OutputTarget(path: "/dev/null", deferringTo: files).write { try $0.write("x") }
        XCTAssertTrue(files.isEmpty)
    }
}
