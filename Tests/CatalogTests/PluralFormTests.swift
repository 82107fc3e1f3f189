import Catalog
import Foundation
import XCTest

/// Sentences with plural forms: one text per plural category of the wording's language, picked
/// by the number passed under the selector, as Unicode CLDR's cardinal rules do; every form is
/// checked when the report loads.
final class PluralFormTests: XCTestCase {
    let days = WordingKey.plural("days", "count")

    func wording(_ text: [String: String], language: String = "en") throws -> Wording {
        try Wording(file: "wording/test.json", verbatim: [:], text: text, language: language)
    }

    func testEnglishPicksOneForExactlyOne() throws {
        let book = try wording(["days.one": "{{count}} day", "days.other": "{{count}} days"]).compile([days])
        XCTAssertEqual(try ["0", "1", "2", "11", "1.0", "1.5", "-1", "—"].map { try book.render(days, ["count": $0]) },
                       ["0 days", "1 day", "2 days", "11 days", "1.0 days", "1.5 days", "-1 day", "— days"])
    }

    func testTheSelectorCanBeAnyPlaceholder() throws {
        let key = WordingKey.plural("of", "count", "known", by: "known")
        let book = try wording(["of.one": "{{count}} of {{known}} headache", "of.other": "{{count}} of {{known}} headaches"]).compile([key])
        XCTAssertEqual(try book.render(key, ["count": "0", "known": "1"]), "0 of 1 headache")
        XCTAssertEqual(try book.render(key, ["count": "1", "known": "5"]), "1 of 5 headaches")
    }

    func testOtherLanguagesUseTheirOwnRule() throws {
        let fr = try wording(["days.one": "{{count}} jour", "days.other": "{{count}} jours"], language: "fr").compile([days])
        XCTAssertEqual(try ["0", "1", "2"].map { try fr.render(days, ["count": $0]) }, ["0 jour", "1 jour", "2 jours"])
        let ja = try wording(["days.other": "{{count}}日"], language: "ja").compile([days])
        XCTAssertEqual(try ja.render(days, ["count": "1"]), "1日")
        XCTAssertEqual(PluralRule(language: "nl")?.category(of: "1"), .one)
        XCTAssertEqual(PluralRule(language: "pt-BR")?.category(of: "0"), .one)
        XCTAssertEqual(PluralRule(language: "pt")?.category(of: "0"), .other)
        XCTAssertNil(PluralRule(language: "xx"))
    }

    func testAMissingOrForeignFormOrAnUnknownLanguageFailsAtLoad() throws {
        XCTAssertThrowsError(try wording(["days.other": "{{count}} days"]).compile([days])) { error in
            XCTAssertEqual(error as? CatalogError, .missingKey(file: "wording/test.json", key: "days.one"))
        }
        XCTAssertThrowsError(try wording(["days.one": "{{count}} day", "days.few": "{{count}} days", "days.other": "{{count}} days"])
            .compile([days])) { error in
            guard case .badTemplate(_, let key, let reason)? = error as? CatalogError else { return XCTFail("\(error)") }
            XCTAssertEqual(key, "days.few")
            XCTAssertTrue(reason.contains("no few form"), reason)
        }
        XCTAssertThrowsError(try wording(["days.one": "one day", "days.other": "{{count}} days"]).compile([days]), "every form has {{count}}")
        XCTAssertThrowsError(try wording(["days": "{{count}} days"]).compile([days]), "a plain text where forms are needed")
        XCTAssertThrowsError(try wording(["a": "b"], language: "xx"))
    }

    func testEntryKeysNameTheFormsOfTheLanguage() throws {
        XCTAssertEqual(try wording([:]).entryKeys(of: days), ["days.one", "days.other"])
        XCTAssertEqual(try wording([:], language: "zh").entryKeys(of: days), ["days.other"])
        XCTAssertEqual(try wording([:]).entryKeys(of: WordingKey("x")), ["x"])
    }
}
