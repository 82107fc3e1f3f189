@testable import Aurae
import Foundation
import Ingest
import Synthetic
import XCTest

final class CopyRulesTests: XCTestCase {
    func forbidden() throws -> [String] {
        let data = try Data(contentsOf: templatesURL.appendingPathComponent("copy-rules.json"))
        let obj = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        return obj["forbidden"] as! [String]
    }

    /// Case-insensitive whole-word match.
    func containsWord(_ text: String, _ word: String) -> Bool {
        let t = text.lowercased(), w = word.lowercased()
        var start = t.startIndex
        while let r = t.range(of: w, range: start..<t.endIndex) {
            let before = r.lowerBound == t.startIndex ? nil : t[t.index(before: r.lowerBound)]
            let after = r.upperBound == t.endIndex ? nil : t[r.upperBound]
            let isWordChar: (Character?) -> Bool = { c in c.map { $0.isLetter || $0.isNumber } ?? false }
            if !isWordChar(before) && !isWordChar(after) { return true }
            start = r.upperBound
        }
        return false
    }

    func testNoRenderedMessageBreaksTheCopyRules() throws {
        let words = try forbidden()
        let verbatim = Set(sharedTemplates.wording.verbatimKeys.compactMap { sharedTemplates.wording.entries[$0] })
        var results: [InsightsResult] = []
        for seed in UInt64(1)...UInt64(6) {
            let logs = SyntheticAurae.logs(count: 300, seed: seed)
            let days = SyntheticAurae.days(from: date("2024-01-01"), to: date("2026-03-31"), seed: seed)
            for tier in AuraeTier.allCases { results.append(analyze(logs, days: days, tier: tier)) }
        }
        results.append(analyze([]))
        results.append(analyze(episodes(3)))
        var checked = 0
        for r in results {
            for m in r.messages where !verbatim.contains(m) && !m.hasPrefix("You had a headache within 24 hours of")
                && !m.hasPrefix("Based on your ") && !m.hasPrefix("at or above the ICHD-3") {
                checked += 1
                for w in words { XCTAssertFalse(containsWord(m, w), "\"\(w)\" in: \(m)") }
                XCTAssertFalse(m.contains("{{"), m)
            }
        }
        XCTAssertGreaterThan(checked, 100)
    }

    /// The text templates this module added pass the copy rules too (even ones rarely rendered).
    func testInsightsTextTemplatesBreakNoCopyRule() throws {
        let words = try forbidden()
        let keys = sharedTemplates.wording.entries.keys.filter { $0.hasPrefix("insights.") }
        XCTAssertGreaterThan(keys.count, 40)
        for k in keys {
            let text = sharedTemplates.wording.entries[k]!
            for w in words { XCTAssertFalse(containsWord(text, w), "\"\(w)\" in \(k)") }
        }
    }

    func testForbiddenMatcherCanFail() {
        XCTAssertTrue(containsWord("A strong Correlation here", "correlation"))
        XCTAssertFalse(containsWord("preventive", "prevent"))
    }
}
