@testable import Aurae
@testable import Ingest
import XCTest

/// Integers, physical ranges, years and spans, checked where values enter.
final class RangeTests: XCTestCase {
    let onset = "2026-03-02T08:10:00+01:00"

    /// The messages of a one-record CSV read with `column` set to `value`.
    func csvErrors(_ column: String, _ value: String) -> [String] {
        errorsOf { try readLogs("id,onset_at,severity,\(column)\nr1,\(onset),3,\(value)\n") }
    }

    /// The messages of a one-record JSON read with `member` (raw JSON text) added.
    func jsonErrors(_ member: String) -> [String] {
        errorsOf { try readLogs("[{\"id\": \"r1\", \"onsetAt\": \"\(onset)\", \"severity\": 3, \(member)}]", "r.json") }
    }

    /// The fields' names are spelled out (no reflection at start): each is its case's name, so
    /// the JSON keys and CSV columns stay what they were.
    func testEveryLogFieldIsNamedAfterItsCase() {
        XCTAssertEqual(LogField.caseNames.count, LogField.allCases.count)
        for field in LogField.allCases {
            XCTAssertEqual(LogField.caseNames[field.rawValue], String(describing: field))
        }
        XCTAssertEqual(LogField.paths.first, "id")
        XCTAssertTrue(LogField.paths.contains("weather.humidityPct"))
        XCTAssertTrue(LogField.paths.contains("sleep.hours"))
        XCTAssertTrue(LogField.csvNames.contains("humidity_pct"))
    }

    func testSeverityThreePointZeroIsNotAnInteger() {
        XCTAssertEqual(errorsOf { try readLogs(csvHeader + "r1,\(onset),3.0\n") },
                       ["t.csv:2:3: error: severity must be an integer from 1 to 5, found \"3.0\""])
        XCTAssertEqual(errorsOf { try readLogs("[{\"id\": \"r1\", \"onsetAt\": \"\(onset)\", \"severity\": 3.0}]", "r.json") },
                       ["r.json:1:67: error: severity must be an integer from 1 to 5, found \"3.0\""])
        for bad in ["3e0", "2.5", "+", "0x3", "１", "03.", "-0.0"] {
            XCTAssertEqual(csvErrors("stress_level", bad).count, 1, bad)
        }
        XCTAssertEqual(try readLogs(csvHeader + "r1,\(onset),+3\n").records.first?.severity, 3)
    }

    func testNegativeSleepAndStepsAreRejected() {
        XCTAssertEqual(csvErrors("sleep_hours", "-1"), ["t.csv:2:4: error: sleep_hours must be a number from 0 to 24, found \"-1\""])
        XCTAssertEqual(csvErrors("steps", "-200"), ["t.csv:2:4: error: steps must be a number from 0 to 1000000, found \"-200\""])
        XCTAssertEqual(jsonErrors("\"sleep\": {\"hours\": 25}"), ["r.json:1:89: error: sleep.hours must be a number from 0 to 24, found \"25\""])
    }

    func testHeartRateOf1e300AndTemperatureOf1e19AreRejected() {
        XCTAssertEqual(jsonErrors("\"health\": {\"heartRateBpm\": 1e300}"),
                       ["r.json:1:97: error: health.heartRateBpm must be a number from 0 to 600, found \"1e300\""])
        XCTAssertEqual(csvErrors("temperature_c", "1e19"),
                       ["t.csv:2:4: error: temperature_c must be a number from -100 to 100, found \"1e19\""])
    }

    func testRealExtremeReadingsAreAccepted() throws {
        let csv = "id,onset_at,severity,temperature_c,pressure_hpa,uv_index,aqi,heart_rate_bpm,hrv_ms,steps,sleep_hours,weather_code,hydration_glasses\n"
            + "r1,\(onset),5,-89.2,870,43.3,999,250,400,120000,24,99,30\n"
            + "r2,\(onset.replacingOccurrences(of: "08:10", with: "09:10")),1,56.7,1084,0,0,30,5,0,0,0,0\n"
        XCTAssertEqual(try readLogs(csv).records.count, 2)
    }

    /// Class: every numeric field rejects huge, negative-huge and NaN-like values, in both formats.
    func testEveryNumericFieldRejectsAbsurdValues() {
        let numeric: [LogField] = [.severity, .temperatureC, .humidityPct, .pressureHpa, .uvIndex, .weatherCode, .aqi,
                                   .heartRateBpm, .restingHeartRateBpm, .hrvMs, .spo2Pct, .steps, .sleepHours,
                                   .sleepQuality, .hydrationGlasses, .stressLevel, .screenTimeHours]
        for f in numeric {
            for bad in ["1e300", "-1e300", "NaN", "inf", "-Infinity", "1e999", "9223372036854775808", "0x10", "1,5"] {
                let columns = f == .severity ? "id,onset_at,severity" : "id,onset_at,severity,\(f.csvName)"
                let values = f == .severity ? "r1,\(onset),\"\(bad)\"" : "r1,\(onset),3,\"\(bad)\""
                let csv = errorsOf { try readLogs(columns + "\n" + values + "\n") }
                XCTAssertEqual(csv.count, 1, "\(f.csvName) = \(bad): \(csv)")
                XCTAssertTrue(csv.first?.contains(f.csvName) ?? false, "\(csv)")
                for json in [bad, "\"\(bad)\""] {
                    let member = f.group == .top ? "\"\(f.jsonKey)\": \(json)" : "\"\(f.group.rawValue)\": {\"\(f.jsonKey)\": \(json)}"
                    let text = "[{\"id\": \"r1\", \"onsetAt\": \"\(onset)\"" + (f == .severity ? "" : ", \"severity\": 3")
                        + ", \(member)}]"
                    let errors = errorsOf { try readLogs(text, "r.json") }
                    XCTAssertEqual(errors.count, 1, "\(f.jsonName) = \(json): \(errors)")
                }
            }
        }
        for column in ["sleep_hours", "sleep_quality", "stress_level", "humidity_pct"] {
            for bad in ["1e300", "-1e300", "NaN", "-1"] {
                let errors = errorsOf {
                    try DayContextReader.read(bytes: Array("date,\(column)\n2026-03-01,\(bad)\n".utf8), name: "d.csv", format: .csv)
                }
                XCTAssertEqual(errors.count, 1, "\(column) = \(bad)")
            }
        }
        XCTAssertEqual(csvErrors("medications", "Ibuprofen||||3.0"),
                       ["t.csv:2:4: error: medications[1].effectiveness must be an integer from 1 to 5, found \"3.0\""])
    }

    func testTimestampsAndDatesOutsideTheYearsAreRejected() {
        XCTAssertEqual(errorsOf { try readLogs(csvHeader + "r1,1899-12-31T23:00:00Z,3\n") },
                       ["t.csv:2:2: error: onset_at must be a timestamp in the years 1900 to 2100, found \"1899-12-31T23:00:00Z\""])
        XCTAssertEqual(errorsOf { try readLogs(csvHeader + "r1,9999-12-31T23:59:59+14:00,3\n") }.count, 1)
        XCTAssertEqual(csvErrors("medications", "X||2101-01-01T00:00:00Z||").count, 1)
        XCTAssertEqual(errorsOf { try DayContextReader.read(bytes: Array("date\n0001-01-01\n".utf8), name: "d.csv", format: .csv) },
                       ["d.csv:2:1: error: date must be a date in the years 1900 to 2100, found \"0001-01-01\""])
        XCTAssertNoThrow(try readLogs(csvHeader + "r1,1900-01-01T00:00:00Z,3\nr2,2100-12-31T23:59:59-12:00,3\n"))
    }

    func testTheYearBoundsAreExact() {
        let ok = ["1900-01-01T00:00:00Z", "1900-01-01T00:00:00+14:00", "2100-12-31T23:59:59Z", "2100-12-31T23:59:59-12:00"]
        let bad = ["1899-12-31T23:59:59Z", "1899-12-31T23:59:59-12:00", "2101-01-01T00:00:00Z", "2101-01-01T00:00:00+14:00"]
        for t in ok { XCTAssertTrue(InputYears.contains(Timestamp(iso: t)!), t) }
        for t in bad { XCTAssertFalse(InputYears.contains(Timestamp(iso: t)!), t) }
        XCTAssertTrue(InputYears.contains(LocalDate(iso: "2100-12-31")!))
        XCTAssertFalse(InputYears.contains(LocalDate(iso: "1899-12-31")!))
    }

    func testAnEpisodeOf900YearsIsRejected() {
        // The year typo of the issue: 2926 lies outside the years, 2027 is more than 366 days later.
        XCTAssertEqual(csvErrors("resolved_at", "2926-03-02T09:10:00+01:00"),
                       ["t.csv:2:4: error: resolved_at must be a timestamp in the years 1900 to 2100, found \"2926-03-02T09:10:00+…\""])
        XCTAssertEqual(csvErrors("resolved_at", "2027-03-03T09:10:00+01:00"),
                       ["t.csv:2:4: error: resolved_at is more than 366 days after onset_at"])
        XCTAssertEqual(jsonErrors("\"resolvedAt\": \"2100-01-01T00:00:00Z\""),
                       ["r.json:1:84: error: resolvedAt is more than 366 days after onsetAt"])
        XCTAssertNoThrow(try readLogs("id,onset_at,severity,resolved_at\nr1,\(onset),3,2027-03-02T08:10:00+01:00\n"))
    }

    func testAMedicationTakenCenturiesAwayIsRejected() {
        XCTAssertEqual(csvErrors("medications", "Ibuprofen|400 mg|1926-03-02T08:00:00+01:00|true|4"),
                       ["t.csv:2:4: error: medications[1].takenAt is more than 366 days before or after onset_at"])
        XCTAssertEqual(jsonErrors("\"retrospective\": {\"medications\": [{\"name\": \"A\"}, {\"name\": \"B\", \"takenAt\": \"2099-01-01T00:00:00Z\"}]}"),
                       ["r.json:1:144: error: retrospective.medications[2].takenAt is more than 366 days before or after onsetAt"])
        XCTAssertNoThrow(try readLogs("id,onset_at,severity,medications\nr1,\(onset),3,Topiramate|50 mg|2025-03-02T08:00:00+01:00|false|\n"))
    }

    func testSkipInvalidSkipsOutOfRangeRecords() throws {
        let r = try readLogs(csvHeader.dropLast() + ",steps\nr1,\(onset),3,-5\nr2,\(onset),3,5000\n", skipInvalid: true)
        XCTAssertEqual(r.records.map(\.id), ["r2"])
        XCTAssertEqual(r.skipped, 1)
        XCTAssertEqual(r.warnings.map(\.messageWithoutValues), ["steps must be a number from 0 to 1000000"])
    }
}
