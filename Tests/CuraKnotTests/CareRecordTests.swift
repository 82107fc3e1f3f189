import CuraKnot
import Ingest
import XCTest

/// CuraKnot records through Ingest's machinery: located errors, lists, money.
final class CareRecordTests: XCTestCase {
    func read<T>(_ text: String, _ name: String, _ reader: ([InputSource], IngestOptions) throws -> IngestResult<T>,
                 skipInvalid: Bool = false) throws -> IngestResult<T> {
        try readText(text, name, reader, skipInvalid: skipInvalid)
    }

    func errors(_ body: () throws -> Void) -> [String] { diagnostics(body) }

    func testHandoffsFromJSONAndCSV() throws {
        let json = """
            {"schemaVersion": 1, "handoffs": [{"id": "h1", "circleId": "c", "patientId": "p", "authorId": "u",
             "createdAt": "2026-03-01T23:30:00-07:00", "type": "visit", "symptoms": ["Dizzy", " SOB "], "summary": "今天很好"}]}
            """
        let h = try read(json, "h.json", HandoffReader.read).records
        XCTAssertEqual(h.first?.symptoms, ["Dizzy", "SOB"])
        XCTAssertEqual(h.first?.date, LocalDate(year: 2026, month: 3, day: 1))
        XCTAssertEqual(h.first?.type, .visit)
        let csv = "id,circle_id,patient_id,author_id,created_at,type,symptoms\nh1,c,p,u,2026-03-01T10:00:00Z,CALL,nausea; dizzy\n"
        XCTAssertEqual(try read(csv, "h.csv", HandoffReader.read).records.first?.symptoms, ["nausea", "dizzy"])
    }

    func testLocatedErrors() {
        let csv = "id,circle_id,patient_id,author_id,created_at,type\nh1,c,p,u,2026-03-01T10:00:00,CALL\nh2,c,p,u,2026-03-01T10:00:00Z,PHONE\nh2,c,p,u,2026-03-01T10:00:00Z,CALL\n"
        XCTAssertEqual(errors { _ = try self.read(csv, "h.csv", HandoffReader.read) }, [
            "h.csv:2:5: error: created_at has no UTC offset: \"2026-03-01T10:00:00\"",
            "h.csv:3:6: error: type must be one of VISIT, CALL, APPOINTMENT, NOTE, MEETING, DISCHARGE; found \"PHONE\"",
        ])
        let json = "[{\"id\": \"e1\", \"circleId\": \"c\", \"patientId\": \"p\", \"date\": \"2026-01-02\", \"category\": \"MEDICAL\",\n \"description\": \"x\", \"amount\": 1.234, \"currency\": \"EURO\"}]"
        XCTAssertEqual(errors { _ = try self.read(json, "e.json", ExpenseReader.read) }, [
            "e.json:2:32: error: amount must be an amount above 0 with at most two decimals, found \"1.234\"",
            "e.json:2:51: error: currency must be an ISO 4217 code such as EUR, found \"EURO\"",
        ])
    }

    func testSkipInvalidKeepsTheRest() throws {
        let csv = "id,circle_id,name,rating\npr1,c,Dr A,6\npr2,c,Dr B,4\n"
        let r = try read(csv, "p.csv", ProviderReader.read, skipInvalid: true)
        XCTAssertEqual(r.records.map(\.id), ["pr2"])
        XCTAssertEqual(r.skipped, 1)
    }

    func testMoneyIsExact() {
        func money(_ s: String) -> Money? { Array(s.utf8).withUnsafeBytes { Money(text: $0) } }
        XCTAssertEqual(money("12.5")?.description, "12.50")
        XCTAssertEqual(money("0.10")?.cents, 10)
        XCTAssertEqual(money("1234")?.description, "1234.00")
        XCTAssertNil(money("1.234")); XCTAssertNil(money("1e3")); XCTAssertNil(money("12.")); XCTAssertNil(money("99999999999999"))
    }
}
