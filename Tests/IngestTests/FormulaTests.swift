import XCTest
@testable import Ingest

/// Formula-injection neutralisation (90-quality.md): writers add one `'` to text matching
/// `^'*[=+\-@\t\r]`; the CSV readers take exactly one away from text matching `^'+[=+\-@\t\r]`.
final class FormulaTests: XCTestCase {
    func testNeutralised() {
        for (text, written) in [("=SUM(A1)", "'=SUM(A1)"), ("+1", "'+1"), ("-x", "'-x"), ("@a", "'@a"), ("\tx", "'\tx"),
                                ("\rx", "'\rx"), ("'=x", "''=x"), ("''-", "'''-"), ("'x", "'x"), ("'", "'"), ("a=b", "a=b"),
                                (" =x", " =x"), ("", ""), ("日=", "日=")] {
            XCTAssertEqual(CSVFormula.neutralised(text), written, text.debugDescription)
        }
    }

    func notes(_ csvField: String) throws -> String? {
        try readLogs("id,onset_at,severity,notes\na,2026-03-01T10:00:00Z,3,\(csvField)\n").records.first?.retrospective.notes
    }

    func testTheCSVReaderUndoesExactlyOneQuote() throws {
        XCTAssertEqual(try notes("'=SUM(A1)"), "=SUM(A1)")
        XCTAssertEqual(try notes("''=x"), "'=x")
        XCTAssertEqual(try notes("'''-1"), "''-1")
        XCTAssertEqual(try notes("'@"), "@")
        XCTAssertEqual(try notes("\"'\tx\""), "\tx", "a neutralised leading tab is kept")
        XCTAssertEqual(try notes("\"'\r\nx\""), "\r\nx", "a neutralised leading CR is kept")
        XCTAssertEqual(try notes("'hello"), "'hello", "not a formula: left alone")
        XCTAssertEqual(try notes("'"), "'")
        XCTAssertEqual(try notes("  '=x  "), "=x", "white space around the field is trimmed first")
        XCTAssertEqual(try notes("=x"), "=x", "text that was never neutralised reads as written")
    }

    func testListsAndMedicationsAreUndoneAsOneField() throws {
        let r = try readLogs("id,onset_at,severity,foods,medications,headache_type,condition\n" +
                             "'-a,2026-03-01T10:00:00Z,3,'+pizza;chocolate,'=Ibu|400 mg|||,'@type,'-fog\n")
        let l = try XCTUnwrap(r.records.first)
        XCTAssertEqual(l.id, "-a")
        XCTAssertEqual(l.retrospective.foods, ["+pizza", "chocolate"])
        XCTAssertEqual(l.retrospective.medications.first?.name, "=Ibu")
        XCTAssertEqual(l.retrospective.headacheType, "@type")
        XCTAssertEqual(l.weather.condition, "-fog")
    }

    func testNumbersAndJSONAreNotUndone() throws {
        let errors = errorsOf { try readLogs("id,onset_at,severity,temperature_c\na,2026-03-01T10:00:00Z,3,'-3\n") }
        XCTAssertEqual(errors.count, 1)
        XCTAssertTrue(errors[0].contains("temperature_c must be a number"), errors[0])
        let json = try readLogs(#"[{"id": "a", "onsetAt": "2026-03-01T10:00:00Z", "severity": 3, "retrospective": {"notes": "'=x"}}]"#, "t.json")
        XCTAssertEqual(json.records.first?.retrospective.notes, "'=x", "JSON text is never escaped")
    }
}
