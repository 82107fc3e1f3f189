import XCTest
@testable import Ingest

final class TimeTests: XCTestCase {
    func testOffsetsAndLocalDate() throws {
        let t = try XCTUnwrap(parseTimestamp("2026-02-18T14:34:00+01:00"))
        XCTAssertEqual(t.epochSeconds, 1_771_421_640)
        XCTAssertEqual(t.offsetSeconds, 3600)
        XCTAssertEqual(t.localDate.description, "2026-02-18")
        XCTAssertEqual(t.localMinuteOfDay, 14 * 60 + 34)
        XCTAssertEqual(t.description, "2026-02-18T14:34:00+01:00")

        let z = try XCTUnwrap(parseTimestamp("2026-02-18T13:34:00Z"))
        XCTAssertEqual(z.epochSeconds, t.epochSeconds)
        XCTAssertEqual(z.description, "2026-02-18T13:34:00Z")

        // Negative offset: local date differs from the UTC date.
        let ny = try XCTUnwrap(parseTimestamp("2026-03-01T23:30:00-05:00"))
        XCTAssertEqual(ny.localDate.description, "2026-03-01")
        XCTAssertEqual(ny.offsetSeconds, -5 * 3600)
        XCTAssertEqual(ny.description, "2026-03-01T23:30:00-05:00")

        // DST: the same wall time on both sides of the change keeps its written offset.
        let before = try XCTUnwrap(parseTimestamp("2026-03-29T01:30:00+01:00"))
        let after = try XCTUnwrap(parseTimestamp("2026-03-29T03:30:00+02:00"))
        XCTAssertEqual(after.epochSeconds - before.epochSeconds, 3600)
        XCTAssertEqual(after.localMinuteOfDay, 210)

        // ±HHMM, fractions, half-hour offsets.
        let compact = try XCTUnwrap(parseTimestamp("2026-02-18T14:34:00+0530"))
        XCTAssertEqual(compact.offsetSeconds, 19800)
        let frac = try XCTUnwrap(parseTimestamp("2026-02-18T14:34:00.250Z"))
        XCTAssertEqual(frac.nanoseconds, 250_000_000)
        XCTAssertEqual(frac.description, "2026-02-18T14:34:00.25Z")
        XCTAssertNotNil(parseTimestamp("2026-02-18T14:34Z"))
    }

    func testRejections() {
        func r(_ s: String) -> TimestampParseResult {
            var t = s
            return t.withUTF8 { parseTimestampDetailed(UnsafeRawBufferPointer($0)) }
        }
        XCTAssertEqual(r("2026-02-18T14:34:00"), .noOffset)
        XCTAssertEqual(r("2026-02-30T14:34:00Z"), .notReal)
        XCTAssertEqual(r("2025-02-29T00:00:00Z"), .notReal)
        XCTAssertEqual(r("2026-02-18T24:00:00Z"), .notReal)
        XCTAssertEqual(r("2026-02-18T14:34:00+19:00"), .notReal)
        XCTAssertEqual(r("18/02/2026 14:34"), .invalid)
        XCTAssertEqual(r("2026-02-18T14:34:00+01:00x"), .invalid)
        XCTAssertEqual(r(""), .invalid)
        XCTAssertNil(parseTimestamp("2026-02-18T14:34:00.Z"))
    }

    func testLeapYearsAndWeekday() throws {
        XCTAssertNotNil(LocalDate(year: 2024, month: 2, day: 29))
        XCTAssertNil(LocalDate(year: 2026, month: 2, day: 29))
        XCTAssertNotNil(LocalDate(year: 2000, month: 2, day: 29))
        XCTAssertNil(LocalDate(year: 1900, month: 2, day: 29))
        XCTAssertEqual(LocalDate(daysSinceEpoch: 0).isoWeekday, 4)        // Thursday
        XCTAssertEqual(LocalDate(daysSinceEpoch: -1).isoWeekday, 3)       // 1969-12-31, Wednesday
        XCTAssertEqual(try XCTUnwrap(LocalDate(iso: "2026-02-18")).isoWeekday, 3)   // Wednesday
        XCTAssertEqual(try XCTUnwrap(LocalDate(iso: "2026-02-22")).isoWeekday, 7)   // Sunday
        let d = try XCTUnwrap(LocalDate(iso: "2024-02-28"))
        XCTAssertEqual(d.adding(days: 1).description, "2024-02-29")
        XCTAssertEqual(d.adding(days: 2).description, "2024-03-01")
        XCTAssertEqual(try XCTUnwrap(LocalDate(iso: "2025-01-01")) - d, 308)
        XCTAssertEqual(LocalDate(daysSinceEpoch: -1).description, "1969-12-31")
        XCTAssertNil(LocalDate(iso: "2024-13-01"))
    }

    func testNumbers() {
        func p(_ s: String) -> NumberParseResult {
            var t = s
            return t.withUTF8 { parseDecimal(UnsafeRawBufferPointer($0)) }
        }
        XCTAssertEqual(p("12.5"), .value(12.5))
        XCTAssertEqual(p("-0.001"), .value(-0.001))
        XCTAssertEqual(p("1e3"), .value(1000))
        XCTAssertEqual(p("0.1"), .value(0.1))
        XCTAssertEqual(p("123456789012345678901234"), .value(123456789012345678901234.0))
        XCTAssertEqual(p("1e999"), .outOfRange)
        XCTAssertEqual(p("nan"), .invalid)
        XCTAssertEqual(p("inf"), .invalid)
        XCTAssertEqual(p("0x10"), .invalid)
        XCTAssertEqual(p("1,5"), .invalid)
        XCTAssertEqual(p("."), .invalid)
        XCTAssertEqual(p("1e"), .invalid)
    }
}

/// Dates and timestamps built from any numbers never trap.
final class TimeExtremesTests: XCTestCase {
    func testExtremeValuesClampInsteadOfTrapping() {
        let d = LocalDate(daysSinceEpoch: 0)
        XCTAssertEqual(d.adding(days: Int.max).daysSinceEpoch, Int32.max)
        XCTAssertEqual(d.adding(days: Int.min).daysSinceEpoch, Int32.min)
        XCTAssertEqual(d.adding(days: -1).description, "1969-12-31")
        let far = Timestamp(epochSeconds: .max, offsetSeconds: 3600)
        XCTAssertEqual(far.localSeconds, .max)
        XCTAssertEqual(far.localDate.daysSinceEpoch, Int32.max)
        XCTAssertEqual(Timestamp(epochSeconds: .min, offsetSeconds: -3600).localDate.daysSinceEpoch, Int32.min)
        XCTAssertEqual(Timestamp(epochSeconds: -86_400, offsetSeconds: 0).localDate.description, "1969-12-31")
        XCTAssertEqual(Timestamp(epochSeconds: -1, offsetSeconds: 0).localDate.description, "1969-12-31")
    }
}
