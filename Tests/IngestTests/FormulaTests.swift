import XCTest
@testable import Ingest

/// Formula-injection neutralisation (90-quality.md): writers add one `'` to text whose rest after
/// its leading white space matches `^'*[=+\-@\t\r]`; the CSV readers, before any trimming, take
/// exactly one away where the rest matches `^'+[=+\-@\t\r]`.
final class FormulaTests: XCTestCase {
    func testNeutralised() {
        let cases: [(String, String)] = [
            ("=SUM(A1)", "'=SUM(A1)"), ("+1", "'+1"), ("-x", "'-x"), ("@a", "'@a"), ("\tx", "'\tx"),
            ("\rx", "'\rx"), ("'=x", "''=x"), ("''-", "'''-"), ("'x", "'x"), ("'", "'"), ("a=b", "a=b"),
            // Leading white space counts: the `'` goes after it.
            (" =x", " '=x"), ("  ''@", "  '''@"), ("\n-1", "\n'-1"), ("\u{A0}+1", "\u{A0}'+1"),
            ("\u{3000}=A1", "\u{3000}'=A1"), ("\u{2028}@", "\u{2028}'@"), (" \t=x", " '\t=x"), (" \r=x", " '\r=x"),
            (" x", " x"), (" 'x", " 'x"), ("   ", "   "),
            // Look-alikes and invisible characters are not white space and not triggers.
            ("\u{FF1D}1+1", "\u{FF1D}1+1"), ("\u{FF0B}1", "\u{FF0B}1"), ("\u{200B}=x", "\u{200B}=x"), ("\u{FEFF}=x", "\u{FEFF}=x"),
            ("", ""), ("日=", "日="),
        ]
        for (text, written) in cases {
            XCTAssertEqual(CSVFormula.neutralised(text), written, text.debugDescription)
            XCTAssertEqual(CSVFormula.needsNeutralising(text), text != written, text.debugDescription)
        }
    }

    func testTheWriterQuotesFieldsWithWhiteSpaceAtEitherEnd() {
        XCTAssertEqual(CSVWriter.field(.text(" =1+1")), "\" '=1+1\"", "such a field is always quoted")
        XCTAssertEqual(CSVWriter.field(.text("'=1+1")), "''=1+1")
        XCTAssertEqual(CSVWriter.field(.text("x\u{A0}")), "\"x\u{A0}\"")
        XCTAssertEqual(CSVWriter.field(.text("a \"b\", c")), "\"a \"\"b\"\", c\"")
        XCTAssertEqual(CSVWriter.field(.value("-12.50")), "-12.50", "a number stays a number")
        XCTAssertEqual(CSVWriter.field(.text(nil)), "")
        var w = CSVWriter(columns: ["id", "note"])
        w.append([.text("a"), .text("=cmd|' /C calc'!A0")])
        XCTAssertEqual(w.text, "id,note\r\na,'=cmd|' /C calc'!A0\r\n")
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
        XCTAssertEqual(try notes("  '=x  "), "=x", "libcsv trims spaces around an unquoted field")
        XCTAssertEqual(try notes("=x"), "=x", "text that was never neutralised reads as written")
        XCTAssertEqual(try notes("\" ''=1+1\""), " '=1+1", "undone after the leading white space, before any trimming")
        XCTAssertEqual(try notes("\" '=1+1 \""), " =1+1 ", "a quoted field keeps its white space")
        XCTAssertEqual(try notes("\"\u{3000}'@x\""), "\u{3000}@x")
        XCTAssertEqual(try notes("\" 'x\""), " 'x", "not a formula after the white space: left alone")
        XCTAssertEqual(try notes("\"\u{FF1D}1\""), "\u{FF1D}1")
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
