import Gentle
import Ingest
import XCTest

/// The notify output: one JSON line per event in replay order with exactly the contract's fields,
/// and the text for a person.
final class NotifyPresenterTests: XCTestCase {
    func decisions() throws -> [NotifyDecision] {
        let at = { (s: Int64) in Timestamp(epochSeconds: 1_772_434_800 + s, offsetSeconds: 3_600) }
        let events = [GentleEvent(id: "b", pairId: "p", userId: "u", at: at(1), type: .status, chips: ["calm"]),
                      GentleEvent(id: "a", pairId: "p", userId: "u", at: at(0), type: .status, chips: ["tired", "calm"], shareStatus: true),
                      GentleEvent(id: "c", pairId: "p", userId: "v", at: at(2), type: .care, action: .hug)]
        return GentleReplay(settings: ReplayTests.seedLimits).run(events)
    }

    func testJSONLinesCarryTheContractFields() throws {
        let presenter = try NotifyPresenter(templates: try TemplateSetForTests.gentle())
        XCTAssertEqual(try presenter.jsonLines(try decisions()), """
            {"eventId":"a","sent":true,"title":"Gentle Days","body":"Your partner shared how they're feeling today","partnerMessage":"Feeling tired but calm"}
            {"eventId":"b","sent":false,"reason":"throttled","title":"Gentle Days","body":"Your partner shared how they're feeling today","partnerMessage":"Feeling calm today"}
            {"eventId":"c","sent":true,"title":"Gentle Days","body":"Your partner sent you a virtual hug \u{1F49C}"}

            """)
    }

    func testTextNamesTheOutcomeAndThePartnerMessage() throws {
        let presenter = try NotifyPresenter(templates: try TemplateSetForTests.gentle())
        XCTAssertEqual(try presenter.text(try decisions()), """
            a  2026-03-02T08:00:00+01:00  sent  Gentle Days: Your partner shared how they're feeling today
                partner message: Feeling tired but calm
            b  2026-03-02T08:00:01+01:00  not sent (held back: limit reached)  Gentle Days: Your partner shared how they're feeling today
                partner message: Feeling calm today
            c  2026-03-02T08:00:02+01:00  sent  Gentle Days: Your partner sent you a virtual hug \u{1F49C}

            """)
    }
}
