import CNumberFormat
import Foundation
import XCTest

/// `report_format_fixed`, the "%.Nf" that cairo's numbers are written with in the tool
/// (Sources/CNumberFormat), gives glibc's characters for every value it takes, and declines
/// (-1) the rest, which then go to glibc.
final class NumberFormatTests: XCTestCase {
    /// glibc's text of `value` with `precision` decimals.
    func libc(_ value: Double, _ precision: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        _ = withVaList([precision, value]) { vsnprintf(&buffer, buffer.count, "%.*f", $0) }
        return String(cString: buffer)
    }

    func ours(_ value: Double, _ precision: Int32, size: Int = 512) -> String? {
        var buffer = [CChar](repeating: 0, count: max(size, 1))
        let n = report_format_fixed(&buffer, size, value, precision)
        return n < 0 ? nil : String(cString: buffer)
    }

    func check(_ value: Double, _ precision: Int32, file: StaticString = #filePath, line: UInt = #line) {
        guard let mine = ours(value, precision) else {
            XCTAssertTrue(!value.isFinite || abs(value) >= 0x1p63 || precision > 18 || precision < 0,
                          "declined \(value) at \(precision)", file: file, line: line)
            return
        }
        XCTAssertEqual(mine, libc(value, precision), "\(value.bitPattern) at %.\(precision)f", file: file, line: line)
    }

    func testSpecialValuesAndTies() {
        let values: [Double] = [0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.375, 1e-7, -1e-7, 0.1, 0.09999999999999999,
                                0.05, 0.0005, 0.00049999999999999999, 123.456, 841.8897637795275, 595.2755905511812,
                                0x1p63.nextDown, -0x1p63.nextDown, 0x1p62, .leastNonzeroMagnitude, .leastNormalMagnitude,
                                4503599627370496.5, 9007199254740993, 1e18, 999999.9999995, 0.9999995, 9.5, 10.5,
                                .greatestFiniteMagnitude, .infinity, -.infinity, .nan, 0x1p63, 1e300]
        for v in values { for p in Int32(0)...18 { check(v, p) } }
        // Exact halves at every precision: n + 0.5 units of the last digit where that is a double.
        for p in Int32(0)...6 {
            for n in 0..<2000 {
                let v = (Double(n) + 0.5) / pow(10, Double(p))
                check(v, p); check(-v, p)
            }
        }
    }

    func testRandomValuesAcrossTheRange() {
        var rng = SystemRandomNumberGenerator()
        // Coordinates as cairo writes them, and arbitrary bit patterns of every exponent it takes.
        for _ in 0..<40_000 {
            let coordinate = Double.random(in: -2000...2000, using: &rng)
            for p: Int32 in [0, 3, 6, 18] { check(coordinate, p) }
            let small = Double.random(in: -0.1...0.1, using: &rng)
            check(small, 18); check(small, Int32.random(in: 0...18, using: &rng))
            let exponent = UInt64.random(in: 0...(1023 + 63), using: &rng)
            let bits = (UInt64.random(in: 0...1, using: &rng) << 63) | (exponent << 52) | UInt64.random(in: 0..<(1 << 52), using: &rng)
            check(Double(bitPattern: bits), Int32.random(in: 0...18, using: &rng))
            let grid = Double(Int.random(in: -1_000_000...1_000_000, using: &rng)) / 1024
            check(grid, Int32.random(in: 0...12, using: &rng))
        }
    }

    func testTextIsCutAsSnprintfCutsIt() {
        for size in [0, 1, 2, 5, 8, 9, 10] {
            var buffer = [CChar](repeating: 0x7F, count: 16)
            let n = report_format_fixed(&buffer, size, -12.345, 3)
            XCTAssertEqual(n, 7, "the whole length, whatever was written")
            if size == 0 { XCTAssertEqual(buffer[0], 0x7F, "nothing written") } else {
                XCTAssertEqual(String(cString: buffer), String("-12.345".prefix(size - 1)))
            }
        }
    }
}
