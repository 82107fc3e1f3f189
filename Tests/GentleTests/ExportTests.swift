import Gentle
import Ingest
import ReportKit
import XCTest

/// One person's export (seed §15.2): their settings, status history, calendar entries and the
/// care actions they received; nothing the partner sent otherwise, and not who sent a care action.
final class ExportTests: XCTestCase {
    func event(_ id: String, _ user: String, _ type: GentleEventType, _ minute: Int64, pair: String = "p1",
               action: CareAction? = nil, chips: [String] = [], shareStatus: Bool? = nil, shareCalendar: Bool? = nil) -> GentleEvent {
        GentleEvent(id: id, pairId: pair, userId: user, at: Timestamp(epochSeconds: 1_772_434_800 + minute * 60, offsetSeconds: 3_600),
                    type: type, action: action, chips: chips, shareStatus: shareStatus, shareCalendar: shareCalendar)
    }

    var events: [GentleEvent] {
        [event("m3", "maya", .calendar, 30, shareCalendar: true),
         event("m1", "maya", .status, 0, chips: ["tired", "calm", "mystery"], shareStatus: true),
         event("s1", "sam", .status, 5, chips: ["anxious"], shareStatus: true, shareCalendar: true),
         event("s2", "sam", .care, 10, action: .hug),
         event("s3", "sam", .sos, 20),
         event("m2", "maya", .sos, 25),
         event("m4", "maya", .status, 40, shareStatus: false),
         event("x1", "alex", .care, 50, pair: "p9", action: .text),
         event("m5", "maya", .care, 60, action: .voice)]
    }

    func testOwnDataOnlyInReplayOrder() throws {
        let doc = try GentleExport.document(userId: "maya", events: events)
        XCTAssertEqual(doc["settings"], .array([.object([("pairId", .string("p1")), ("shareStatus", .bool(false)),
                                                         ("shareCalendar", .bool(true))])]))
        XCTAssertEqual(doc["statusHistory"]?.compact(), """
            [{"id":"m1","pairId":"p1","at":"2026-03-02T08:00:00+01:00","chips":["tired","calm","mystery"]},\
            {"id":"m2","pairId":"p1","at":"2026-03-02T08:25:00+01:00","sos":true},\
            {"id":"m4","pairId":"p1","at":"2026-03-02T08:40:00+01:00","chips":[]}]
            """)
        XCTAssertEqual(doc["calendarEntries"]?.compact(), #"[{"id":"m3","pairId":"p1","at":"2026-03-02T08:30:00+01:00"}]"#)
        XCTAssertEqual(doc["careActionsReceived"]?.compact(),
                       #"[{"id":"s2","pairId":"p1","at":"2026-03-02T08:10:00+01:00","action":"hug"}]"#)
        let text = doc.serialized()
        for partnerOnly in ["sam", "s1", "s3", "anxious", "x1", "alex", "p9", "m5", "voice"] {
            XCTAssertFalse(text.contains("\"\(partnerOnly)\""), "\(partnerOnly) is not maya's own data")
        }
    }

    func testSettingsAreOffUntilSeenPerPair() throws {
        let doc = try GentleExport.document(userId: "sam", events: events + [event("s9", "sam", .sos, 70, pair: "p2")])
        XCTAssertEqual(doc["settings"]?.compact(), """
            [{"pairId":"p1","shareStatus":true,"shareCalendar":true},{"pairId":"p2","shareStatus":false,"shareCalendar":false}]
            """)
        XCTAssertEqual(doc["careActionsReceived"]?.compact(),
                       #"[{"id":"m5","pairId":"p1","at":"2026-03-02T09:00:00+01:00","action":"voice"}]"#)
    }

    func testAUserWhoSentNothingIsRefused() {
        XCTAssertThrowsError(try GentleExport.document(userId: "nobody", events: events)) { error in
            XCTAssertEqual(error as? GentleExportError, .unknownUser)
            XCTAssertFalse("\(error)".contains("nobody"), "the message quotes no input")
        }
    }

    func testAnyInputOrderGivesTheSameExport() throws {
        let expected = try GentleExport.document(userId: "maya", events: events).serialized()
        XCTAssertEqual(try GentleExport.document(userId: "maya", events: events.reversed()).serialized(), expected)
    }
}
