@testable import Aurae
@testable import Ingest
import XCTest

final class CSVRecordReaderTests: XCTestCase {
    func testQuotedNewlinesShiftLines() throws {
        let rows = try CSVRecordReader.records(Array("a,b\n1,\"x\ny\nz\"\n\n2,3\n".utf8))
        XCTAssertEqual(rows.map(\.line), [1, 2, 6])
        XCTAssertEqual(rows[1].fields, ["1", "x\ny\nz"])
        XCTAssertEqual(rows[2].fields, ["2", "3"])
    }

    func testCRLFAndBOM() throws {
        let rows = try CSVRecordReader.records([0xEF, 0xBB, 0xBF] + Array("id,x\r\n1,\"a\r\nb\"\r\n\r\n2,c\r\n".utf8))
        XCTAssertEqual(rows.map(\.line), [1, 2, 5])
        XCTAssertEqual(rows[0].fields, ["id", "x"])
        XCTAssertEqual(rows[1].fields, ["1", "a\r\nb"])
    }

    func testNoTrailingNewlineAndEscapedQuotes() throws {
        let rows = try CSVRecordReader.records(Array("a,b\n\"he said \"\"hi\"\"\",2".utf8))
        XCTAssertEqual(rows.count, 2)
        XCTAssertEqual(rows[1].fields, ["he said \"hi\"", "2"])
    }

    func testUnterminatedQuoteAtEOF() {
        XCTAssertThrowsError(try CSVRecordReader.records(Array("a,b\n1,2\n3,\"oops\nmore".utf8))) { e in
            XCTAssertEqual(e as? CSVSyntaxError, CSVSyntaxError(line: 3, column: 2, message: "unterminated quoted field at end of input"))
        }
    }

    func testStrayQuote() {
        XCTAssertThrowsError(try CSVRecordReader.records(Array("a,b\n1,2\n3,ab\"c\n".utf8))) { e in
            let err = e as? CSVSyntaxError
            XCTAssertEqual(err?.line, 3)
            XCTAssertEqual(err?.column, 2)
        }
    }

    func testColumnLimitAndFieldLimit() {
        let wide = String(repeating: "x,", count: 2000) + "x\n"
        XCTAssertThrowsError(try CSVRecordReader.records(Array(wide.utf8))) { e in
            XCTAssertEqual((e as? CSVSyntaxError)?.message, "more than 1024 fields in a row (limit)")
            XCTAssertEqual((e as? CSVSyntaxError)?.column, 1025)
        }
        let limits = IngestLimits(maxFieldBytes: 10)
        XCTAssertThrowsError(try CSVRecordReader.records(Array("a\n12345678901\n".utf8), limits: limits)) { e in
            XCTAssertEqual(e as? CSVSyntaxError, CSVSyntaxError(line: 2, column: 1, message: "field longer than the limit of 10 bytes"))
        }
    }

    func testSmallChunksGiveSameResult() throws {
        let text = Array("a,b\n1,\"x\r\ny\"\r\n2,3\r\n4,\"5\"\n".utf8)
        var rows: [String] = []
        try text.withUnsafeBytes { buf in
            try CSVRecordReader().parse(buf, chunkSize: 1) { r in rows.append("\(r.line):\(r.strings)") }
        }
        XCTAssertEqual(rows, ["1:[\"a\", \"b\"]", "2:[\"1\", \"x\\r\\ny\"]", "4:[\"2\", \"3\"]", "5:[\"4\", \"5\"]"])
    }
}

final class CSVLogTests: XCTestCase {
    func testFullRecordWithMedications() throws {
        let csv = """
        ID,Onset_At,severity,resolved_at,onset_speed,has_acknowledged_red_flag,temperature_c,humidity_pct,pressure_hpa,pressure_trend,uv_index,weather_code,condition,aqi,heart_rate_bpm,resting_heart_rate_bpm,hrv_ms,spo2_pct,steps,sleep_hours,sleep_quality,headache_type,symptoms,foods,alcohol,caffeine,skipped_meal,hydration_glasses,stress_level,screen_time_hours,cycle_phase,environment,medications,notes
        a1,2026-02-18T14:34:00+01:00,3,2026-02-18T18:00:00+01:00,gradual,yes,12.5,80,1013.2,falling,3,2,Partly cloudy,,72,60,45,98,5000,6.5,2,tension,nausea;lightSensitivity,agedCheese; pickled herring ,true,0,no,4,5,3.5,luteal,brightLights,"Ibuprofen|400 mg|2026-02-18T15:00:00+01:00|true|4;Topiramate|50 mg||false|",felt bad

        """
        let r = try readLogs(csv)
        XCTAssertEqual(r.records.count, 1)
        XCTAssertEqual(r.warnings, [])
        let log = r.records[0]
        XCTAssertEqual(log.id, "a1")
        XCTAssertEqual(log.severity, 3)
        XCTAssertEqual(log.resolvedAt?.description, "2026-02-18T18:00:00+01:00")
        XCTAssertEqual(log.onsetSpeed, .gradual)
        XCTAssertEqual(log.hasAcknowledgedRedFlag, true)
        XCTAssertEqual(log.weather.temperatureC, 12.5)
        XCTAssertEqual(log.weather.pressureTrend, .falling)
        XCTAssertEqual(log.weather.weatherCode, 2)
        XCTAssertEqual(log.weather.condition, "Partly cloudy")
        XCTAssertNil(log.weather.aqi)
        XCTAssertEqual(log.health.spo2Pct, 98)
        XCTAssertEqual(log.sleep.hours, 6.5)
        XCTAssertEqual(log.sleep.quality, 2)
        XCTAssertEqual(log.retrospective.symptoms, [.nausea, .lightSensitivity])
        XCTAssertEqual(log.retrospective.foods, ["agedCheese", "pickled herring"])
        XCTAssertEqual(log.retrospective.alcohol, true)
        XCTAssertEqual(log.retrospective.caffeine, false)
        XCTAssertEqual(log.retrospective.skippedMeal, false)
        XCTAssertEqual(log.retrospective.hydrationGlasses, 4)
        XCTAssertEqual(log.retrospective.cyclePhase, .luteal)
        XCTAssertEqual(log.retrospective.environment, [.brightLights])
        XCTAssertEqual(log.retrospective.notes, "felt bad")
        XCTAssertEqual(log.retrospective.medications, [
            MedicationEntry(name: "Ibuprofen", dose: "400 mg", takenAt: parseTimestamp("2026-02-18T15:00:00+01:00"),
                            isAcute: true, effectiveness: 4),
            MedicationEntry(name: "Topiramate", dose: "50 mg", takenAt: nil, isAcute: false, effectiveness: nil),
        ])
        XCTAssertEqual(log.source, SourceLocation(file: "t.csv", line: 2, column: 1))
    }

    func testEmptyMeansUnknownAndColumnOrderFree() throws {
        let r = try readLogs("severity,alcohol,onset_at,id\n2,,2026-01-01T00:00:00Z,x\n")
        XCTAssertEqual(r.records.first?.retrospective.alcohol, nil)
        XCTAssertEqual(r.records.first?.id, "x")
    }

    func testErrorMessagesWithPositions() {
        let csv = """
        id,onset_at,severity,resolved_at,humidity_pct,symptoms
        a,2026-02-18T14:34:00,3,,,
        b,2026-02-18T14:34:00Z,severe,,,
        c,2026-02-30T14:34:00Z,3,,,
        d,2026-02-18T14:34:00Z,3,2026-02-18T10:00:00Z,,
        e,2026-02-18T14:34:00Z,3,,120,
        f,2026-02-18T14:34:00Z,3,,,nausea;sneezing
        ,2026-02-18T14:34:00Z,3,,,
        h,2026-02-18T14:34:00Z,,,,

        """
        XCTAssertEqual(errorsOf { try readLogs(csv, "dir/logs.csv") }, [
            "dir/logs.csv:2:2: error: onset_at has no UTC offset: \"2026-02-18T14:34:00\"",
            "dir/logs.csv:3:3: error: severity must be an integer from 1 to 5, found \"severe\"",
            "dir/logs.csv:4:2: error: onset_at is not a real date and time: \"2026-02-30T14:34:00Z\"",
            "dir/logs.csv:5:4: error: resolved_at is before onset_at",
            "dir/logs.csv:6:5: error: humidity_pct must be a number from 0 to 100, found \"120\"",
            "dir/logs.csv:7:6: error: symptoms must be one of nausea, lightSensitivity, soundSensitivity, aura, neckPain, visualDisturbances; found \"sneezing\"",
            "dir/logs.csv:8:1: error: id is required",
            "dir/logs.csv:9:3: error: severity is required",
        ])
    }

    func testWrongFieldCount() {
        XCTAssertEqual(errorsOf { try readLogs(csvHeader + "a,2026-01-01T00:00:00Z\nb,2026-01-01T00:00:00Z,1,extra\n") }, [
            "t.csv:2:3: error: expected 3 fields, found 2",
            "t.csv:3:4: error: expected 3 fields, found 4",
        ])
    }

    func testQuotedNewlinesAndCRLFShiftErrorLines() {
        let csv = "id,notes,onset_at,severity\r\na,\"line1\r\nline2\r\nline3\",2026-01-01T00:00:00Z,1\r\nb,,2026-01-01T00:00:00Z,9\r\n"
        XCTAssertEqual(errorsOf { try readLogs(csv) }, ["t.csv:5:4: error: severity must be an integer from 1 to 5, found \"9\""])
    }

    func testBOMInHeader() throws {
        let r = try HeadacheLogReader.read(bytes: [0xEF, 0xBB, 0xBF] + Array((csvHeader + "a,2026-01-01T00:00:00Z,1\n").utf8),
                                           name: "b.csv", format: .csv)
        XCTAssertEqual(r.records.count, 1)
        XCTAssertEqual(r.warnings, [])
    }

    func testUnknownColumnWarnsOnceAcrossFiles() throws {
        let dir = TempDir()
        let a = dir.write("a.csv", "id,onset_at,severity,mood\na,2026-01-01T00:00:00Z,1,ok\nb,2026-01-01T00:00:00Z,1,ok\n")
        let b = dir.write("b.csv", "mood,id,onset_at,severity\nok,c,2026-01-01T00:00:00Z,1\n")
        let r = try HeadacheLogReader.read([a, b], options: IngestOptions())
        XCTAssertEqual(r.records.map(\.id), ["a", "b", "c"])
        XCTAssertEqual(r.warnings.map(\.description), ["\(a.path):1:4: warning: unknown column \"mood\" ignored"])
    }

    func testMissingRequiredColumnAndDuplicateColumn() {
        XCTAssertEqual(errorsOf { try readLogs("id,severity\na,1\n") }, ["t.csv:1:1: error: missing required column onset_at"])
        XCTAssertEqual(errorsOf { try readLogs("id,onset_at,severity,ID\n") },
                       ["t.csv:1:4: error: duplicate column \"ID\" (also column 1)"])
    }

    func testMedicationErrors() {
        let csv = String(csvHeader.dropLast()) + ",medications\n"
            + "a,2026-01-01T00:00:00Z,1,\"Ibuprofen|400 mg|2026-01-01T10:00:00|true|4;|5 mg\"\n"
            + "b,2026-01-01T00:00:00Z,1,x|1|2|3|4|5\n"
            + "c,2026-01-01T00:00:00Z,1,x|||maybe|9\n"
        XCTAssertEqual(errorsOf { try readLogs(String(csv)) }, [
            "t.csv:2:4: error: medications[1].takenAt has no UTC offset: \"2026-01-01T10:00:00\"",
            "t.csv:2:4: error: medications[2].name is required",
            "t.csv:3:4: error: medications[1] has 6 parts; expected at most 5 (name|dose|takenAt|isAcute|effectiveness)",
            "t.csv:4:4: error: medications[1].isAcute must be true or false (or yes/no/1/0), found \"maybe\"",
            "t.csv:4:4: error: medications[1].effectiveness must be an integer from 1 to 5, found \"9\"",
        ])
    }

    func testUnterminatedQuoteAtEOFIsAnError() {
        XCTAssertEqual(errorsOf { try readLogs(csvHeader + "a,2026-01-01T00:00:00Z,1\nb,\"2026") },
                       ["t.csv:3:2: error: unterminated quoted field at end of input"])
    }

    func testInvalidUTF8AndNUL() {
        var bytes = Array((String(csvHeader.dropLast()) + ",notes\n").utf8)
        bytes += Array("a,2026-01-01T00:00:00Z,1,ok".utf8) + [0xC3, 0x28] + [0x0A]
        bytes += Array("b,2026-01-01T00:00:00Z,1,o".utf8) + [0x00] + [0x0A]
        XCTAssertEqual(errorsOf { try HeadacheLogReader.read(bytes: bytes, name: "u.csv", format: .csv) }, [
            "u.csv:2:4: error: notes contains invalid UTF-8",
            "u.csv:3:4: error: notes contains a NUL byte",
        ])
    }

    func testEmptyInput() {
        XCTAssertEqual(errorsOf { try readLogs("") }, ["t.csv:1:1: error: no header row (the input is empty)"])
        XCTAssertEqual(try readLogs(csvHeader).records.count, 0)
    }

    func testNotesNeverEchoedInFull() {
        let secret = "My very private note about my migraine and my family"
        let csv = String(csvHeader.dropLast()) + ",notes,severity2\n" + "a,2026-01-01T00:00:00Z,7,\"\(secret)\",x\n"
        let errs = errorsOf { try readLogs(String(csv)) }
        XCTAssertFalse(errs.isEmpty)
        for e in errs { XCTAssertFalse(e.contains(secret)); XCTAssertFalse(e.contains("private note")) }
        // An invalid long value is cut at 20 characters.
        let errs2 = errorsOf { try readLogs(csvHeader + "a,\(secret),1\n") }
        XCTAssertEqual(errs2, ["t.csv:2:2: error: onset_at must be an ISO 8601 timestamp with a UTC offset, found \"My very private note…\""])
    }
}
