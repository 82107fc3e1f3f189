import Catalog
import XCTest

/// A key family is declared once: every member's key is compiled when the key set is, so a
/// member without wording fails at load, and a use site looks members up instead of spelling keys.
final class WordingKeyFamilyTests: XCTestCase {
    enum Mood: String, CaseIterable, Sendable { case calm, tense, needingSpace = "needing_space" }

    struct Keys: WordingKeySet {
        let moods = WordingKeyFamily<Mood>("mood")
        let months = WordingKeyFamily<Int>("month", 1...2)
        let attempts = WordingKeyFamily(1...2) { "reminder.attempt\($0).title" }
        let line = WordingKey("line", "mood")
        var declaredKeys: [WordingKey] { keys(moods, months, attempts, line) }
    }

    func wording(_ text: [String: String]) throws -> Wording {
        try Wording(file: "wording/test.json", verbatim: [:], text: text)
    }

    let complete = ["mood.calm": "Calm", "mood.tense": "Tense", "mood.needing_space": "Needing space",
                    "month.1": "Jan", "month.2": "Feb", "reminder.attempt1.title": "First",
                    "reminder.attempt2.title": "Second", "line": "Feeling {{mood}}"]

    func testEveryMemberIsDeclaredInMemberOrder() {
        XCTAssertEqual(Keys().declaredKeys.map(\.key), [
            "mood.calm", "mood.tense", "mood.needing_space", "month.1", "month.2",
            "reminder.attempt1.title", "reminder.attempt2.title", "line",
        ])
    }

    func testMemberMissingFromTheWordingFileFailsAtLoad() throws {
        var text = complete
        text["mood.needing_space"] = nil
        XCTAssertThrowsError(try wording(text).compile(Keys())) { error in
            XCTAssertEqual(error as? CatalogError, .missingKey(file: "wording/test.json", key: "mood.needing_space"))
        }
    }

    func testMembersAreLookedUpNotSpelled() throws {
        let k = Keys()
        let book = try wording(complete).compile(k)
        XCTAssertEqual(try book.render(k.moods[.needingSpace]), "Needing space")
        XCTAssertEqual(try book.render(k.months[2]), "Feb")
        XCTAssertEqual(try book.render(k.attempts[1]), "First")
        XCTAssertEqual(try book.texts(of: k.moods), [.calm: "Calm", .tense: "Tense", .needingSpace: "Needing space"])
    }

    func testValueOutsideTheFamilyIsAnErrorNamingItsKey() throws {
        let k = Keys()
        let book = try wording(complete).compile(k)
        XCTAssertThrowsError(try book.render(k.months[13])) { error in
            XCTAssertEqual(error as? CatalogError, .missingKey(file: "wording/test.json", key: "month.13"))
        }
        XCTAssertThrowsError(try book.render(k.attempts[3])) { error in
            XCTAssertEqual(error as? CatalogError, .missingKey(file: "wording/test.json", key: "reminder.attempt3.title"))
        }
    }
}
