@testable import Aurae
@testable import Ingest
import XCTest

/// Messages made from one `Issue` for each format, and the message kinds the other tests leave out.
final class IssueMessageTests: XCTestCase {
    func testOneIssueNamesTheColumnForCSVAndThePathForJSON() {
        let pos = InputPosition.csv(line: 2, field: 4)
        let med = Issue(field: MedicationField(index: 2, member: .takenAt), problem: .noUTCOffset(found: "\"t\""), pos: pos)
        XCTAssertEqual(med.message(for: .csv), "medications[2].takenAt has no UTC offset: \"t\"")
        XCTAssertEqual(med.message(for: .json), "retrospective.medications[2].takenAt has no UTC offset: \"t\"")

        let sleep = Issue(field: LogField.sleepQuality, problem: .mustBe(.integer(1...5), found: "\"9\""), pos: pos)
        XCTAssertEqual(sleep.message(for: .csv), "sleep_quality must be an integer from 1 to 5, found \"9\"")
        XCTAssertEqual(sleep.message(for: .json), "sleep.quality must be an integer from 1 to 5, found \"9\"")

        let order = Issue(field: LogField.resolvedAt, problem: .before(LogField.onsetAt), pos: pos)
        XCTAssertEqual(order.message(for: .csv), "resolved_at is before onset_at")
        XCTAssertEqual(order.message(for: .json), "resolvedAt is before onsetAt")
    }

    func testJSONListAndObjectMessages() {
        let json = """
        [{"id": "j1", "onsetAt": "2026-03-02T08:10:00+01:00", "severity": 3, "retrospective": {"symptoms": [1], "environment": {"a": 1}, "medications": [5]}},
         {"id": 3, "onsetAt": "2026-03-02T08:10:00+01:00", "severity": 3}]
        """
        XCTAssertEqual(errorsOf { try readLogs(json, "t.json") }, [
            "t.json:1:101: error: retrospective.symptoms items must be strings, found \"1\"",
            "t.json:1:120: error: retrospective.environment must be a list, found an object",
            "t.json:1:146: error: retrospective.medications[1] must be an object, found \"5\"",
            "t.json:2:9: error: id must be a non-empty string, found \"3\"",
        ])
    }

    func testBadBytesNameTheColumnOrItsNumber() {
        var bytes = Array("id,onset_at,severity,extra,notes\nu1,2026-01-01T00:00:00Z,3,a".utf8)
        bytes += [0xFF] + Array("b,x\nu2,2026-01-01T00:00:00Z,3,a,".utf8) + [0xC3, 0x28, 0x0A]
        XCTAssertEqual(errorsOf { try HeadacheLogReader.read(bytes: bytes, name: "u.csv", format: .csv) }, [
            "u.csv:2:4: error: field 4 contains invalid UTF-8",
            "u.csv:3:5: error: notes contains invalid UTF-8",
        ])
    }
}
