import Foundation
import TestSupport
import XCTest

/// Runs the built `report headache insights` as the nightly job would.
final class InsightsCommandTests: XCTestCase {
    func sample(_ path: String) -> String { TestPaths.samples.appendingPathComponent(path).path }

    func testPremiumJSONFollowsTheContract() throws {
        let r = try ReportBinary.run(["headache", "insights", sample("aurae/logs.json"), "--days", sample("aurae/days.json"),
                                      "--as-of", "2026-07-31", "--tier", "premium", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        XCTAssertEqual(json["asOf"] as? String, "2026-07-31")
        XCTAssertEqual(json["tier"] as? String, "premium")
        XCTAssertEqual(json["episodeCount"] as? Int, 64)
        XCTAssertEqual(json["status"] as? String, "ready")
        let factors = try XCTUnwrap(json["factors"] as? [[String: Any]])
        XCTAssertFalse(factors.isEmpty)
        for f in factors {
            let count = try XCTUnwrap(f["count"] as? Int), known = try XCTUnwrap(f["known"] as? Int)
            XCTAssertLessThanOrEqual(count, known)
        }
        let poorSleep = try XCTUnwrap(factors.first { $0["id"] as? String == "poorSleep" })
        XCTAssertNotNil(poorSleep["baselineKnown"], "with --days, factors with a daily field get a baseline")
        let overuse = try XCTUnwrap(json["medicationOveruse"] as? [String: Any])
        XCTAssertEqual(overuse["month"] as? String, "2026-07")
        let messages = try XCTUnwrap(json["messages"] as? [String])
        XCTAssertTrue(messages.contains("Based on your 64 logged episodes"))
        for m in messages {
            XCTAssertFalse(m.lowercased().contains("correlation"))
            XCTAssertFalse(m.contains("This Month"))
        }
    }

    func testSameRunTwiceGivesTheSameBytes() throws {
        let args = ["headache", "insights", sample("aurae/logs.csv"), "--as-of", "2026-07-15", "--tier", "premium", "--json"]
        let a = try ReportBinary.run(args), b = try ReportBinary.run(args)
        XCTAssertEqual(a.status, 0, a.stderr)
        XCTAssertEqual(a.stdout, b.stdout)
    }

    func testFreeTierShowsSafetyAndLocksPatterns() throws {
        let r = try ReportBinary.run(["headache", "insights", sample("aurae/logs.json"), "--as-of", "2026-07-31", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        XCTAssertEqual((json["factors"] as? [String: Any])?["locked"] as? Bool, true)
        XCTAssertEqual((json["factors"] as? [String: Any])?["unlockedBy"] as? String, "premium")
        XCTAssertEqual((json["redFlags"] as? [Any])?.count, 5)
        XCTAssertEqual((json["medicationOveruse"] as? [String: Any])?["warning"] as? Bool, true)
    }

    func testTextOutputAndErrors() throws {
        let text = try ReportBinary.run(["headache", "insights", sample("aurae/logs.json"), "--as-of", "2026-07-31", "--tier", "premium"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdoutText.contains("Frequently Logged Before Headaches"))
        XCTAssertTrue(text.stdoutText.contains("Last 30 Days"))
        XCTAssertEqual(try ReportBinary.run(["headache", "insights", sample("aurae/logs.json"), "--tier", "gold"]).status, 2)
        let broken = try ReportBinary.run(["headache", "insights", sample("broken/logs-broken.json")])
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.stdout.isEmpty, "nothing on standard output when the input is invalid")
    }
}
