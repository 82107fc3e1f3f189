import Foundation
@testable import Render
import XCTest

/// The PDF's creation date is written by civil-date arithmetic, not a date formatter: it must be
/// what `ISO8601DateFormatter` in UTC wrote, for every day of the years reports are made in and
/// at the edges of the arithmetic (leap days, centuries, negative epoch seconds, fractions).
final class PDFDateTests: XCTestCase {
    func formatter(_ date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.timeZone = TimeZone(identifier: "UTC")
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
    }

    func testEveryDayFrom1899To2101MatchesTheFormatter() {
        var t = -2_240_524_800.0  // 1899-01-01
        while t < 4_133_980_800 {  // 2101-01-01
            for offset in [0.0, 1.5, 43_199.999, 86_399.0] {
                let d = Date(timeIntervalSince1970: t + offset)
                XCTAssertEqual(PDFRenderer.iso8601UTC(d), formatter(d), "\(t + offset)")
            }
            t += 86_400
        }
    }

    func testEdges() {
        let cases: [(Double, String)] = [
            (0, "1970-01-01T00:00:00Z"), (-0.5, "1969-12-31T23:59:59Z"), (-1, "1969-12-31T23:59:59Z"),
            (951_782_400, "2000-02-29T00:00:00Z"), (1_785_456_000, "2026-07-31T00:00:00Z"),
            (253_402_300_799, "9999-12-31T23:59:59Z"), (1e300, "9999-12-31T23:59:59Z"),
            (-62_135_596_800, "0001-01-01T00:00:00Z"), (-1e300, "0001-01-01T00:00:00Z"), (.nan, "1970-01-01T00:00:00Z"),
        ]
        for (t, expected) in cases {
            XCTAssertEqual(PDFRenderer.iso8601UTC(Date(timeIntervalSince1970: t)), expected, "\(t)")
        }
    }
}
