@testable import Aurae
@testable import Ingest
import XCTest

final class ReaderTests: XCTestCase {
    func testMergedFilesAndDuplicateIdsAcrossFiles() throws {
        let dir = TempDir()
        let b = dir.write("b.json", "[\n  {\"severity\": 1, \"id\": \"dup-1\", \"onsetAt\": \"2026-01-01T00:00:00Z\"}\n]\n")
        let a = dir.write("a.csv", csvHeader + "x,2026-01-02T00:00:00Z,2\ndup-1,2026-01-03T00:00:00Z,3\n")
        let ok = try HeadacheLogReader.read([a], options: IngestOptions())
        XCTAssertEqual(ok.records.map(\.id), ["x", "dup-1"])
        XCTAssertEqual(ok.bytesRead, (csvHeader + "x,2026-01-02T00:00:00Z,2\ndup-1,2026-01-03T00:00:00Z,3\n").utf8.count)

        let errs = errorsOf { try HeadacheLogReader.read([b, a], options: IngestOptions()) }
        XCTAssertEqual(errs, ["\(a.path):3:1: error: duplicate id; first seen at \(b.path):2:25"])
        XCTAssertFalse(errs[0].contains("dup-1"))

        // With skipInvalid the second one is skipped and counted.
        let r = try HeadacheLogReader.read([b, a], options: IngestOptions(skipInvalid: true))
        XCTAssertEqual(r.records.map(\.id), ["dup-1", "x"])
        XCTAssertEqual(r.skipped, 1)
        XCTAssertEqual(r.warnings.map(\.description), ["\(a.path):3:1: warning: duplicate id; first seen at \(b.path):2:25"])
    }

    func testDuplicateWithinOneFile() {
        XCTAssertEqual(errorsOf { try readLogs(csvHeader + "a,2026-01-01T00:00:00Z,1\nb,2026-01-01T00:00:00Z,1\na,2026-01-01T00:00:00Z,1\n") },
                       ["t.csv:4:1: error: duplicate id; first seen at t.csv:2:1"])
    }

    func testSkipInvalidCounts() throws {
        let csv = csvHeader + "a,2026-01-01T00:00:00Z,1\nb,bad,1\nc,2026-01-01T00:00:00Z,0\nd,2026-01-01T00:00:00Z\ne,2026-01-01T00:00:00Z,5\n"
        let r = try readLogs(csv, skipInvalid: true)
        XCTAssertEqual(r.records.map(\.id), ["a", "e"])
        XCTAssertEqual(r.skipped, 3)
        XCTAssertEqual(r.warnings.count, 3)
        XCTAssertTrue(r.warnings.allSatisfy { $0.severity == .warning })
        XCTAssertEqual(r.warnings.map(\.location?.line), [3, 4, 5])
    }

    func testFiftyErrorCap() {
        var csv = csvHeader
        for i in 0..<120 { csv += "r\(i),2026-01-01T00:00:00Z,9\n" }
        let errs = errorsOf { try readLogs(csv) }
        XCTAssertEqual(errs.count, 51)
        XCTAssertEqual(errs[0], "t.csv:2:3: error: severity must be an integer from 1 to 5, found \"9\"")
        XCTAssertEqual(errs[49], "t.csv:51:3: error: severity must be an integer from 1 to 5, found \"9\"")
        XCTAssertEqual(errs[50], "report: error: 70 more errors not shown")
        XCTAssertEqual(errorsOf { try readLogs(csv, maxErrors: 3) }.last, "report: error: 117 more errors not shown")
    }

    func testRecordLimit() {
        let csv = csvHeader + "a,2026-01-01T00:00:00Z,1\nb,2026-01-01T00:00:00Z,1\nc,2026-01-01T00:00:00Z,1\n"
        XCTAssertEqual(errorsOf { try readLogs(csv, limits: IngestLimits(maxRecords: 2)) },
                       ["t.csv:4:1: error: more than 2 records (limit)"])
        XCTAssertEqual(errorsOf { try readLogs("[{},\n {},\n {}]", "l.json", limits: IngestLimits(maxRecords: 2), maxErrors: 1) },
                       ["l.json:1:2: error: id is required", "report: error: 6 more errors not shown"])
        XCTAssertEqual(errorsOf { try readLogs("[{},\n {},\n {}]", "l.json", skipInvalid: true, limits: IngestLimits(maxRecords: 2)) },
                       ["l.json:3:2: error: more than 2 records (limit)"])
    }

    func testFileSizeLimitAndUnreadable() throws {
        let dir = TempDir()
        let big = dir.write("big.csv", csvHeader + "a,2026-01-01T00:00:00Z,1\n")
        XCTAssertEqual(errorsOf { try HeadacheLogReader.read([big], options: IngestOptions(limits: IngestLimits(maxFileBytes: 10))) },
                       ["\(big.path):1:1: error: input is 46 bytes, over the limit of 10 bytes (--max-input-bytes)"])
        XCTAssertThrowsError(try HeadacheLogReader.read([InputSource(path: dir.path("missing.csv"))], options: IngestOptions())) { e in
            guard case .unreadable(let path, let reason)? = e as? IngestError else { return XCTFail("\(e)") }
            XCTAssertEqual(path, dir.path("missing.csv"))
            XCTAssertEqual(reason, "No such file or directory")
        }
        XCTAssertThrowsError(try HeadacheLogReader.read([InputSource(path: dir.url.path)], options: IngestOptions())) { e in
            guard case .unreadable(_, let reason)? = e as? IngestError else { return XCTFail("\(e)") }
            XCTAssertEqual(reason, "is a directory")
        }
    }

    func testFormatByExtensionForcedAndSniffed() throws {
        let dir = TempDir()
        let json = #"[{"id":"a","onsetAt":"2026-01-01T00:00:00Z","severity":1}]"#
        let upper = dir.write("X.JSON", json)
        XCTAssertEqual(try HeadacheLogReader.read([upper], options: IngestOptions()).records.count, 1)
        let txt = dir.write("logs.txt", json)
        XCTAssertEqual(try HeadacheLogReader.read([txt], options: IngestOptions()).records.count, 1)
        let csvAsTxt = dir.write("logs2.txt", csvHeader + "a,2026-01-01T00:00:00Z,1\n")
        XCTAssertEqual(try HeadacheLogReader.read([csvAsTxt], options: IngestOptions()).records.count, 1)
        // Forcing CSV on JSON text fails as CSV would.
        XCTAssertFalse(errorsOf { try HeadacheLogReader.read([upper], options: IngestOptions(format: .csv)) }.isEmpty)
        XCTAssertEqual(InputSource(path: "-").displayName, "<stdin>")
    }

    func testCSVDeepColumnsAndMillionColumnsDoNotCrash() {
        let header = String(repeating: "c,", count: 1_000_000) + "id\n"
        let errs = errorsOf { try readLogs(header) }
        XCTAssertEqual(errs, ["t.csv:1:1025: error: more than 1024 fields in a row (limit)"])
    }

    func testDeepJSONRecordNesting() {
        let deep = "[{\"id\":\"a\",\"x\":" + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000) + "}]"
        XCTAssertEqual(errorsOf { try readLogs(deep, "d.json") }, ["d.json:1:78: error: nesting deeper than 64 levels"])
    }

    func testHugeStringField() {
        let big = String(repeating: "x", count: 2 << 20)
        XCTAssertEqual(errorsOf { try readLogs("[{\"id\":\"\(big)\"}]", "h.json") },
                       ["h.json:1:8: error: string longer than the limit of 1048576 bytes"])
        XCTAssertEqual(errorsOf { try readLogs(csvHeader + "\(big),2026-01-01T00:00:00Z,1\n") },
                       ["t.csv:2:1: error: field longer than the limit of 1048576 bytes"])
    }

    func testTruncatedJSONAndGarbage() {
        XCTAssertEqual(errorsOf { try readLogs("[{\"id\":\"a\",\"onsetAt\":\"2026", "t.json") },
                       ["t.json:1:22: error: unterminated string"])
        XCTAssertEqual(errorsOf { try readLogs("[]\n]", "g.json") },
                       ["g.json:2:1: error: unexpected data after the end of the JSON value"])
    }
}

final class DayContextTests: XCTestCase {
    func testCSVAndJSONDays() throws {
        let dir = TempDir()
        let c = dir.write("d.csv", "date,sleep_hours,sleep_quality,stress_level,alcohol,caffeine,skipped_meal,pressure_trend,humidity_pct,cycle_phase\n2026-02-01,7.5,4,2,no,YES,0,stable,40,follicular\n")
        let j = dir.write("d.json", #"{"schemaVersion":1,"days":[{"date":"2026-02-02","sleepHours":null,"stressLevel":5}]}"#)
        let r = try DayContextReader.read([c, j], options: IngestOptions())
        XCTAssertEqual(r.records.map(\.date.description), ["2026-02-01", "2026-02-02"])
        XCTAssertEqual(r.records[0].sleepHours, 7.5)
        XCTAssertEqual(r.records[0].caffeine, true)
        XCTAssertEqual(r.records[0].alcohol, false)
        XCTAssertEqual(r.records[0].pressureTrend, .stable)
        XCTAssertEqual(r.records[0].cyclePhase, .follicular)
        XCTAssertEqual(r.records[1].stressLevel, 5)
        XCTAssertNil(r.records[1].sleepHours)
    }

    func testDayErrors() {
        let csv = "date,stress_level\n2026-02-30,1\nyesterday,2\n2026-02-01,6\n2026-02-01,1\n2026-02-01,1\n"
        XCTAssertEqual(errorsOf { try DayContextReader.read(bytes: Array(csv.utf8), name: "d.csv", format: .csv) }, [
            "d.csv:2:1: error: date is not a real date: \"2026-02-30\"",
            "d.csv:3:1: error: date must be a date (YYYY-MM-DD), found \"yesterday\"",
            "d.csv:4:2: error: stress_level must be an integer from 1 to 5, found \"6\"",
            "d.csv:6:1: error: duplicate date; first seen at d.csv:5:1",
        ])
        XCTAssertEqual(errorsOf { try DayContextReader.read(bytes: Array(#"{"logs":[]}"#.utf8), name: "x.json", format: .json) },
                       ["x.json:1:2: error: expected \"days\" records, found \"logs\""])
    }
}

#if canImport(Glibc)
import Glibc

final class StandardInputTests: XCTestCase {
    func testDashReadsStandardInput() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        let saved = dup(0)
        defer { dup2(saved, 0); close(saved) }
        let text = Array((csvHeader + "a,2026-01-01T00:00:00Z,9\n").utf8)
        XCTAssertEqual(write(fds[1], text, text.count), text.count)
        close(fds[1])
        dup2(fds[0], 0)
        close(fds[0])
        let errs = errorsOf { try HeadacheLogReader.read([InputSource(path: "-")], options: IngestOptions()) }
        XCTAssertEqual(errs, ["<stdin>:2:3: error: severity must be an integer from 1 to 5, found \"9\""])
    }
}
#endif
