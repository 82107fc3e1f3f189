import Catalog
import XCTest

/// Every value is passed under its placeholder's name; the names must be exactly the key's
/// placeholders. A missing, misspelled, extra or repeated name is a `CatalogError` naming the
/// key, thrown at render (never a trap, never a blank).
final class PlaceholderValueTests: XCTestCase {
    let trend = WordingKey("pattern.trend", "symptom", "before", "now")

    func book() throws -> Phrasebook {
        let w = try Wording(file: "wording/test.json", verbatim: [:],
                            text: ["pattern.trend": "{{symptom}}: from {{before}} to {{now}}", "plain": "Plain"])
        return try w.compile([trend, WordingKey("plain")])
    }

    func assertError(_ values: KeyValuePairs<String, String>, _ expected: CatalogError, line: UInt = #line) throws {
        let book = try book()
        XCTAssertThrowsError(try book.render(trend, values), line: line) { error in
            XCTAssertEqual(error as? CatalogError, expected, line: line)
            XCTAssertTrue("\(error)".hasPrefix("wording \"pattern.trend\": "), "\(error)", line: line)
        }
    }

    func testValuesLandUnderTheirNamesInAnyOrder() throws {
        let book = try book()
        XCTAssertEqual(try book.render(trend, ["symptom": "Fatigue", "before": "2", "now": "6"]), "Fatigue: from 2 to 6")
        XCTAssertEqual(try book.render(trend, ["now": "6", "symptom": "Fatigue", "before": "2"]), "Fatigue: from 2 to 6")
        XCTAssertEqual(try book.phrase(trend).render(["before": "2", "now": "6", "symptom": "Fatigue"]), "Fatigue: from 2 to 6")
        XCTAssertEqual(try book.render(WordingKey("plain")), "Plain")
    }

    func testMisspelledNameNamesTheKeyAndTheName() throws {
        try assertError(["symptom": "Fatigue", "befor": "2", "now": "6"],
                        .unknownValue(key: "pattern.trend", name: "befor", placeholders: ["symptom", "before", "now"]))
    }

    func testMissingNameNamesThePlaceholder() throws {
        try assertError(["symptom": "Fatigue", "now": "6"], .missingValue(key: "pattern.trend", placeholder: "before"))
        try assertError([:], .missingValue(key: "pattern.trend", placeholder: "symptom"))
    }

    func testExtraNameIsRefused() throws {
        try assertError(["symptom": "Fatigue", "before": "2", "now": "6", "count": "3"],
                        .unknownValue(key: "pattern.trend", name: "count", placeholders: ["symptom", "before", "now"]))
        let book = try book()
        XCTAssertThrowsError(try book.render(WordingKey("plain"), ["n": "1"])) { error in
            XCTAssertEqual(error as? CatalogError, .unknownValue(key: "plain", name: "n", placeholders: []))
            XCTAssertEqual("\(error)", #"wording "plain": {{n}} is not one of its placeholders (it has none)"#)
        }
    }

    func testRepeatedNameIsRefused() throws {
        try assertError(["symptom": "Fatigue", "before": "2", "before": "6"], .repeatedValue(key: "pattern.trend", name: "before"))
    }

    func testMessagesReadAsSentences() {
        XCTAssertEqual("\(CatalogError.unknownValue(key: "k", name: "befor", placeholders: ["symptom", "before"]))",
                       #"wording "k": {{befor}} is not one of its placeholders (it has: symptom, before)"#)
        XCTAssertEqual("\(CatalogError.missingValue(key: "k", placeholder: "now"))", #"wording "k": no value for {{now}}"#)
        XCTAssertEqual("\(CatalogError.repeatedValue(key: "k", name: "now"))", #"wording "k": {{now}} is given twice"#)
    }
}
