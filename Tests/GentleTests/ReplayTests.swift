import Gentle
import Ingest
import XCTest

/// The notification replay at every rule edge (spec 50-companion-apps.md, "Notifications"; seed
/// §6.2, §9.3, §10.2): the limits just inside and just outside their rolling windows (a
/// notification sent exactly a window earlier no longer counts), sharing, the calendar once ever,
/// and the order of the input.
final class ReplayTests: XCTestCase {
    static let seedLimits = ThrottleSettings(status: .init(limit: 1, windowSeconds: 86_400),
                                             care: .init(limit: 5, windowSeconds: 3_600),
                                             sos: .init(limit: 3, windowSeconds: 86_400))
    /// 2026-03-02T08:00:00+01:00.
    static let start: Int64 = 1_772_434_800

    func event(_ id: String, _ type: GentleEventType, at seconds: Int64, nanos: Int32 = 0, user: String = "u1",
               pair: String = "p1", action: CareAction? = nil, chips: [String] = [],
               shareStatus: Bool? = nil, shareCalendar: Bool? = nil) -> GentleEvent {
        GentleEvent(id: id, pairId: pair, userId: user,
                    at: Timestamp(epochSeconds: Self.start + seconds, nanoseconds: nanos, offsetSeconds: 3_600),
                    type: type, action: type == .care ? (action ?? .hug) : action, chips: chips,
                    shareStatus: shareStatus, shareCalendar: shareCalendar)
    }

    func outcomes(_ events: [GentleEvent]) -> [String] {
        GentleReplay(settings: Self.seedLimits).run(events).map { "\($0.event.id):\($0.reason?.rawValue ?? "sent")" }
    }

    func testTheSeedLimitsAreTheTemplateSettings() throws {
        let templates = try TemplateSetForTests.gentle()
        XCTAssertEqual(try ThrottleSettings.load(templates), Self.seedLimits)
    }

    func testSecondThirdAndFourthSOSInsideTheWindowAndExactlyAtItsEnd() {
        let day: Int64 = 86_400
        let events = [event("s1", .sos, at: 0), event("s2", .sos, at: 60), event("s3", .sos, at: 120),
                      event("s4", .sos, at: day - 1), event("s5", .sos, at: day, nanos: 0),
                      event("s6", .sos, at: day + 30), event("s7", .sos, at: day + 60)]
        XCTAssertEqual(outcomes(events), ["s1:sent", "s2:sent", "s3:sent", "s4:throttled",
                                          "s5:sent", "s6:throttled", "s7:sent"],
                       "s1 no longer counts exactly 24 h later; s2 not yet 1 s before its 24 h, then it does")
    }

    func testSOSOneNanosecondInsideTheWindowIsThrottled() {
        let events = [event("s1", .sos, at: 0, nanos: 1), event("s2", .sos, at: 1), event("s3", .sos, at: 2),
                      event("s4", .sos, at: 86_400)]
        XCTAssertEqual(outcomes(events).last, "s4:throttled", "s1 was sent 1 ns less than 24 h earlier")
    }

    func testFifthAndSixthCareActionInsideAndOutsideTheHour() {
        let minutes = [0, 10, 20, 30, 40, 50]
        var events = minutes.enumerated().map { event("c\($0.offset + 1)", .care, at: Int64($0.element) * 60, user: "u2") }
        events.append(event("c7", .care, at: 3_599, user: "u2"))
        events.append(event("c8", .care, at: 3_600, user: "u2"))
        XCTAssertEqual(outcomes(events), ["c1:sent", "c2:sent", "c3:sent", "c4:sent", "c5:sent", "c6:throttled",
                                          "c7:throttled", "c8:sent"])
    }

    func testSixthCareActionJustOutsideTheHourIsSent() {
        let events = (0..<5).map { event("c\($0)", .care, at: Int64($0)) } + [event("c5", .care, at: 3_600)]
        XCTAssertEqual(outcomes(events).last, "c5:sent", "the first was sent exactly an hour earlier")
    }

    func testOnlySentNotificationsCountTowardALimit() {
        // Throttled SOS at 1 h and 2 h do not extend the window: the 4th sent one is allowed once
        // the first sent one is 24 h old, whatever was throttled in between.
        let events = [event("s1", .sos, at: 0), event("s2", .sos, at: 1), event("s3", .sos, at: 2),
                      event("x1", .sos, at: 3_600), event("x2", .sos, at: 7_200), event("s4", .sos, at: 86_400)]
        XCTAssertEqual(outcomes(events), ["s1:sent", "s2:sent", "s3:sent", "x1:throttled", "x2:throttled", "s4:sent"])
        // A status update while sharing is off is not sent and does not count either.
        let statuses = [event("a", .status, at: 0), event("b", .status, at: 10, shareStatus: true)]
        XCTAssertEqual(outcomes(statuses), ["a:sharingOff", "b:sent"])
    }

    func testStatusOncePerRollingDayOnlyWhileSharing() {
        let events = [event("t1", .status, at: 0, shareStatus: true), event("t2", .status, at: 86_399),
                      event("t3", .status, at: 86_400), event("t4", .status, at: 90_000, shareStatus: false),
                      event("t5", .status, at: 200_000), event("t6", .status, at: 200_001, shareStatus: true)]
        XCTAssertEqual(outcomes(events), ["t1:sent", "t2:throttled", "t3:sent", "t4:sharingOff", "t5:sharingOff", "t6:sent"])
    }

    func testSharingIsOffUntilSeenAndAnyEventMayCarryIt() {
        let events = [event("t1", .status, at: 0), event("c1", .care, at: 1, shareStatus: true),
                      event("t2", .status, at: 2)]
        XCTAssertEqual(outcomes(events), ["t1:sharingOff", "c1:sent", "t2:sent"])
    }

    func testCalendarOnceEverAcrossSharingOffAndOnAgain() {
        let events = [event("k0", .calendar, at: 0), event("k1", .calendar, at: 10, shareCalendar: true),
                      event("k2", .calendar, at: 20), event("k3", .calendar, at: 30, shareCalendar: false),
                      event("k4", .calendar, at: 40, shareCalendar: true), event("k5", .calendar, at: 86_400 * 400, shareCalendar: true)]
        XCTAssertEqual(outcomes(events), ["k0:sharingOff", "k1:sent", "k2:alreadySent", "k3:sharingOff",
                                          "k4:alreadySent", "k5:alreadySent"])
    }

    func testCalendarSharingSwitchedOnByAnotherEventIsNotifiedOnTheNextCalendarEvent() {
        let events = [event("t1", .status, at: 0, shareCalendar: true), event("k1", .calendar, at: 10)]
        XCTAssertEqual(outcomes(events), ["t1:sharingOff", "k1:sent"])
    }

    func testLimitsAndSharingArePerPersonAndPair() {
        let events = [event("a", .status, at: 0, user: "u1", shareStatus: true),
                      event("b", .status, at: 1, user: "u2"),
                      event("c", .status, at: 2, user: "u1", pair: "p2"),
                      event("d", .status, at: 3, user: "u1", pair: "p2", shareStatus: true),
                      event("e", .status, at: 4, user: "u1")]
        XCTAssertEqual(outcomes(events), ["a:sent", "b:sharingOff", "c:sharingOff", "d:sent", "e:throttled"])
        let sos = (0..<3).map { event("s\($0)", .sos, at: Int64($0)) } + [event("other", .sos, at: 5, user: "u2")]
        XCTAssertEqual(outcomes(sos).last, "other:sent")
    }

    func testAnyInputOrderGivesTheSameReplay() {
        let events = [event("b", .sos, at: 0), event("a", .sos, at: 0), event("c", .sos, at: 0),
                      event("d", .sos, at: 0), event("t", .status, at: 5, shareStatus: true),
                      event("k", .calendar, at: 5, shareCalendar: true), event("c1", .care, at: 5)]
        let expected = ["a:sent", "b:sent", "c:sent", "d:throttled", "c1:sent", "k:sent", "t:sent"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 { XCTAssertEqual(outcomes(events.shuffled(using: &generator)), expected) }
        XCTAssertEqual(outcomes(events.reversed()), expected)
    }

    func testEqualInstantsInDifferentOffsetsAreTheSameTime() {
        var late = event("a", .status, at: 0, shareStatus: true)
        late.at = Timestamp(epochSeconds: Self.start, offsetSeconds: -18_000)
        let events = [event("b", .status, at: 0, shareStatus: true), late]
        XCTAssertEqual(outcomes(events), ["a:sent", "b:throttled"], "ties by id, whatever the written offset")
    }
}
