import Catalog
import CuraKnot
import Ingest
import ReportKit
import TestSupport
import XCTest

/// Each pattern rule at and around its threshold and window edges (spec 40-care-circle.md).
final class PatternRulesTests: XCTestCase {
    static let asOf = LocalDate(year: 2026, month: 3, day: 15)!  // A

    var rules: PatternRules!

    override func setUpWithError() throws {
        let templates = try TemplateSet(directory: TestPaths.templates, app: "curaknot")
        rules = PatternRules(settings: try PatternSettings.load(templates))
    }

    /// A handoff `back` days before A mentioning `symptoms` (raw, normalised here).
    func h(_ id: String, _ back: Int, _ symptoms: String...) -> PatternHandoff {
        PatternHandoff(id: id, date: Self.asOf.adding(days: -back), authorId: "u-1", authorName: "Sam",
                       keys: Set(symptoms.map { SymptomKey.key($0, synonyms: rules.settings.synonyms) }))
    }

    func found(_ handoffs: [PatternHandoff], _ type: PatternType, asOf: LocalDate = asOf) -> [Finding] {
        rules.findings(handoffs, asOf: asOf).filter { $0.type == type }
    }

    func testSymptomKeysAreLowerCasedTrimmedCollapsedAndMapped() {
        let s = rules.settings.synonyms
        XCTAssertEqual(SymptomKey.key("  Short   OF breath ", synonyms: s), "shortness of breath")
        XCTAssertEqual(SymptomKey.key("SOB", synonyms: s), "shortness of breath")
        XCTAssertEqual(SymptomKey.key("Lightheaded", synonyms: s), "dizziness")
        XCTAssertEqual(SymptomKey.key("No Appetite", synonyms: s), "poor appetite")
        XCTAssertEqual(SymptomKey.key("swollen feet", synonyms: s), "swelling")
        XCTAssertEqual(SymptomKey.key("Cough", synonyms: s), "cough")
        for (from, to) in ["sob": "shortness of breath", "short of breath": "shortness of breath",
                           "breathlessness": "shortness of breath", "dizzy": "dizziness", "lightheaded": "dizziness",
                           "tired": "fatigue", "tiredness": "fatigue", "exhaustion": "fatigue", "nauseous": "nausea",
                           "nauseated": "nausea", "confused": "confusion", "swollen ankles": "swelling",
                           "swollen feet": "swelling", "no appetite": "poor appetite"] {
            XCTAssertEqual(s[from], to, from)
        }
    }

    func testFrequencyNeedsThreeDistinctHandoffsInTheLastSevenDays() {
        // Two in the window plus one on A−7 (outside): nothing.
        XCTAssertEqual(found([h("a", 0, "dizzy"), h("b", 6, "Dizziness"), h("c", 7, "dizzy")], .frequency), [])
        // A synonym listed twice in one handoff counts once.
        XCTAssertEqual(found([h("a", 0, "dizzy", "DIZZINESS"), h("b", 6, "dizzy")], .frequency), [])
        let three = found([h("a", 0, "dizzy"), h("b", 6, " Dizziness "), h("c", 3, "lightheaded"), h("d", -1, "dizzy")], .frequency)
        XCTAssertEqual(three.map(\.key), ["dizziness"])
        XCTAssertEqual(three.first?.count, 3)
        XCTAssertEqual(three.first?.sources.map(\.id), ["b", "c", "a"], "by date then id; the future handoff is ignored")
        XCTAssertEqual(three.first?.from, Self.asOf.adding(days: -6))
    }

    func testTrendDoublesAndNeedsThreeRecentMentions() {
        let prev2 = [h("p1", 14, "tired"), h("p2", 27, "fatigue")]
        let recent4 = [h("r1", 0, "tired"), h("r2", 5, "tired"), h("r3", 9, "exhaustion"), h("r4", 13, "tiredness")]
        let hit = found(prev2 + recent4, .trend)
        XCTAssertEqual(hit.map(\.count), [4]); XCTAssertEqual(hit.first?.previousCount, 2)
        XCTAssertEqual(hit.first?.sources.map(\.id), ["p2", "p1", "r4", "r3", "r2", "r1"])
        XCTAssertEqual(hit.first?.from, Self.asOf.adding(days: -27))
        // 4 < 2 × 3: no trend.
        XCTAssertEqual(found(prev2 + [h("p3", 20, "tired")] + recent4, .trend), [])
        // A−28 is outside the earlier window.
        XCTAssertEqual(found(prev2 + [h("p3", 28, "tired")] + recent4, .trend).map(\.previousCount), [2])
        // Zero before: three recent are enough, two are not.
        XCTAssertEqual(found(Array(recent4.prefix(3)), .trend).map(\.previousCount), [0])
        XCTAssertEqual(found(Array(recent4.prefix(2)), .trend), [])
    }

    func testCorrelationCountsPairsInTheLastThirtyDays() {
        let hits = found([h("a", 0, "Nausea", "dizzy"), h("b", 10, "nauseous", "Dizziness"), h("c", 29, "nausea", "lightheaded", "cough"),
                          h("d", 30, "nausea", "dizzy")], .correlation)
        XCTAssertEqual(hits.map(\.key), ["dizziness+nausea"])
        XCTAssertEqual(hits.first?.symptoms, ["dizziness", "nausea"])
        XCTAssertEqual(hits.first?.count, 3)
        XCTAssertEqual(found([h("a", 0, "nausea", "dizzy"), h("b", 10, "nausea", "dizzy"), h("d", 30, "nausea", "dizzy")], .correlation), [])
    }

    func testNewIsAFirstMentionWithinTheLastSevenDays() {
        let onEdge = found([h("a", 6, "swollen ankles"), h("b", 1, "Swelling"), h("c", 10, "cough")], .new)
        XCTAssertEqual(onEdge.map(\.key), ["swelling"])
        XCTAssertEqual(onEdge.first?.firstMentioned, Self.asOf.adding(days: -6))
        XCTAssertEqual(onEdge.first?.count, 2)
        XCTAssertEqual(found([h("a", 7, "swollen ankles"), h("b", 1, "Swelling")], .new), [], "first mention on A−7")
    }

    func testAbsenceNeedsThreeEarlierAndNoneInTheLastFourteenDays() {
        let earlier = [h("a", 14, "confused"), h("b", 30, "Confusion"), h("c", 43, "confused")]
        XCTAssertEqual(found(earlier, .absence).map(\.count), [3])
        XCTAssertEqual(found(earlier + [h("d", 13, "confused")], .absence), [])
        XCTAssertEqual(found([h("a", 14, "confused"), h("b", 30, "Confusion"), h("c", 44, "confused")], .absence), [])
    }

    func testAHandoffsDateIsItsOwnLocalDate() throws {
        // 23:40 at −07:00 on A−14 is A−13 in UTC: by its own offset it is in the earlier window.
        let late = try XCTUnwrap(parseTimestamp("2026-03-01T23:40:00-07:00"))
        XCTAssertEqual(late.localDate, Self.asOf.adding(days: -14))
        let handoff = Handoff(id: "x", circleId: "c", patientId: "p", authorId: "u", createdAt: late, type: .call, symptoms: ["Confused"])
        XCTAssertEqual(handoff.date, LocalDate(year: 2026, month: 3, day: 1))
        let earlier = [PatternHandoff(id: "x", date: handoff.date, authorId: "u", authorName: nil, keys: ["confusion"]),
                       h("b", 30, "confused"), h("c", 40, "confused")]
        XCTAssertEqual(found(earlier, .absence).map(\.count), [3])
    }

    func testSentencesUseTheApprovedShapes() throws {
        let presenter = try PatternsPresenter(templates: TemplateSet(directory: TestPaths.templates, app: "curaknot"))
        let all = rules.findings([h("a", 0, "nausea", "dizzy"), h("b", 2, "nausea", "dizzy"), h("c", 3, "nausea", "dizzy", "dizzy"),
                                  h("d", 3, "swollen ankles")], asOf: Self.asOf)
        let text = try all.map { try presenter.sentence($0) }
        XCTAssertTrue(text.contains("Dizziness was mentioned in 3 handoffs in the last 7 days."))
        XCTAssertTrue(text.contains("Mentions of nausea went from 0 to 3 over the last two weeks."))
        XCTAssertTrue(text.contains("Dizziness and nausea were mentioned together in 3 handoffs in the last 30 days."))
        XCTAssertTrue(text.contains("Swelling was mentioned for the first time on 12 March."))
        XCTAssertFalse(text.joined().lowercased().contains("correlation"))
        let absence = rules.findings([h("a", 20, "confused"), h("b", 21, "confused"), h("c", 22, "confused")], asOf: Self.asOf)
        XCTAssertEqual(try absence.filter { $0.type == .absence }.map { try presenter.sentence($0) },
                       ["Confusion has not been mentioned in the last 14 days."])
        XCTAssertEqual(try presenter.disclaimer(), "This is an observation from your handoffs, not a medical assessment.")
    }
}
