import Catalog
import Foundation
import TestSupport
import XCTest

/// The CuraKnot templates: the approved disclaimer character for character, only approved strings
/// marked verbatim, the pattern sentences in the spec's shapes, and the settings file readable.
final class CuraKnotWordingTests: XCTestCase {
    static let approved = ["disclaimer.observation": "This is an observation from your handoffs, not a medical assessment.",
                           "expenses.disclaimer": "This is not financial advice. Consult a professional.",
                           "expenses.projections": "Projections are estimates based on current patterns and local averages.",
                           "expenses.unassigned": "Unassigned",
                           "meeting.questionsTitle": "Questions you may want to ask at the next appointment"]

    func wording() throws -> Wording { try Wording(directory: TestPaths.templates, app: "curaknot") }

    func testApprovedStringsAreVerbatimAndOnlyThey() throws {
        let w = try wording()
        XCTAssertEqual(w.verbatimKeys, Set(Self.approved.keys))
        let book = try w.compile(Self.approved.keys.map { WordingKey($0) })
        for (key, text) in Self.approved { XCTAssertEqual(try book.render(WordingKey(key)), text) }
    }

    func testPatternSentencesRenderTheSpecExamples() throws {
        let keys = [WordingKey("pattern.frequency", "symptom", "count"), WordingKey("pattern.trend", "symptom", "previous", "count"),
                    WordingKey("pattern.together", "first", "second", "count"), WordingKey("pattern.new", "symptom", "date"),
                    WordingKey("pattern.absence", "symptom"), WordingKey("dayMonth", "day", "month")]
        let book = try wording().compile(keys)
        XCTAssertEqual(try book.render(keys[0], ["symptom": "Dizziness", "count": "4"]),
                       "Dizziness was mentioned in 4 handoffs in the last 7 days.")
        XCTAssertEqual(try book.render(keys[1], ["symptom": "fatigue", "previous": "2", "count": "6"]),
                       "Mentions of fatigue went from 2 to 6 over the last two weeks.")
        XCTAssertEqual(try book.render(keys[2], ["first": "Nausea", "second": "dizziness", "count": "3"]),
                       "Nausea and dizziness were mentioned together in 3 handoffs in the last 30 days.")
        XCTAssertEqual(try book.render(keys[3], ["symptom": "Swelling", "date": "12 March"]),
                       "Swelling was mentioned for the first time on 12 March.")
        XCTAssertEqual(try book.render(keys[4], ["symptom": "Confusion"]), "Confusion has not been mentioned in the last 14 days.")
        XCTAssertEqual(try book.render(keys[5], ["day": "12", "month": "March"]), "12 March")
    }

    func testCopyRulesCoverTheCuraKnotFiles() throws {
        let files = try CopyRulesTests.allTemplateStrings().map(\.file)
        XCTAssertTrue(files.contains("wording/curaknot.json"))
        XCTAssertTrue(files.contains("thresholds/curaknot.json"))
    }
}
