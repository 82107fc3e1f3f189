import Foundation
import TestSupport
import XCTest

/// Runs the built `report gentle` on the samples and on bad input: the same replay from JSON, CSV
/// and any order of the events, every reason in the sample week, located errors with exit 1, and
/// the export written whole with mode 0600 or not at all.
final class GentleCommandTests: XCTestCase {
    var dir: URL!
    func sample(_ name: String) -> String { TestPaths.samples.appendingPathComponent("gentle/\(name)").path }
    func out(_ name: String) -> String { dir.appendingPathComponent(name).path }

    override func setUpWithError() throws { dir = try TestPaths.temporaryDirectory("gentle-e2e") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func lines(_ r: RunResult) -> [[String: Any]] {
        r.stdoutText.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    func testTheSampleWeekHitsEveryLimitAndReason() throws {
        let r = try ReportBinary.run(["gentle", "notify", sample("events.json"), "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        let events = lines(r)
        XCTAssertEqual(events.count, 30)
        let outcome = Dictionary(uniqueKeysWithValues: events.map { ($0["eventId"] as? String ?? "", ($0["reason"] as? String) ?? "sent") })
        XCTAssertEqual(outcome["evt_01"], "sharingOff")
        XCTAssertEqual(outcome["evt_04"], "throttled", "second status within 24 h")
        XCTAssertEqual(outcome["evt_09"], "sent", "fifth care action in the hour")
        XCTAssertEqual(outcome["evt_10"], "throttled", "sixth care action in the hour")
        XCTAssertEqual(outcome["evt_11"], "sent", "the first care action was exactly an hour earlier")
        XCTAssertEqual(outcome["evt_12"], "sent", "exactly 24 h after the last sent status")
        XCTAssertEqual(outcome["evt_16"], "sent", "third SOS")
        XCTAssertEqual(outcome["evt_17"], "throttled", "fourth SOS within 24 h")
        XCTAssertEqual(outcome["evt_13"], "sent", "calendar sharing switched on")
        XCTAssertEqual(outcome["evt_21"], "alreadySent", "switched off and on again")
        XCTAssertEqual(Set(outcome.values), ["sent", "throttled", "sharingOff", "alreadySent"])
        let first = events.first { $0["eventId"] as? String == "evt_03" }
        XCTAssertEqual(first?["partnerMessage"] as? String, "Feeling tired but calm")
        XCTAssertEqual(Array((first ?? [:]).keys).sorted(), ["body", "eventId", "partnerMessage", "sent", "title"])
    }

    func testJSONCSVAndShuffledInputGiveTheSameLines() throws {
        let json = try ReportBinary.run(["gentle", "notify", sample("events.json"), "--json"])
        let csv = try ReportBinary.run(["gentle", "notify", sample("events.csv"), "--json"])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        XCTAssertEqual(csv.stdoutText, json.stdoutText)
        let text = try String(contentsOfFile: sample("events.csv"), encoding: .utf8).split(separator: "\n")
        let reversed = ([text[0]] + text.dropFirst().reversed()).joined(separator: "\n") + "\n"
        let piped = try ReportBinary.run(["gentle", "notify", "-", "--format", "csv", "--json"], stdin: Data(reversed.utf8))
        XCTAssertEqual(piped.stdoutText, json.stdoutText)
        let people = try ReportBinary.run(["gentle", "notify", sample("events.csv")])
        XCTAssertTrue(people.stdoutText.contains("evt_17  2026-03-03T23:00:00+01:00  not sent (held back: limit reached)"), people.stdoutText)
        XCTAssertTrue(people.stdoutText.contains("    partner message: Feeling anxious and a bit overwhelmed\n"))
    }

    func testBrokenEventsAreLocatedErrorsWithExit1() throws {
        let r = try ReportBinary.run(["gentle", "notify", sample("events-broken.csv"), "--json"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdoutText, "")
        XCTAssertTrue(r.stderr.contains("events-broken.csv:2:4: error: at has no UTC offset"), r.stderr)
        XCTAssertTrue(r.stderr.contains("events-broken.csv:3:5: error: type must be one of status, care, sos, calendar"), r.stderr)
        XCTAssertTrue(r.stderr.contains("events-broken.csv:4:6: error: action must be one of text, voice, facetime, hug"), r.stderr)
        let export = try ReportBinary.run(["gentle", "export", sample("events-broken.csv"), "--user", "user_maya", "-o", out("x.json")])
        XCTAssertEqual(export.status, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out("x.json")))
    }

    func testExportIsThePersonsOwnDataWrittenWithMode0600() throws {
        let r = try ReportBinary.run(["gentle", "export", sample("events.json"), "--user", "user_maya", "-o", out("maya.json")])
        XCTAssertEqual(r.status, 0, r.stderr)
        let mode = try FileManager.default.attributesOfItem(atPath: out("maya.json"))[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out("maya.json")))) as? [String: Any]
        XCTAssertEqual(doc?["userId"] as? String, "user_maya")
        let history = doc?["statusHistory"] as? [[String: Any]] ?? []
        XCTAssertEqual(history.count, 14, "maya's 9 status updates and 5 SOS")
        let received = doc?["careActionsReceived"] as? [[String: Any]] ?? []
        XCTAssertEqual(received.map { $0["id"] as? String ?? "" }, ["evt_05", "evt_06", "evt_07", "evt_08", "evt_09", "evt_10", "evt_11", "evt_26", "evt_28"])
        let text = try String(contentsOfFile: out("maya.json"), encoding: .utf8)
        XCTAssertFalse(text.contains("user_sam"), "never the partner's data")
        XCTAssertFalse(text.contains("evt_24"), "the partner's status is not maya's")

        let csv = try ReportBinary.run(["gentle", "export", sample("events.csv"), "--user", "user_maya", "-o", out("maya-csv.json")])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out("maya-csv.json"))), try Data(contentsOf: URL(fileURLWithPath: out("maya.json"))))
    }

    func testAnUnknownUserExits1AndWritesNothing() throws {
        try Data("old".utf8).write(to: URL(fileURLWithPath: out("keep.json")))
        let r = try ReportBinary.run(["gentle", "export", sample("events.json"), "--user", "user_nobody", "-o", out("keep.json")])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("no event in the input was sent by the user given with --user"), r.stderr)
        XCTAssertFalse(r.stderr.contains("user_nobody"))
        XCTAssertEqual(try String(contentsOfFile: out("keep.json"), encoding: .utf8), "old", "the old file is left as it was")
    }

    func testUsageErrors() throws {
        XCTAssertEqual(try ReportBinary.run(["gentle", "export", sample("events.json"), "-o", out("a.json")]).status, 2, "--user is required")
        XCTAssertEqual(try ReportBinary.run(["gentle", "export", sample("events.json"), "--user", "u"]).status, 2, "-o is required")
        XCTAssertEqual(try ReportBinary.run(["gentle", "notify"]).status, 2)
        XCTAssertEqual(try ReportBinary.run(["gentle", "export", sample("events.json"), "--user", "u", "-o", sample("events.json")]).status, 2,
                       "the output may not be the input")
        let help = try ReportBinary.run(["gentle", "notify", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdoutText.contains("--json"))
    }

    /// An event id that carries an OSC 52 sequence and a newline that would forge a line: escaped
    /// in the text output, escaped by the JSON writer in JSON lines.
    func testEventIdsWithTerminalSequencesAndNewlinesAreEscaped() throws {
        let input = dir.appendingPathComponent("events.json")
        try Data(#"""
            {"events": [{"id": "e1\u001b]52;c;cGF5bG9hZA==\u0007\nevt_99  2026-03-02T08:00:00+01:00  sent  forged\u0085",
                         "pairId": "p", "userId": "u", "at": "2026-03-02T08:00:00+01:00", "type": "sos"}]}
            """#.utf8).write(to: input)
        let text = try ReportBinary.run(["gentle", "notify", input.path])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertEqual(text.stdoutText, #"e1\u{1B}]52;c;cGF5bG9hZA==\u{7}\nevt_99  2026-03-02T08:00:00+01:00  sent  forged\u{85}  2026-03-02T08:00:00+01:00  sent  Your partner needs you: They're reaching out for comfort right now"# + "\n")
        let json = try ReportBinary.run(["gentle", "notify", input.path, "--json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertTrue(json.stdoutText.hasPrefix(#"{"eventId":"e1\u001b]52;c;cGF5bG9hZA==\u0007\nevt_99  2026-03-02T08:00:00+01:00  sent  forged\u0085","sent":true"#), json.stdoutText)
        XCTAssertEqual(json.stdoutText.filter { $0 == "\n" }.count, 1)
    }
}
