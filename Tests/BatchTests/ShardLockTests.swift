@testable import Batch
import Foundation
import XCTest

/// One run of a shard at a time in an output folder: the lock is refused at once while held,
/// per shard, and free again once released; a FIFO at its name is refused, not waited on.
final class ShardLockTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "shardlock-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func testASecondLockOfTheSameShardIsRefusedUntilTheFirstIsReleased() throws {
        var first: ShardLock? = try ShardLock(outDir: dir, manifestName: "manifest.shard-0-of-2.jsonl")
        XCTAssertThrowsError(try ShardLock(outDir: dir, manifestName: "manifest.shard-0-of-2.jsonl")) { error in
            XCTAssertTrue("\(error)".contains("another run of this shard is writing manifest.shard-0-of-2.jsonl"), "\(error)")
        }
        let other = try ShardLock(outDir: dir + "/", manifestName: "manifest.shard-1-of-2.jsonl")
        withExtendedLifetime(other) {}
        withExtendedLifetime(first) {}
        first = nil
        XCTAssertNoThrow(try ShardLock(outDir: dir, manifestName: "manifest.shard-0-of-2.jsonl"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/.report-lock.manifest.shard-0-of-2.jsonl"))
    }

    func testAFIFOAtTheLockFilesNameIsRefusedAtOnce() throws {
        XCTAssertEqual(mkfifo(dir + "/" + ShardLock.fileName("manifest.jsonl"), 0o600), 0)
        XCTAssertThrowsError(try ShardLock(outDir: dir, manifestName: "manifest.jsonl")) { error in
            XCTAssertTrue("\(error)".hasSuffix("it is a FIFO, not a regular file"), "\(error)")
        }
    }

    func testALockInAFolderThatCannotHoldItIsRefused() {
        XCTAssertThrowsError(try ShardLock(outDir: dir + "/missing", manifestName: "manifest.jsonl"))
    }
}
