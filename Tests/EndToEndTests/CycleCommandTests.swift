import Foundation
import TestSupport
import XCTest

/// Runs the built `report cycle` as the cron job would: the sample window across DST changes,
/// repeated runs, the window's edges, bad input and bad options.
final class CycleCommandTests: XCTestCase {
    var periods: String { TestPaths.samples.appendingPathComponent("cycle/periods.json").path }
    var london: String { TestPaths.samples.appendingPathComponent("cycle/periods-london.csv").path }
    func broken(_ name: String) -> String { TestPaths.samples.appendingPathComponent("cycle/broken/\(name)").path }

    func reminders(_ from: String, _ to: String, json: Bool = true) throws -> RunResult {
        try ReportBinary.run(["cycle", "reminders", periods, london, "--from", from, "--to", to] + (json ? ["--json"] : []))
    }

    func testSampleWindowAcrossDSTChanges() throws {
        let r = try reminders("2026-03-28T00:00:00Z", "2026-03-31T00:00:00+00:00")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdoutText, """
            {"userId":"u-berlin","cycleId":"c-ber-3b","attempt":1,"identifier":"period_start_attempt_1","at":"2026-03-28T08:00:00Z","localTime":"2026-03-28T09:00:00+01:00","title":"Checking in \u{1F49C}","body":"Has your period started? Tap to log and stay in sync with your cycle."}
            {"userId":"u-berlin","cycleId":"c-ber-3b","attempt":2,"identifier":"period_start_attempt_2","at":"2026-03-30T07:00:00Z","localTime":"2026-03-30T09:00:00+02:00","title":"Period tracking check-in","body":"Just checking - time to log your period? Staying consistent helps us support you better."}

            """)
        let again = try reminders("2026-03-28T00:00:00Z", "2026-03-31T00:00:00+00:00")
        XCTAssertEqual(again.stdout, r.stdout, "a repeated cron run gives the same lines")
    }

    func testWindowEdgesAtTheReminderInstant() throws {
        // New York's second check-in is 2026-03-09T13:00:00Z (09:00 EDT).
        XCTAssertEqual(try reminders("2026-03-09T09:00:00-04:00", "2026-03-09T13:00:01Z").stdoutText.components(separatedBy: "\n").count, 2)
        XCTAssertEqual(try reminders("2026-03-09T00:00:00Z", "2026-03-09T13:00:00Z").stdoutText, "")
        XCTAssertEqual(try reminders("2026-03-09T00:00:00Z", "2026-03-09T13:00:00Z", json: false).stdoutText,
                       "No check-ins fall in this window.\n")
    }

    func testDeniedAndUndeterminedUsersGetNothing() throws {
        let r = try reminders("2026-01-01T00:00:00Z", "2026-06-01T00:00:00Z", json: false)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stdoutText.contains("u-tokyo"))
        XCTAssertFalse(r.stdoutText.contains("u-kolkata"))
        XCTAssertTrue(r.stdoutText.contains("2026-04-04T23:00:00Z u-sydney attempt 2: Period tracking check-in"), r.stdoutText)
    }

    func testSummaryShowsAverageDefaultPredictionAndTimes() throws {
        let r = try ReportBinary.run(["cycle", "summary", periods, london])
        XCTAssertEqual(r.status, 0, r.stderr)
        for s in ["u-newyork (America/New_York, notifications authorized)", "  Average cycle: 31 days, from 2 gaps",
                  "  Average cycle: 28 days (default: no gap of 15 to 90 days yet)", "  Predicted next start: 2026-03-06",
                  "  Check-in 2: 2026-03-09T09:00:00-04:00", "  Latest start: 2026-03-08 (cycle c-lon-6)"] {
            XCTAssertTrue(r.stdoutText.contains(s), s)
        }
        let json = try ReportBinary.run(["cycle", "summary", periods, "--json", "--as-of", "2026-02-01"])
        let lines = json.stdoutText.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, "only Berlin and New York started before February")
        XCTAssertTrue(lines[0].hasPrefix("{\"userId\":\"u-berlin\",\"timeZone\":\"Europe/Berlin\",\"notifications\":\"authorized\",\"averageCycleDays\":28,\"default\":false,\"gaps\":[28],\"latestStart\":\"2026-01-30\""), String(lines[0]))
    }

    func testInvalidInputIsLocatedAndExitsOne() throws {
        let r = try ReportBinary.run(["cycle", "reminders", broken("periods-broken.csv"), "--from", "2026-03-01T00:00:00Z",
                                      "--to", "2026-04-01T00:00:00Z"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdoutText, "")
        XCTAssertTrue(r.stderr.contains("periods-broken.csv:2:2: error: user_id is required"), r.stderr)
        XCTAssertTrue(r.stderr.contains("periods-broken.csv:4:4: error: time_zone is not a time zone"), r.stderr)
        let noZone = try ReportBinary.run(["cycle", "summary", broken("periods-no-zone.json"), "--log-format", "json"])
        XCTAssertEqual(noZone.status, 1)
        XCTAssertTrue(noZone.stderr.contains("\"message\":\"timeZone is required: no record of this user gives one\",\"file\":"), noZone.stderr)
    }

    func testBadWindowsAreUsageErrors() throws {
        for (from, to) in [("2026-03-02T00:00:00Z", "2026-03-01T00:00:00Z"), ("2026-03-01T00:00:00Z", "2026-03-01T01:00:00+01:00"),
                           ("2026-03-01", "2026-03-02T00:00:00Z"), ("2026-03-01T00:00:00", "2026-03-02T00:00:00Z")] {
            let r = try reminders(from, to)
            XCTAssertEqual(r.status, 2, "\(from) \(to): \(r.stderr)")
            XCTAssertEqual(r.stdoutText, "")
        }
        XCTAssertEqual(try ReportBinary.run(["cycle", "summary", periods, "--as-of", "2026-02-30"]).status, 2)
    }

    // MARK: Zones from the system's database, or from TZDIR

    func temporaryDirectory() throws -> URL {
        let dir = try TestPaths.temporaryDirectory("cycle-zones")
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    func write(_ text: String, _ name: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// A copy of the database whose Europe/Berlin is another zone's file (a fixed +03:00): the
    /// output follows the file, as a tzdata update would reach it.
    func testTZDIRPointsTheZonesAtAChangedCopy() throws {
        let dir = try temporaryDirectory()
        let zones = dir.appendingPathComponent("zoneinfo")
        try FileManager.default.createDirectory(at: zones.appendingPathComponent("Europe"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Etc/GMT-3", toPath: zones.appendingPathComponent("Europe/Berlin").path)
        let input = try write(#"{"periods": [{"id": "c1", "userId": "u", "startDate": "2026-02-27", "timeZone": "Europe/Berlin", "notifications": "authorized"}]}"#,
                              "periods.json", in: dir)
        let args = ["cycle", "reminders", input, "--from", "2026-03-01T00:00:00Z", "--to", "2026-04-01T00:00:00Z"]
        let system = try ReportBinary.run(args)
        XCTAssertEqual(system.stdoutText, "2026-03-28T08:00:00Z u attempt 1: Checking in \u{1F49C}\n2026-03-30T07:00:00Z u attempt 2: Period tracking check-in\n")
        let changed = try ReportBinary.run(args + ["--json"], environment: ["TZDIR": zones.path])
        XCTAssertEqual(changed.status, 0, changed.stderr)
        XCTAssertEqual(changed.stdoutText.split(separator: "\n").map { $0.split(separator: ",")[4] },
                       [#""at":"2026-03-28T06:00:00Z""#, #""at":"2026-03-30T06:00:00Z""#])
        XCTAssertTrue(changed.stdoutText.contains(#""localTime":"2026-03-30T09:00:00+03:00""#), changed.stdoutText)
        // A zone the directory has no file for, and one tzdata never had, are located input errors.
        let other = try write("id,user_id,start_date,time_zone\nc1,u,2026-02-27,Europe/Paris\nc2,v,2026-02-27,PST\nc3,w,2026-02-27,GMT+5\n",
                              "periods.csv", in: dir)
        let missing = try ReportBinary.run(["cycle", "summary", other], environment: ["TZDIR": zones.path])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stdoutText, "")
        for line in 2...4 {
            XCTAssertTrue(missing.stderr.contains("periods.csv:\(line):4: error: time_zone is not a time zone of the system's time-zone database"), missing.stderr)
        }
        // The system's database has Paris but neither PST nor GMT+5 (Foundation's ICU knew both).
        let names = try ReportBinary.run(["cycle", "summary", other])
        XCTAssertEqual(names.status, 1)
        XCTAssertEqual(names.stderr.components(separatedBy: "is not a time zone").count - 1, 2, names.stderr)
        XCTAssertFalse(names.stderr.contains("periods.csv:2:"), names.stderr)
        // A damaged file is named as such.
        try Data("TZif2".utf8).write(to: zones.appendingPathComponent("Europe/Paris"))
        let damaged = try ReportBinary.run(["cycle", "summary", other], environment: ["TZDIR": zones.path])
        XCTAssertEqual(damaged.status, 1)
        XCTAssertTrue(damaged.stderr.contains("periods.csv:2:4: error: time_zone names a zone whose file in the system's time-zone database cannot be used: the TZif file is truncated"), damaged.stderr)
    }

    // MARK: Values from the input in text output

    /// An id that carries an OSC 52 (set the clipboard) sequence and a newline that would forge a
    /// line: shown escaped in every text output, escaped by the JSON writer in JSON lines.
    func testIdsWithTerminalSequencesAndNewlinesAreEscaped() throws {
        let dir = try temporaryDirectory()
        let input = try write(#"""
            {"periods": [{"id": "c\u001b]52;c;cGF5bG9hZA==\u0007\u2028x", "userId": "u\u001b]52;c;cGF5bG9hZA==\u0007\n2026-03-28T08:00:00Z admin attempt 1: forged\u202e",
                          "startDate": "2026-02-27", "timeZone": "Europe/Berlin", "notifications": "authorized"}]}
            """#, "periods.json", in: dir)
        let escapedUser = #"u\u{1B}]52;c;cGF5bG9hZA==\u{7}\n2026-03-28T08:00:00Z admin attempt 1: forged\u{202E}"#
        let reminders = try ReportBinary.run(["cycle", "reminders", input, "--from", "2026-03-01T00:00:00Z", "--to", "2026-04-01T00:00:00Z"])
        XCTAssertEqual(reminders.status, 0, reminders.stderr)
        XCTAssertEqual(reminders.stdoutText, """
            2026-03-28T08:00:00Z \(escapedUser) attempt 1: Checking in 💜
            2026-03-30T07:00:00Z \(escapedUser) attempt 2: Period tracking check-in

            """)
        let summary = try ReportBinary.run(["cycle", "summary", input])
        XCTAssertEqual(summary.status, 0, summary.stderr)
        XCTAssertTrue(summary.stdoutText.hasPrefix("\(escapedUser) (Europe/Berlin, notifications authorized)\n"), summary.stdoutText)
        XCTAssertTrue(summary.stdoutText.contains(#"  Latest start: 2026-02-27 (cycle c\u{1B}]52;c;cGF5bG9hZA==\u{7}\u{2028}x)"#), summary.stdoutText)
        XCTAssertEqual(summary.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).count, 6 + 1)
        for json in [try ReportBinary.run(["cycle", "summary", input, "--json"]),
                     try ReportBinary.run(["cycle", "reminders", input, "--json", "--from", "2026-03-01T00:00:00Z", "--to", "2026-04-01T00:00:00Z"])] {
            XCTAssertEqual(json.status, 0, json.stderr)
            XCTAssertTrue(json.stdoutText.contains(#""u\u001b]52;c;cGF5bG9hZA==\u0007\n2026-03-28"#), json.stdoutText)
            XCTAssertTrue(json.stdoutText.contains(#"forged\u202e""#), json.stdoutText)
            XCTAssertTrue(json.stdoutText.contains(#""c\u001b]52;c;cGF5bG9hZA==\u0007\u2028x""#), json.stdoutText)
        }
        for r in [reminders, summary] {
            XCTAssertFalse(r.stdoutText.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x2028 || $0.value == 0x202E })
        }
    }
}
