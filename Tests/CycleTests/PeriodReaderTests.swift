import Cycle
import Ingest
import XCTest

/// Reading `periods`: located errors for a missing user, bad dates, unknown zones and statuses.
final class PeriodReaderTests: XCTestCase {
    func read(_ text: String, _ name: String) throws -> [PeriodStart] {
        try PeriodReader.read(bytes: Array(text.utf8), name: name, format: name.hasSuffix(".json") ? .json : .csv).records
    }

    func errors(_ text: String, _ name: String) -> [String] {
        do { _ = try read(text, name); return [] } catch { return (error as? IngestError)?.diagnostics.map(\.description) ?? ["\(error)"] }
    }

    func testReadsBothFormats() throws {
        let csv = try read("id,user_id,start_date,time_zone,notifications\nc1,u1,2026-01-02,Europe/Berlin,Authorized\nc2,u1,2026-01-30,,\n", "p.csv")
        XCTAssertEqual(csv.map(\.startDate.description), ["2026-01-02", "2026-01-30"])
        XCTAssertEqual(csv[0].notifications, .authorized)
        XCTAssertNil(csv[1].timeZone)
        XCTAssertEqual(csv[1].source, SourceLocation(file: "p.csv", line: 3, column: 1))
        let json = try read("{\"periods\": [{\"userId\": \"u\", \"startDate\": \"2026-01-02\", \"timeZone\": \"America/New_York\"}]}", "p.json")
        XCTAssertNil(json[0].id)
        XCTAssertEqual(json[0].timeZone, "America/New_York")
    }

    func testLocatedErrors() {
        let csv = "id,user_id,start_date,time_zone,notifications\nc1,,2026-01-02,Europe/Berlin,\nc2,u,2026-02-30,Europe/Berlin,\n"
            + "c3,u,2026-01-02,Europe/Berlinn,\nc4,u,2026-01-02,,maybe\nc5,u,2026-01-03,,\nc5,u,2026-01-04,,\n"
        XCTAssertEqual(errors(csv, "p.csv"), [
            "p.csv:2:2: error: user_id is required",
            "p.csv:3:3: error: start_date is not a real date: \"2026-02-30\"",
            "p.csv:4:4: error: time_zone is not a time zone of the system's time-zone database (an IANA name such as Europe/Berlin)",
            "p.csv:5:5: error: notifications must be one of authorized, denied, notDetermined; found \"maybe\"",
            "p.csv:7:1: error: duplicate id; first seen at p.csv:6:1",
        ])
        XCTAssertEqual(errors("[{\"id\": \"c\", \"startDate\": \"2026-01-02\"}]", "p.json"), ["p.json:1:2: error: userId is required"])
        XCTAssertEqual(errors("id,user_id\nc,u\n", "m.csv"), ["m.csv:1:1: error: missing required column start_date"])
    }
}
