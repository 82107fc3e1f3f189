@testable import Aurae
import Foundation
import Ingest
import Synthetic
import XCTest

final class PropertyTests: XCTestCase {
    func testInvariantsOverGeneratedLogs() {
        for seed in UInt64(1)...UInt64(12) {
            var g = SeededGenerator(seed: seed)
            let n = Int(g.next() % 400) + 1
            let logs = SyntheticAurae.logs(count: n, seed: seed)
            let days = seed % 2 == 0 ? SyntheticAurae.days(from: date("2024-01-01"), to: date("2026-03-31"), seed: seed) : nil
            let r = analyze(logs, days: days)
            XCTAssertEqual(r.episodeCount, r.resolvedCount + r.activeCount)
            for list in [r.factors.value ?? [], r.weather.value ?? []] {
                for f in list {
                    XCTAssertLessThanOrEqual(f.count, f.known)
                    XCTAssertGreaterThanOrEqual(f.share.value, 0); XCTAssertLessThanOrEqual(f.share.value, 1)
                    XCTAssertLessThanOrEqual(f.known, r.resolvedCount)
                    if let bc = f.baselineCount, let bk = f.baselineKnown { XCTAssertLessThanOrEqual(bc, bk) }
                    if let a = f.association, a.tested {
                        XCTAssertGreaterThanOrEqual(a.q!, a.p! - 1e-15)
                        XCTAssertLessThanOrEqual(a.q!, 1)
                        XCTAssertEqual(a.supported, a.q! < 0.10)
                    }
                }
                // Total order: share desc, count desc, id.
                for (a, b) in zip(list, list.dropFirst()) {
                    let l = a.count * b.known, rr = b.count * a.known
                    XCTAssertTrue(l > rr || (l == rr && (a.count > b.count || (a.count == b.count && a.id < b.id))), "\(a.id) before \(b.id)")
                }
            }
            if let dow = r.dayOfWeek.value { XCTAssertEqual(dow.reduce(0, +), r.resolvedCount) }
            if let t = r.timeOfDay.value { XCTAssertEqual(t.map(\.count).reduce(0, +), r.resolvedCount) }
            if let t = r.trends.value {
                XCTAssertEqual(t.monthly.map(\.count).reduce(0, +), r.episodeCount)
                XCTAssertEqual(t.weekly.map(\.count).reduce(0, +), r.episodeCount)
            }
            if let ms = r.medications.value {
                for m in ms { XCTAssertLessThanOrEqual(m.ratedCount, m.timesTaken) }
                for (a, b) in zip(ms, ms.dropFirst()) { XCTAssertTrue(a.timesTaken > b.timesTaken || (a.timesTaken == b.timesTaken && a.name < b.name)) }
            }
            XCTAssertLessThanOrEqual(r.frequency.headacheDaysLast30, 30)
            for (a, b) in zip(r.redFlags, r.redFlags.dropFirst()) {
                XCTAssertTrue(a.onsetAt < b.onsetAt || (a.onsetAt == b.onsetAt && (a.logId < b.logId || (a.logId == b.logId && a.tier < b.tier))))
            }
            // Deterministic and independent of input order.
            var shuffled = logs
            var sg = SeededGenerator(seed: seed &+ 99)
            shuffled.shuffle(using: &sg)
            let r2 = analyze(shuffled, days: days)
            XCTAssertEqual(r.json(), r2.json(), "seed \(seed)")
            XCTAssertEqual(r.text(), r2.text())
            // Valid JSON.
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(r.json().utf8)))
        }
    }

    func testRedFlagsMatchDefinitionOnGeneratedLogs() {
        let logs = SyntheticAurae.logs(count: 500, seed: 5)
        let flags = HeadacheInsights.redFlags(logs)
        let expected = logs.reduce(0) { n, l in
            n + (l.onsetSpeed == .instantaneous ? 1 : 0)
              + (l.retrospective.symptoms.contains(.aura) && l.retrospective.symptoms.contains(.visualDisturbances) ? 1 : 0)
        }
        XCTAssertEqual(flags.count, expected)
        XCTAssertTrue(flags.allSatisfy { $0.tier != .primary || $0.severity >= 4 })
        XCTAssertTrue(flags.allSatisfy { $0.tier != .secondary || $0.severity < 4 })
    }
}
