import Cycle
import Foundation
import Ingest
import XCTest

/// Reminders: 09:00 wall-clock on both sides of DST changes, the half-open window, authorization,
/// the latest start only, order and repeatability.
final class ReminderTests: XCTestCase {
    let settings = CycleSettings()

    func date(_ s: String) -> LocalDate { LocalDate(iso: s)! }
    func instant(_ s: String) -> Timestamp { Timestamp(iso: s)! }

    func start(_ user: String, _ day: String, zone: String? = "Europe/Berlin", _ status: NotificationStatus? = .authorized,
               id: String? = nil) -> PeriodStart {
        PeriodStart(id: id ?? "\(user)-\(day)", userId: user, startDate: date(day), timeZone: zone, notifications: status)
    }

    func plan(_ starts: [PeriodStart]) throws -> CyclePlan { try XCTUnwrap(try CyclePlanner.plans(starts, settings: settings).first) }

    /// A single start has the default 28 days: prediction = start + 28, check-ins at +29 and +31.
    func reminderTimes(_ zone: String, start day: String) throws -> [String] {
        try plan([start("u", day, zone: zone)]).reminders.map { "\($0.at.utc) \($0.at)" }
    }

    func testBerlinSpringForwardMovesTheInstantByAnHour() throws {
        // Prediction 2026-03-27; check-ins on 28 March (CET) and 30 March (CEST, from 29 March).
        XCTAssertEqual(try reminderTimes("Europe/Berlin", start: "2026-02-27"),
                       ["2026-03-28T08:00:00Z 2026-03-28T09:00:00+01:00", "2026-03-30T07:00:00Z 2026-03-30T09:00:00+02:00"])
    }

    func testBerlinFallBack() throws {
        // Prediction 2026-10-24; check-ins on 25 October (the change day, CET after 03:00) and 27.
        XCTAssertEqual(try reminderTimes("Europe/Berlin", start: "2026-09-26"),
                       ["2026-10-25T08:00:00Z 2026-10-25T09:00:00+01:00", "2026-10-27T08:00:00Z 2026-10-27T09:00:00+01:00"])
        // One day earlier both are before the change… and the first is still summer time.
        XCTAssertEqual(try reminderTimes("Europe/Berlin", start: "2026-09-24"),
                       ["2026-10-23T07:00:00Z 2026-10-23T09:00:00+02:00", "2026-10-25T08:00:00Z 2026-10-25T09:00:00+01:00"])
    }

    func testNewYorkSpringAndAutumn() throws {
        // DST starts 2026-03-08 and ends 2026-11-01.
        XCTAssertEqual(try reminderTimes("America/New_York", start: "2026-02-06"),
                       ["2026-03-07T14:00:00Z 2026-03-07T09:00:00-05:00", "2026-03-09T13:00:00Z 2026-03-09T09:00:00-04:00"])
        XCTAssertEqual(try reminderTimes("America/New_York", start: "2026-10-02"),
                       ["2026-10-31T13:00:00Z 2026-10-31T09:00:00-04:00", "2026-11-02T14:00:00Z 2026-11-02T09:00:00-05:00"])
    }

    func testWindowIncludesFromAndExcludesTo() throws {
        let p = [try plan([start("u", "2026-02-27")])]
        let at = instant("2026-03-28T08:00:00Z")
        XCTAssertEqual(CyclePlanner.due(p, from: at, to: instant("2026-03-28T08:00:01Z")).map(\.reminder.attempt), [1])
        XCTAssertEqual(CyclePlanner.due(p, from: instant("2026-03-28T07:00:00Z"), to: at).count, 0)
        XCTAssertEqual(CyclePlanner.due(p, from: instant("2026-03-28T08:00:00.001Z"), to: instant("2026-03-29T00:00:00Z")).count, 0)
        // The same instants written in other offsets give the same answer.
        XCTAssertEqual(CyclePlanner.due(p, from: instant("2026-03-28T09:00:00+01:00"), to: instant("2026-03-28T18:00:00+09:00")).count, 1)
        XCTAssertEqual(CyclePlanner.due(p, from: instant("2026-03-28T00:00:00Z"), to: instant("2026-03-28T17:00:00+09:00")).count, 0)
    }

    func testOnlyAuthorizedUsersGetReminders() throws {
        let plans = try CyclePlanner.plans([
            start("a", "2026-02-27"), start("d", "2026-02-27", .denied), start("n", "2026-02-27", .notDetermined),
            start("m", "2026-02-27", nil),
        ], settings: settings)
        XCTAssertEqual(plans.map(\.notifications), [.authorized, .denied, .notDetermined, .notDetermined])
        let due = CyclePlanner.due(plans, from: instant("2026-03-01T00:00:00Z"), to: instant("2026-05-01T00:00:00Z"))
        XCTAssertEqual(due.map(\.userId), ["a", "a"])
    }

    func testANewerStartCancelsTheOlderCyclesReminders() throws {
        let older = start("u", "2026-01-02", id: "c1")
        let window = (instant("2026-01-01T00:00:00Z"), instant("2026-06-01T00:00:00Z"))
        let before = CyclePlanner.due([try plan([older])], from: window.0, to: window.1)
        XCTAssertEqual(before.map(\.reminder.at.utc.description), ["2026-01-31T08:00:00Z", "2026-02-02T08:00:00Z"])
        let after = CyclePlanner.due([try plan([older, start("u", "2026-01-29", id: "c2")])], from: window.0, to: window.1)
        XCTAssertEqual(after.map(\.cycleId), ["c2", "c2"])
        XCTAssertEqual(after.map(\.reminder.identifier), ["period_start_attempt_1", "period_start_attempt_2"])
        XCTAssertEqual(after.map(\.reminder.date.description), ["2026-02-26", "2026-02-28"])  // 27 days: 25 Feb, +1 and +3
    }

    func testOrderIsByInstantThenUserAndRepeatable() throws {
        let starts = [start("b", "2026-02-27"), start("a", "2026-02-27"), start("t", "2026-02-27", zone: "Asia/Tokyo")]
        let plans = try CyclePlanner.plans(starts, settings: settings)
        let window = (instant("2026-03-01T00:00:00Z"), instant("2026-04-01T00:00:00Z"))
        let due = CyclePlanner.due(plans, from: window.0, to: window.1)
        XCTAssertEqual(due.map { "\($0.userId)\($0.reminder.attempt)" }, ["t1", "a1", "b1", "t2", "a2", "b2"])
        let again = CyclePlanner.due(try CyclePlanner.plans(starts.reversed(), settings: settings), from: window.0, to: window.1)
        XCTAssertEqual(again, due)
    }

    func testLatestRecordGivingAZoneWinsAndMissingZoneIsLocated() throws {
        let p = try plan([start("u", "2026-01-02", zone: "Asia/Tokyo"), start("u", "2026-01-30", zone: "Europe/Berlin"),
                          start("u", "2026-02-27", zone: nil)])
        XCTAssertEqual(p.timeZone, "Europe/Berlin")
        var lone = start("v", "2026-01-02", zone: nil)
        lone.source = SourceLocation(file: "p.json", line: 3, column: 5)
        XCTAssertThrowsError(try CyclePlanner.plans([lone], settings: settings)) { error in
            XCTAssertEqual((error as? IngestError)?.diagnostics.map(\.description),
                           ["p.json:3:5: error: timeZone is required: no record of this user gives one"])
        }
    }

    func testAsOfLeavesOutLaterStarts() throws {
        let starts = [start("u", "2026-01-02", id: "c1"), start("u", "2026-01-30", id: "c2")]
        let p = try XCTUnwrap(try CyclePlanner.plans(starts, settings: settings, asOf: date("2026-01-29")).first)
        XCTAssertEqual(p.cycleId, "c1")
        XCTAssertTrue(p.length.isDefault)
        XCTAssertEqual(try CyclePlanner.plans(starts, settings: settings, asOf: date("2026-01-01")), [])
    }
}

/// Zones from the system's tz database (or a directory pointed elsewhere), 09:00 on days a zone
/// skipped, offsets with seconds, and the order of records on the same date.
final class ZoneRuleTests: XCTestCase {
    let settings = CycleSettings()

    func start(_ user: String, _ day: String, _ zone: String?, id: String, _ status: NotificationStatus = .authorized) -> PeriodStart {
        PeriodStart(id: id, userId: user, startDate: LocalDate(iso: day)!, timeZone: zone, notifications: status)
    }

    func times(_ starts: [PeriodStart], zones: ZoneDirectory = ZoneDirectory(path: "/usr/share/zoneinfo")) throws -> [String] {
        try XCTUnwrap(try CyclePlanner.plans(starts, settings: settings, zones: zones).first).reminders.map { "\($0.at.utc) \($0.at)" }
    }

    func testAChangedZoneDirectoryIsFollowed() throws {
        let system = URL(fileURLWithPath: "/usr/share/zoneinfo/Etc/GMT-3")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cycle-zones-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Europe"), withIntermediateDirectories: true)
        // "Berlin" at a fixed +03:00: the copy of another zone's file.
        try FileManager.default.copyItem(at: system, to: dir.appendingPathComponent("Europe/Berlin"))
        let starts = [start("u", "2026-02-27", "Europe/Berlin", id: "c")]
        XCTAssertEqual(try times(starts), ["2026-03-28T08:00:00Z 2026-03-28T09:00:00+01:00", "2026-03-30T07:00:00Z 2026-03-30T09:00:00+02:00"])
        XCTAssertEqual(try times(starts, zones: ZoneDirectory(path: dir.path)),
                       ["2026-03-28T06:00:00Z 2026-03-28T09:00:00+03:00", "2026-03-30T06:00:00Z 2026-03-30T09:00:00+03:00"])
        // A zone the directory has no file for is an input error at the record that named it.
        var paris = start("p", "2026-02-27", "Europe/Paris", id: "p")
        paris.source = SourceLocation(file: "p.csv", line: 2, column: 1)
        paris.format = .csv
        XCTAssertThrowsError(try CyclePlanner.plans([paris], settings: settings, zones: ZoneDirectory(path: dir.path))) { error in
            XCTAssertEqual((error as? IngestError)?.diagnostics.map(\.description),
                           ["p.csv:2:1: error: time_zone is not a usable time zone of the system's time-zone database"])
        }
    }

    /// 09:00 on a day a zone skipped is read with the offset before the change (RFC 5545): it lands
    /// as much later as the change skipped.
    func testNineOClockOnASkippedDay() throws {
        // Athens: summer time from 09:00 on 1 April 1979 (prediction 31 March, attempt 1 on 1 April).
        XCTAssertEqual(try times([start("a", "1979-03-03", "Europe/Athens", id: "a")]),
                       ["1979-04-01T07:00:00Z 1979-04-01T10:00:00+03:00", "1979-04-03T06:00:00Z 1979-04-03T09:00:00+03:00"])
        // Samoa skipped 30 December 2011: attempt 1 is 09:00 on the 31st, one day before attempt 2.
        XCTAssertEqual(try times([start("s", "2011-12-01", "Pacific/Apia", id: "s")]),
                       ["2011-12-30T19:00:00Z 2011-12-31T09:00:00+14:00", "2011-12-31T19:00:00Z 2012-01-01T09:00:00+14:00"])
    }

    func testOffsetsKeepTheirSeconds() throws {
        XCTAssertEqual(try times([start("m", "1971-03-01", "Africa/Monrovia", id: "m")]),
                       ["1971-03-30T09:44:30Z 1971-03-30T09:00:00-00:44:30", "1971-04-01T09:44:30Z 1971-04-01T09:00:00-00:44:30"])
    }

    /// Two records of a user on one date: the one with the greater id is the latest, in any file order.
    func testSameDateIsDecidedByIdNotByFileOrder() throws {
        let records = [start("u", "2026-01-01", "Asia/Tokyo", id: "c-2"), start("u", "2026-01-01", "Europe/Berlin", id: "c-1", .denied)]
        for order in [records, Array(records.reversed())] {
            let plan = try XCTUnwrap(try CyclePlanner.plans(order, settings: settings).first)
            XCTAssertEqual(plan.cycleId, "c-2")
            XCTAssertEqual(plan.timeZone, "Asia/Tokyo")
            XCTAssertEqual(plan.notifications, .authorized)
        }
        // Without ids, the records' other fields decide, still whatever the order.
        let anonymous = [PeriodStart(id: nil, userId: "v", startDate: LocalDate(iso: "2026-01-01")!, timeZone: "Asia/Tokyo"),
                         PeriodStart(id: nil, userId: "v", startDate: LocalDate(iso: "2026-01-01")!, timeZone: "Europe/Berlin")]
        XCTAssertEqual(try CyclePlanner.plans(anonymous, settings: settings), try CyclePlanner.plans(anonymous.reversed(), settings: settings))
    }
}
