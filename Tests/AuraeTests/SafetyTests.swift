@testable import Aurae
import Ingest
import XCTest

final class SafetyTests: XCTestCase {
    func testRedFlagTiersAtSeverityBoundary() {
        let logs = [
            log("b", "2026-03-02T10:00:00Z", severity: 4) { $0.onsetSpeed = .instantaneous },
            log("a", "2026-03-02T10:00:00Z", severity: 3) { $0.onsetSpeed = .instantaneous },
            log("c", "2026-03-01T10:00:00Z", severity: 5) { $0.onsetSpeed = .instantaneous
                $0.retrospective.symptoms = [.visualDisturbances, .aura] },
            log("d", "2026-03-03T10:00:00Z", severity: 5) { $0.onsetSpeed = .moderate },
            log("e", "2026-03-03T11:00:00Z", severity: 5) { $0.onsetSpeed = nil },
            log("f", "2026-03-03T12:00:00Z", severity: 5) { $0.retrospective.symptoms = [.aura] },
        ]
        let flags = HeadacheInsights.redFlags(logs)
        XCTAssertEqual(flags.map { "\($0.logId):\($0.tier.rawValue)" },
                       ["c:primary", "c:auraVisual", "a:secondary", "b:primary"])
    }

    func testOveruseAtAndAroundThreshold() {
        func logs(days: Int) -> [HeadacheLog] {
            (1...max(days, 1)).prefix(days).map { d in
                let dd = d < 10 ? "0\(d)" : "\(d)"
                return log("l\(d)", "2026-03-\(dd)T08:00:00Z", "2026-03-\(dd)T10:00:00Z") {
                    $0.retrospective.medications = [med("Ibuprofen 400", acute: nil), med("ibuprofen", acute: true)]
                }
            }
        }
        let asOf = date("2026-03-31")
        XCTAssertEqual(HeadacheInsights.medicationOveruse(logs(days: 9), asOf: asOf, config: sharedConfig).warning, false)
        let at = HeadacheInsights.medicationOveruse(logs(days: 10), asOf: asOf, config: sharedConfig)
        XCTAssertEqual(at.acuteDays, 10); XCTAssertTrue(at.warning); XCTAssertEqual(at.month.description, "2026-03")
        let above = HeadacheInsights.medicationOveruse(logs(days: 11), asOf: asOf, config: sharedConfig)
        XCTAssertEqual(above.acuteDays, 11); XCTAssertTrue(above.warning)
    }

    func testOveruseRulesPreventiveFalseAndDates() {
        let logs = [
            // Preventive name, unclassified: not counted. Case-insensitive first word.
            log("p", "2026-03-01T08:00:00Z", "2026-03-01T09:00:00Z") { $0.retrospective.medications = [med("  TOPIRAMATE 50mg ")] },
            // isAcute false never counts, even for an acute name.
            log("q", "2026-03-02T08:00:00Z", "2026-03-02T09:00:00Z") { $0.retrospective.medications = [med("sumatriptan", acute: false)] },
            // Preventive name marked acute counts.
            log("r", "2026-03-03T08:00:00Z", "2026-03-03T09:00:00Z") { $0.retrospective.medications = [med("propranolol", acute: true)] },
            // Unknown unclassified name counts; takenAt date wins over onset date.
            log("s", "2026-02-28T22:00:00Z", "2026-03-01T09:00:00Z") { $0.retrospective.medications = [med("Mystery", "2026-03-01T01:00:00Z")] },
            // takenAt 23:30-05:00 on Mar 31 is April 1 in UTC but March 31 locally: counted.
            log("t", "2026-03-31T20:00:00-05:00", nil) { $0.retrospective.medications = [med("aspirin", "2026-03-31T23:30:00-05:00")] },
            // Local April 1 (UTC March 31): not counted.
            log("u", "2026-04-01T00:30:00+02:00", nil) { $0.retrospective.medications = [med("aspirin", "2026-04-01T00:30:00+02:00")] },
            // Two entries on the same day: one day.
            log("v", "2026-03-03T18:00:00Z", "2026-03-03T19:00:00Z") { $0.retrospective.medications = [med("naproxen"), med("aspirin")] },
        ]
        let o = HeadacheInsights.medicationOveruse(logs, asOf: date("2026-03-31"), config: sharedConfig)
        XCTAssertEqual(o.acuteDays, 3)  // Mar 1, Mar 3, Mar 31
        XCTAssertFalse(o.warning)
    }

    func testOveruseNeverCountsDaysAfterTheAsOfDate() {
        // Ten acute days in March, five of them after the as-of date (15 March).
        let days = ["02", "04", "06", "08", "10", "16", "17", "18", "19", "20"]
        let logs = days.map { d in
            log("m\(d)", "2026-03-\(d)T10:00:00+01:00", "2026-03-\(d)T12:00:00+01:00") {
                $0.retrospective.medications = [med("Ibuprofen", acute: true)]
            }
        }
        let early = HeadacheInsights.medicationOveruse(logs, asOf: date("2026-03-15"), config: sharedConfig)
        XCTAssertEqual(early.acuteDays, 5)
        XCTAssertFalse(early.warning)
        let late = HeadacheInsights.medicationOveruse(logs, asOf: date("2026-03-31"), config: sharedConfig)
        XCTAssertEqual(late.acuteDays, 10)
        XCTAssertTrue(late.warning)
    }
}
