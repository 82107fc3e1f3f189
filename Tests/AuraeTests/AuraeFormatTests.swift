import Aurae
import Catalog
import Ingest
import ReportKit
import TestSupport
import XCTest

final class AuraeFormatTests: XCTestCase {
    var f: AuraeFormat!

    override func setUpWithError() throws {
        f = try AuraeFormat(Wording(directory: TestPaths.templates, app: "aurae"))
    }

    func ts(_ s: String) -> Timestamp { parseTimestamp(s)! }

    func log(_ onset: String, _ resolved: String?) -> HeadacheLog {
        HeadacheLog(id: "x", onsetAt: ts(onset), resolvedAt: resolved.map(ts), severity: 3)
    }

    func testDateAndTimeAreInTheEpisodesOwnOffset() {
        let t = ts("2026-02-18T23:34:00-05:00")  // 04:34 UTC on the 19th
        XCTAssertEqual(try f.date(t.localDate), "18 Feb 2026")
        XCTAssertEqual(f.time(t), "23:34")
        XCTAssertEqual(f.time(ts("2026-03-29T03:05:00+02:00")), "03:05")
    }

    func testDurationRoundsMinutesDown() {
        XCTAssertEqual(try f.duration(log("2026-02-18T14:00:00+01:00", "2026-02-18T14:45:59+01:00")), "45m")
        XCTAssertEqual(try f.duration(log("2026-02-18T14:00:00+01:00", "2026-02-18T14:59:59+01:00")), "59m")
        XCTAssertEqual(try f.duration(log("2026-02-18T14:00:00+01:00", "2026-02-18T15:00:00+01:00")), "1h 0m")
        XCTAssertEqual(try f.duration(log("2026-02-18T14:00:00+01:00", "2026-02-18T16:14:30+01:00")), "2h 14m")
        // Across a daylight-saving change the real elapsed time counts, not the wall clocks.
        XCTAssertEqual(try f.duration(log("2026-03-29T01:30:00+01:00", "2026-03-29T03:30:00+02:00")), "1h 0m")
        XCTAssertEqual(try f.duration(log("2026-02-18T14:00:00+01:00", nil)), "Ongoing")
    }

    func testSeverityIsAlwaysAWord() {
        XCTAssertEqual((1...5).map(f.severity), ["Mild", "Mild–moderate", "Moderate", "Moderate–severe", "Severe"])
    }

    func testWeather() {
        var w = Weather()
        XCTAssertEqual(try f.weather(w), "—")
        w.condition = "Partly cloudy"
        XCTAssertEqual(try f.weather(w), "Partly cloudy")
        w.temperatureC = 18
        XCTAssertEqual(try f.weather(w), "18 °C · Partly cloudy")
        w.temperatureC = -2.25
        XCTAssertEqual(try f.weather(w), "-2.3 °C · Partly cloudy")
        w.condition = nil
        XCTAssertEqual(try f.weather(w), "-2.3 °C")
    }

    func testTheClinicalFormatKeepsNumbersOnTheLineOfTheirUnit() throws {
        let clinical = try AuraeFormat(Wording(directory: TestPaths.templates, app: "aurae").compile(AuraeFormat.Keys(noBreak: true)),
                                       noBreak: true)
        XCTAssertEqual(try clinical.duration(log("2026-02-18T14:00:00+01:00", "2026-02-18T16:14:30+01:00")), "2h\u{00A0}14m")
        XCTAssertEqual(try clinical.duration(log("2026-02-18T14:00:00+01:00", "2026-02-18T14:45:59+01:00")), "45m")
        var w = Weather()
        w.temperatureC = 18
        XCTAssertEqual(try clinical.weather(w), "18\u{00A0}°C")
    }

    func testTemperaturesOfAnySizeAreWrittenWithoutTrapping() {
        let cases: [(Double, String)] = [(18.04, "18"), (-0.04, "0"), (0.05, "0.1"), (-0.05, "-0.1"),
                                         (123456789012345.67, "123456789012346"), (1e19, "1e+19"), (-1e300, "-1e+300")]
        for (value, text) in cases {
            var w = Weather()
            w.temperatureC = value
            XCTAssertEqual(try f.weather(w), text + " °C", "\(value)")
        }
    }

    func testTemperaturesThatAreNotNumbersAreUnknown() {
        for value in [Double.nan, .infinity, -.infinity] {
            var w = Weather()
            w.temperatureC = value
            XCTAssertEqual(try f.weather(w), "—", "\(value)")
            w.condition = "Rain"
            XCTAssertEqual(try f.weather(w), "Rain", "\(value)")
        }
    }

    func testDurationsOfAnyLengthAreText() {
        // A year typo: 900 years and 1 hour (328,718 days).
        XCTAssertEqual(try f.duration(log("2026-03-01T08:00:00+01:00", "2926-03-01T09:00:00+01:00")), "7889233h 0m")
        // A resolution before the onset is no time at all.
        XCTAssertEqual(try f.duration(log("2026-03-01T08:00:00+01:00", "1126-03-01T08:00:00+01:00")), "0m")
        let ends: [Timestamp] = [Timestamp(epochSeconds: .min, nanoseconds: .max, offsetSeconds: .min),
                                 Timestamp(epochSeconds: .max, nanoseconds: .min, offsetSeconds: .max)]
        var l = HeadacheLog(id: "x", onsetAt: ends[0], resolvedAt: ends[1], severity: 3)
        let minutes = ((Int128(Int64.max) - Int128(Int64.min)) * 1_000_000_000 + Int128(Int32.min) - Int128(Int32.max)) / 60_000_000_000
        XCTAssertEqual(try f.duration(l), "\(minutes / 60)h \(minutes % 60)m")
        l.onsetAt = ends[1]; l.resolvedAt = ends[0]
        XCTAssertEqual(try f.duration(l), "0m")
    }

    func testTimesAndDatesAtTheEndsOfTimestamps() {
        for t in [Timestamp(epochSeconds: .min, offsetSeconds: .min), Timestamp(epochSeconds: .max, offsetSeconds: .max),
                  Timestamp(epochSeconds: .max, offsetSeconds: .min), Timestamp(epochSeconds: -1, offsetSeconds: 0)] {
            XCTAssertEqual(f.time(t).count, 5)
        }
        for d in [LocalDate(daysSinceEpoch: .min), LocalDate(daysSinceEpoch: .max)] { XCTAssertFalse(try f.date(d).isEmpty) }
        XCTAssertEqual(f.time(Timestamp(epochSeconds: -1, offsetSeconds: 0)), "23:59")
    }

    func testMonthsOutsideTheCalendarAreNumbers() {
        XCTAssertEqual(try f.monthYear(year: 2026, month: 3), "March 2026")
        XCTAssertEqual(try f.monthYear(year: 2026, month: 13), "13 2026")
        XCTAssertEqual(try f.shortMonthYear(year: -5, month: 0), "0 -5")
    }

    func testMedicationsAreTrimmedAndJoined() {
        XCTAssertEqual(f.medications([]), "—")
        XCTAssertEqual(f.medications([MedicationEntry(name: "  Ibuprofen "), MedicationEntry(name: "Topiramate")]),
                       "Ibuprofen, Topiramate")
    }

    func testNotesAreCutAtFortyCharacters() {
        let forty = String(repeating: "a", count: 40)
        XCTAssertEqual(f.notes(forty, limit: 40), forty)
        XCTAssertEqual(f.notes(forty + "b", limit: 40), String(repeating: "a", count: 39) + "…")
        XCTAssertEqual(f.notes("line one\nline two\r\nthree\rfour", limit: 40), "line one line two three four")
        XCTAssertEqual(f.notes("頭痛がひどい。薬を飲んだ", limit: 40), "頭痛がひどい。薬を飲んだ")
        XCTAssertEqual(f.notes(String(repeating: "é", count: 41), limit: 40).unicodeScalars.count, 40)
        XCTAssertEqual(f.notes(nil, limit: 40), "")
        XCTAssertEqual(f.notes("abc", limit: 0), "…")
    }

    /// Every line break counts, whatever its bytes: ones whose last byte is also a continuation
    /// byte of other characters (NEL, LS, PS), beside characters that share those bytes (é, ¨, ©).
    func testNotesBreaksAndCountsAreTheSameOnEveryPath() {
        XCTAssertEqual(f.notes("a\u{85}b\u{2028}c\u{2029}d\u{0B}e\u{0C}f", limit: 40), "a b c d e f")
        XCTAssertEqual(f.notes("café ¨ ©", limit: 40), "café ¨ ©")
        XCTAssertEqual(f.notes("café ¨ ©", limit: 6), "café …")
        XCTAssertEqual(f.notes("🌧️ rain", limit: 7), "🌧️ rain", "seven scalars: the emoji is two")
        XCTAssertEqual(f.notes("🌧️ rain", limit: 6), "🌧️ ra…")
        XCTAssertEqual(f.notes("頭痛がひどい", limit: 6), "頭痛がひどい")
        XCTAssertEqual(f.notes("頭痛がひどい", limit: 5), "頭痛がひ…")
        XCTAssertEqual(f.notes("Привет мир", limit: 4), "При…")
        XCTAssertEqual(f.notes("Привет мир", limit: 1), "…")
        XCTAssertEqual(f.notes("Привет\nмир", limit: 8), "Привет …")
        XCTAssertEqual(f.notes("abc", limit: -1), "abc", "no limit below zero")
    }
}
