import XCTest
@testable import Batch

/// The fixed shard hash and the `--shard` values.
final class ShardTests: XCTestCase {
    func testFNV1a64Vectors() {
        XCTAssertEqual(Shard.fnv1a64(""), 0xcbf2_9ce4_8422_2325)
        XCTAssertEqual(Shard.fnv1a64("a"), 0xaf63_dc4c_8601_ec8c)
        XCTAssertEqual(Shard.fnv1a64("foobar"), 0x8594_4171_f739_67e8)
        XCTAssertEqual(Shard.fnv1a64("é"), Shard.fnv1a64("\u{E9}"), "UTF-8 bytes of the id")
    }

    func testEveryUserIsInExactlyOneShard() throws {
        let ids = (0..<500).map { "user-\($0)" }
        let shards = try (0..<3).map { try XCTUnwrap(Shard(index: $0, count: 3)) }
        for id in ids { XCTAssertEqual(shards.filter { $0.contains(id) }.count, 1) }
        XCTAssertEqual(Shard.of("a", count: 3), Int(0xaf63_dc4c_8601_ec8c as UInt64 % 3))
        XCTAssertTrue(try XCTUnwrap(Shard(index: 0, count: 1)).contains("anything"))
    }

    func testParse() {
        XCTAssertEqual(try Shard.parse("2/3", environment: [:]).get(), Shard(index: 2, count: 3))
        XCTAssertEqual(Shard.parse("3/3", environment: [:]), .failure(.indexOutOfRange(count: 3)))
        XCTAssertEqual(Shard.parse("-1/3", environment: [:]), .failure(.indexOutOfRange(count: 3)))
        XCTAssertEqual(Shard.parse("1/0", environment: [:]), .failure(.malformed))
        XCTAssertEqual(Shard.parse("1", environment: [:]), .failure(.malformed))
        XCTAssertEqual(Shard.parse("1/100001", environment: [:]), .failure(.malformed))
        XCTAssertEqual(Shard.parse("auto/4", environment: [:]), .failure(.noIndexVariable))
    }

    func testAutoReadsTheSchedulersVariablesInOrder() {
        let all = ["JOB_COMPLETION_INDEX": "1", "SLURM_ARRAY_TASK_ID": "2", "AWS_BATCH_JOB_ARRAY_INDEX": "3"]
        XCTAssertEqual(try Shard.parse("auto/4", environment: all).get().index, 1)
        XCTAssertEqual(try Shard.parse("auto/4", environment: ["SLURM_ARRAY_TASK_ID": "2", "AWS_BATCH_JOB_ARRAY_INDEX": "3"]).get().index, 2)
        XCTAssertEqual(try Shard.parse("auto/4", environment: ["AWS_BATCH_JOB_ARRAY_INDEX": "3"]).get().index, 3)
        XCTAssertEqual(Shard.parse("auto/4", environment: ["JOB_COMPLETION_INDEX": "4"]), .failure(.indexOutOfRange(count: 4)))
        XCTAssertEqual(Shard.parse("auto/4", environment: ["JOB_COMPLETION_INDEX": "x"]), .failure(.indexOutOfRange(count: 4)))
    }

    func testMergeReadsShardNamesOnly() {
        XCTAssertEqual(BatchMerge.shardOf(manifestName: "manifest.shard-2-of-3.jsonl"), Shard(index: 2, count: 3))
        XCTAssertNil(BatchMerge.shardOf(manifestName: "manifest.shard-3-of-3.jsonl"))
        XCTAssertNil(BatchMerge.shardOf(manifestName: "manifest.jsonl"))
    }
}
