@testable import Aurae
@testable import Ingest
import XCTest

final class JSONParserTests: XCTestCase {
    func syntax(_ text: String, limits: IngestLimits = .default) -> JSONSyntaxError? {
        syntax(Array(text.utf8), limits: limits)
    }

    func syntax(_ bytes: [UInt8], limits: IngestLimits = .default) -> JSONSyntaxError? {
        do { _ = try JSONParser.parseDocument(bytes, limits: limits); return nil }
        catch { return error as? JSONSyntaxError }
    }

    func testTreeAndEscapes() throws {
        let v = try JSONParser.parseDocument(Array(#"{"a": [1, -2.5e3, true, false, null], "s": "x\"\\\/\n\u00e9\ud83d\ude00"}"#.utf8))
        XCTAssertEqual(v["a"], .array([.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null]))
        XCTAssertEqual(v["s"], .string("x\"\\/\né😀"))
        if case .array(let a)? = v["a"] { XCTAssertEqual(a[1].doubleValue, -2500) } else { XCTFail("not an array") }
    }

    func testSyntaxErrorPositions() {
        XCTAssertEqual(syntax("[1,\n  2,\n  ]"), JSONSyntaxError(line: 3, column: 3, message: "unexpected character ']'"))
        XCTAssertEqual(syntax("{\"a\": 1"), JSONSyntaxError(line: 1, column: 8, message: "unexpected end of input in an object"))
        XCTAssertEqual(syntax("[1] x"), JSONSyntaxError(line: 1, column: 5, message: "unexpected data after the end of the JSON value"))
        XCTAssertEqual(syntax("[01]"), JSONSyntaxError(line: 1, column: 2, message: "invalid number: leading zero"))
        XCTAssertEqual(syntax("[\"abc"), JSONSyntaxError(line: 1, column: 2, message: "unterminated string"))
        XCTAssertEqual(syntax("[\"\\ud800\"]"), JSONSyntaxError(line: 1, column: 3, message: "invalid \\u escape: unpaired surrogate"))
        XCTAssertEqual(syntax("[\"\\u0000\"]"), JSONSyntaxError(line: 1, column: 3, message: "NUL character (\\u0000) in a string"))
        XCTAssertEqual(syntax("[tru]"), JSONSyntaxError(line: 1, column: 2, message: "invalid literal (expected true, false or null)"))
        XCTAssertEqual(syntax("[NaN]")?.message, "unexpected character 'N'")
        XCTAssertEqual(syntax("")?.message, "unexpected end of input")
        // Columns count characters, not bytes: "é" is one column.
        XCTAssertEqual(syntax("[\"é\", x]"), JSONSyntaxError(line: 1, column: 7, message: "unexpected character 'x'"))
        // CRLF counts as one line break.
        XCTAssertEqual(syntax("[\r\n1,\r\n}"), JSONSyntaxError(line: 3, column: 1, message: "unexpected character '}'"))
    }

    func testInvalidUTF8AndNUL() {
        XCTAssertEqual(syntax([0x5B, 0x22, 0x61, 0xC3, 0x28, 0x22, 0x5D]), JSONSyntaxError(line: 1, column: 4, message: "invalid UTF-8"))
        XCTAssertEqual(syntax([0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D])?.message, "invalid UTF-8")   // encoded surrogate
        XCTAssertEqual(syntax([0x5B, 0x22, 0xC0, 0x80, 0x22, 0x5D])?.message, "invalid UTF-8")         // overlong
        XCTAssertEqual(syntax([0x5B, 0x22, 0x61, 0x00, 0x22, 0x5D]), JSONSyntaxError(line: 1, column: 4, message: "NUL byte in a string"))
        XCTAssertEqual(syntax([0x5B, 0x00, 0x5D]), JSONSyntaxError(line: 1, column: 2, message: "unexpected NUL byte"))
        XCTAssertEqual(syntax([0x5B, 0xFF, 0x5D])?.message, "invalid UTF-8")
    }

    /// A bad string inside an object names its field, as the CSV reader names its column
    /// (docs/input.md): the innermost key the value belongs to, with control characters escaped.
    func testInvalidUTF8AndNULNameTheirField() {
        XCTAssertEqual(syntax(Array(#"{"notes": "a"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)),
                       JSONSyntaxError(line: 1, column: 13, message: "notes contains invalid UTF-8"))
        XCTAssertEqual(syntax(Array(#"{"a": {"b": "x"#.utf8) + [0x00] + Array(#""}}"#.utf8))?.message, "b contains a NUL byte")
        XCTAssertEqual(syntax(Array(#"{"list": ["ok", ""#.utf8) + [0xFF] + Array(#""]}"#.utf8))?.message, "list contains invalid UTF-8")
        XCTAssertEqual(syntax(Array(#"{"x\u001b": ""#.utf8) + [0xFF] + Array(#""}"#.utf8))?.message, "x\\u{1B} contains invalid UTF-8")
    }

    func testBOMIsSkipped() throws {
        XCTAssertEqual(try JSONParser.parseDocument([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)), .array([.number("1")]))
        XCTAssertEqual(syntax([0xEF, 0xBB, 0xBF] + Array("[x]".utf8)), JSONSyntaxError(line: 1, column: 2, message: "unexpected character 'x'"))
    }

    func testDepthAndSizeLimits() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertEqual(syntax(deep), JSONSyntaxError(line: 1, column: 65, message: "nesting deeper than 64 levels"))
        XCTAssertNil(syntax(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)))
        let limits = IngestLimits(maxFieldBytes: 8)
        XCTAssertEqual(syntax("[\"123456789\"]", limits: limits), JSONSyntaxError(line: 1, column: 2, message: "string longer than the limit of 8 bytes"))
        XCTAssertNil(syntax("[\"12345678\"]", limits: limits))
        XCTAssertEqual(syntax("[1234567890]", limits: limits)?.message, "number longer than the limit of 8 bytes")
    }
}

final class JSONLogTests: XCTestCase {
    let full = """
    {"schemaVersion": 1, "exportedBy": "Aurae", "logs": [
      {"id": "a1", "onsetAt": "2026-02-18T14:34:00+01:00", "resolvedAt": null, "severity": 5,
       "onsetSpeed": "instantaneous", "hasAcknowledgedRedFlag": false,
       "weather": {"temperatureC": -3.5, "humidityPct": 55, "pressureHpa": 1002, "pressureTrend": "rising",
                   "uvIndex": 0, "weatherCode": 61, "condition": "Rain", "aqi": null},
       "health": {"heartRateBpm": 80, "restingHeartRateBpm": null, "hrvMs": 32.5, "spo2Pct": 97, "steps": 1200},
       "sleep": {"hours": 5.5, "quality": 1},
       "retrospective": {"headacheType": "migraine", "symptoms": ["aura", "neckPain"], "foods": ["msg", "Sushi"],
                         "alcohol": null, "caffeine": true, "skippedMeal": false, "hydrationGlasses": 0,
                         "stressLevel": 4, "screenTimeHours": 7, "cyclePhase": "menstrual",
                         "environment": ["loudNoise"],
                         "medications": [{"name": "Sumatriptan", "dose": "50 mg", "takenAt": "2026-02-18T15:00:00+01:00",
                                          "isAcute": true, "effectiveness": 5},
                                         {"name": "Magnesium", "isAcute": null}],
                         "notes": "long day"}},
      {"id": "a2", "onsetAt": "2026-02-19T08:00:00Z", "severity": 1, "weather": null, "retrospective": null}
    ]}
    """

    func testWrapperWithNestedObjectsAndNulls() throws {
        let r = try readLogs(full, "f.json")
        XCTAssertEqual(r.records.count, 2)
        XCTAssertEqual(r.warnings.map(\.description), ["f.json:1:22: warning: unknown key \"exportedBy\" ignored"])
        let a = r.records[0]
        XCTAssertEqual(a.severity, 5)
        XCTAssertNil(a.resolvedAt)
        XCTAssertEqual(a.onsetSpeed, .instantaneous)
        XCTAssertEqual(a.hasAcknowledgedRedFlag, false)
        XCTAssertEqual(a.weather.temperatureC, -3.5)
        XCTAssertEqual(a.weather.weatherCode, 61)
        XCTAssertNil(a.weather.aqi)
        XCTAssertNil(a.health.restingHeartRateBpm)
        XCTAssertEqual(a.health.hrvMs, 32.5)
        XCTAssertEqual(a.sleep.quality, 1)
        XCTAssertEqual(a.retrospective.symptoms, [.aura, .neckPain])
        XCTAssertEqual(a.retrospective.foods, ["msg", "Sushi"])
        XCTAssertNil(a.retrospective.alcohol)
        XCTAssertEqual(a.retrospective.hydrationGlasses, 0)
        XCTAssertEqual(a.retrospective.medications.map(\.name), ["Sumatriptan", "Magnesium"])
        XCTAssertEqual(a.retrospective.medications[0].effectiveness, 5)
        XCTAssertNil(a.retrospective.medications[1].isAcute)
        XCTAssertEqual(a.source, SourceLocation(file: "f.json", line: 2, column: 10))
        XCTAssertEqual(r.records[1].weather, Weather())
    }

    func testBareArray() throws {
        let r = try readLogs(#"[{"id":"x","onsetAt":"2026-01-01T00:00:00Z","severity":2}]"#, "b.json")
        XCTAssertEqual(r.records.map(\.id), ["x"])
    }

    func testValueErrorsPointAtValues() {
        let json = """
        [
          {"id": "a", "onsetAt": "2026-02-18T14:34:00", "severity": 3},
          {"id": "b", "onsetAt": "2026-02-18T14:34:00Z", "severity": "severe"},
          {"id": "c", "onsetAt": "2026-02-18T14:34:00Z", "severity": 3.5, "sleep": {"quality": 0}},
          {"onsetAt": "2026-02-18T14:34:00Z"},
          {"id": "e", "onsetAt": "2026-02-18T14:34:00Z", "severity": 2, "retrospective": {"medications": [{"dose": "1"}], "cyclePhase": "spring"}},
          {"id": "f", "onsetAt": "2026-02-18T14:34:00Z", "severity": 2, "weather": {"humidityPct": 1e999}, "health": 3},
          7,
          {"id": "", "onsetAt": "2026-02-18T14:34:00Z", "severity": 2, "severity": 3}
        ]
        """
        XCTAssertEqual(errorsOf { try readLogs(json, "x.json") }, [
            "x.json:2:26: error: onsetAt has no UTC offset: \"2026-02-18T14:34:00\"",
            "x.json:3:62: error: severity must be an integer from 1 to 5, found \"severe\"",
            "x.json:4:62: error: severity must be an integer from 1 to 5, found \"3.5\"",
            "x.json:4:88: error: sleep.quality must be an integer from 1 to 5, found \"0\"",
            "x.json:5:3: error: id is required",
            "x.json:5:3: error: severity is required",
            "x.json:6:99: error: retrospective.medications[1].name is required",
            "x.json:6:129: error: retrospective.cyclePhase must be one of menstrual, follicular, ovulatory, luteal; found \"spring\"",
            "x.json:7:92: error: weather.humidityPct is out of range: \"1e999\"",
            "x.json:7:110: error: health must be an object, found \"3\"",
            "x.json:8:3: error: each record must be an object, found \"7\"",
            "x.json:9:10: error: id is required",
            "x.json:9:76: error: duplicate key \"severity\"",
        ])
    }

    func testSyntaxErrorInRecordsHasPosition() {
        XCTAssertEqual(errorsOf { try readLogs("[\n {\"id\": \"a\",\n  \"severity\": 1,,\n", "s.json") },
                       ["s.json:3:17: error: expected a key in double quotes"])
        XCTAssertEqual(errorsOf { try readLogs("[{\"id\": \"a\"", "t.json") },
                       ["t.json:1:12: error: unexpected end of input in an object"])
    }

    func testWrongRecordsKeyAndSchemaVersion() {
        XCTAssertEqual(errorsOf { try readLogs(#"{"schemaVersion": 1, "handoffs": []}"#, "w.json") },
                       ["w.json:1:22: error: expected \"logs\" records, found \"handoffs\""])
        XCTAssertEqual(errorsOf { try readLogs(#"{"schemaVersion": 2, "logs": []}"#, "v.json") },
                       ["v.json:1:19: error: unsupported schemaVersion \"2\" (expected 1)"])
        XCTAssertEqual(errorsOf { try readLogs(#"{"schemaVersion": 1}"#, "n.json") },
                       ["n.json:1:1: error: no \"logs\" array in the top-level object"])
        XCTAssertEqual(errorsOf { try readLogs(#""logs""#, "q.json") },
                       ["q.json:1:1: error: expected an array of records or an object with \"logs\""])
    }

    func testUnknownNestedKeyWarnsOnce() throws {
        let json = """
        [{"id":"a","onsetAt":"2026-01-01T00:00:00Z","severity":1,"weather":{"wind":3}},
         {"id":"b","onsetAt":"2026-01-01T00:00:00Z","severity":1,"weather":{"wind":4}}]
        """
        let r = try readLogs(json, "k.json")
        XCTAssertEqual(r.warnings.map(\.description), ["k.json:1:69: warning: unknown key \"weather.wind\" ignored"])
    }

    func testNotesNeverEchoed() {
        let secret = "I argued with my sister about money again"
        let errs = errorsOf { try readLogs(#"[{"id":"a","onsetAt":"2026-01-01T00:00:00Z","severity":1,"retrospective":{"notes":"\#(secret)","stressLevel":"\#(secret)"}}]"#, "n.json") }
        XCTAssertEqual(errs.count, 1)
        XCTAssertFalse(errs[0].contains(secret))
        XCTAssertTrue(errs[0].hasSuffix("found \"I argued with my sis…\""))
    }
}

final class JSONMinifiedPositionTests: XCTestCase {
    func testColumnsOnOneLongLineCountCharacters() {
        // Records on one line; non-ASCII before the errors; the first error (record start) is
        // reported after positions further right were already resolved.
        let json = #"[{"notes":"é😀","severity":1,"onsetAt":"2026-01-01T00:00:00Z"},{"id":"b","severity":0,"onsetAt":"2026-01-01T00:00:00Z"}]"#
        XCTAssertEqual(errorsOf { try readLogs(json, "m.json") }, [
            "m.json:1:2: error: id is required",
            "m.json:1:84: error: severity must be an integer from 1 to 5, found \"0\"",
        ])
    }
}
