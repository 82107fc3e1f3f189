import CCairo
@testable import Render
import XCTest

/// Cairo writes an uncompressed PDF a token at a time into `report_byte_map` (Sources/CCairo),
/// which copies up to 16 bytes with two overlapping moves and longer writes with `memcpy`, and
/// grows its mapping as it fills: every length lands whole, in order, across growth.
final class ByteMapTests: XCTestCase {
    func testEveryLengthIsCopiedWholeAndInOrder() {
        var map = report_byte_map()
        defer { report_byte_map_free(&map) }
        var expected: [UInt8] = []
        var value: UInt8 = 0
        // Each length from 0 to 40 (and one of 300) after every offset modulo 8, then enough
        // to grow past the first megabyte twice.
        var lengths: [Int] = []
        for offset in 0..<8 { lengths.append(offset); lengths += Array(0...40) + [300] }
        while lengths.reduce(0, +) < 3 << 20 { lengths += [1, 7, 8, 9, 15, 16, 17, 4_093, 65_536] }
        for length in lengths {
            var chunk = [UInt8](repeating: 0, count: length)
            for i in 0..<length { value &+= 37; chunk[i] = value }
            let status = chunk.withUnsafeBufferPointer { report_byte_map_write(&map, $0.baseAddress, UInt32(length)) }
            XCTAssertEqual(status, CAIRO_STATUS_SUCCESS)
            expected += chunk
        }
        XCTAssertEqual(map.count, expected.count)
        XCTAssertGreaterThan(map.capacity, 2 << 20, "the map grew")
        let written = Array(UnsafeBufferPointer(start: map.base, count: map.count))
        XCTAssertTrue(written == expected, "the bytes written differ from the bytes given")
    }
}
