@testable import Aurae
import Ingest
import XCTest

func analyze(_ logs: [HeadacheLog], days: [DayContext]? = nil, asOf: String = "2026-03-31",
             from: String? = nil, to: String? = nil, tier: AuraeTier = .premium) -> InsightsResult {
    HeadacheInsights.analyze(InsightsRequest(logs: logs, days: days, asOf: date(asOf), from: from.map(date),
                                                  to: to.map(date), tier: tier), config: sharedConfig)
}

/// `n` resolved one-hour episodes on consecutive days starting 2026-03-01 at 09:00Z.
func episodes(_ n: Int, start: String = "2026-03-01", _ edit: (Int, inout HeadacheLog) -> Void = { _, _ in }) -> [HeadacheLog] {
    (0..<n).map { i in
        let d = date(start).adding(days: i).description
        var l = log("e\(i < 10 ? "0" : "")\(i)", "\(d)T09:00:00Z", "\(d)T10:00:00Z")
        edit(i, &l)
        return l
    }
}

final class AnalysisTests: XCTestCase {
    func testExampleSevenOfNine() {
        let logs = episodes(10) { i, l in
            if i < 9 { l.sleep.hours = i < 7 ? 5 : 8 }
        }
        let r = analyze(logs)
        let f = r.factors.value!.first { $0.id == "poorSleep" }!
        XCTAssertEqual(f.count, 7); XCTAssertEqual(f.known, 9)
        XCTAssertEqual(f.share.text, "0.778"); XCTAssertEqual(f.frequencyText, "Frequently present")
        XCTAssertTrue(r.messages.contains("You had a headache within 24 hours of poor sleep in 7 of your last 9 episodes."))
    }
}
