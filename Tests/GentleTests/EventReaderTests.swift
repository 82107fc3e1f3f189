import Gentle
import Ingest
import XCTest

/// Reading events: chips as a JSON list or a `;`-separated CSV field, and every invalid value as a
/// located error naming the column (CSV) or the key (JSON).
final class EventReaderTests: XCTestCase {
    func read(_ text: String, _ name: String) throws -> IngestResult<GentleEvent> {
        try GentleEventReader.read(bytes: Array(text.utf8), name: name, format: name.hasSuffix(".json") ? .json : .csv)
    }

    func errors(_ text: String, _ name: String) -> [String] {
        do { _ = try read(text, name); return [] } catch let IngestError.invalid(diagnostics) {
            return diagnostics.map(\.description)
        } catch { return ["\(error)"] }
    }

    func testChipsAsAJSONListAndACSVField() throws {
        let json = try read("""
            {"events": [{"id": "e1", "pairId": "p", "userId": "u", "at": "2026-03-02T08:00:00+01:00", "type": "status",
                         "chips": ["tired", "calm", "unknown"], "shareStatus": true}]}
            """, "e.json")
        let csv = try read("id,pair_id,user_id,at,type,action,chips,share_status,share_calendar\n"
                           + "e1,p,u,2026-03-02T08:00:00+01:00,STATUS,,tired; calm ;unknown,yes,\n", "e.csv")
        XCTAssertEqual(json.records, csv.records)
        XCTAssertEqual(csv.records.first?.chips, ["tired", "calm", "unknown"], "unknown chips are kept as chosen")
        XCTAssertEqual(csv.records.first?.shareStatus, true)
        XCTAssertNil(csv.records.first?.shareCalendar)
    }

    func testCareActionAndOptionalColumns() throws {
        let r = try read("id,pairId,userId,at,type,action\ne1,p,u,2026-03-02T08:00:00Z,care,FaceTime\n", "e.csv")
        XCTAssertEqual(r.records.first?.action, .facetime)
        XCTAssertEqual(r.records.first?.chips, [])
    }

    func testLocatedCSVErrors() {
        let csv = """
            id,pair_id,user_id,at,type,action,chips,share_status,share_calendar
            b1,p,u,2026-03-02T08:00:00,status,,tender,,
            b2,p,u,2026-03-02T09:00:00+01:00,hug,,,,
            b3,p,u,2026-03-02T10:00:00+01:00,care,kiss,,,
            b4,p,,2026-03-02T11:00:00+01:00,sos,,,,
            b5,p,u,2026-03-02T12:00:00+01:00,care,,,,
            b6,p,u,2026-03-02T13:00:00+01:00,status,,,maybe,
            b7,p,u,2026-02-30T13:00:00+01:00,status,,,,
            b8,p,u,2026-03-02T13:00:00+01:00,sos,hug,calm,,
            ok,p,u,2026-03-02T13:00:00+01:00,sos,,,,true
            ,p,u,not a time,calendar,,,,2
            ok,p,u,2026-03-02T14:00:00+01:00,sos,,,,

            """
        XCTAssertEqual(errors(csv, "e.csv"), [
            "e.csv:2:4: error: at has no UTC offset: \"2026-03-02T08:00:00\"",
            "e.csv:3:5: error: type must be one of status, care, sos, calendar; found \"hug\"",
            "e.csv:4:6: error: action must be one of text, voice, facetime, hug; found \"kiss\"",
            "e.csv:5:3: error: user_id is required",
            "e.csv:6:6: error: action is required for care events",
            "e.csv:7:8: error: share_status must be true or false (or yes/no/1/0), found \"maybe\"",
            "e.csv:8:4: error: at is not a real date and time: \"2026-02-30T13:00:00+…\"",
            "e.csv:9:6: error: action is only for care events",
            "e.csv:9:5: error: chips are only for status events",
            "e.csv:11:1: error: id is required",
            "e.csv:11:4: error: at must be an ISO 8601 timestamp with a UTC offset, found \"not a time\"",
            "e.csv:11:9: error: share_calendar must be true or false (or yes/no/1/0), found \"2\"",
            "e.csv:12:1: error: duplicate id; first seen at e.csv:10:1",
        ])
    }

    func testLocatedJSONErrors() {
        let json = """
            {"events": [
              {"id": "j1", "pairId": "p", "userId": "u", "at": "2026-03-02T08:00:00+01:00", "type": "status", "chips": ["calm", 3]},
              {"id": "j2", "pairId": "p", "at": "2026-03-02T08:00:00+01:00", "type": "care"},
              {"id": "j3", "pairId": "p", "userId": "u", "at": 5, "type": "sos", "chips": "calm"}
            ]}
            """
        XCTAssertEqual(errors(json, "e.json"), [
            "e.json:2:117: error: chips items must be strings, found \"3\"",
            "e.json:3:3: error: userId is required",
            "e.json:3:3: error: action is required for care events",
            "e.json:4:52: error: at must be an ISO 8601 timestamp with a UTC offset, found \"5\"",
            "e.json:4:63: error: chips are only for status events",
        ])
    }

    func testSkipInvalidKeepsTheValidEvents() throws {
        let csv = "id,pair_id,user_id,at,type\ne1,p,u,2026-03-02T08:00:00Z,sos\ne2,p,u,2026-03-02T08:00:00Z,nap\n"
        let r = try GentleEventReader.read(bytes: Array(csv.utf8), name: "e.csv", format: .csv,
                                           options: IngestOptions(skipInvalid: true))
        XCTAssertEqual(r.records.map(\.id), ["e1"])
        XCTAssertEqual(r.skipped, 1)
    }
}
