@testable import Aurae
@testable import Ingest
import XCTest

/// Echoed input in messages: escaped, capped by characters and bytes, and left out of the
/// value-free messages.
final class MessageSafetyTests: XCTestCase {
    /// Scalars that must never reach a terminal raw.
    static let dangerous: [Unicode.Scalar] = (Array(0x00...0x1F) + Array(0x7F...0x9F)
        + [0x061C, 0x200E, 0x200F, 0x2028, 0x2029] + Array(0x202A...0x202E) + Array(0x2066...0x2069))
        .compactMap(Unicode.Scalar.init)

    func assertSafe(_ s: String, maxBytes: Int = 120, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(s.unicodeScalars.contains { Self.dangerous.contains($0) }, "raw control in \(s.debugDescription)",
                       file: file, line: line)
        XCTAssertLessThanOrEqual(s.utf8.count, maxBytes, file: file, line: line)
    }

    func testEscapeBellAndBidiAreEscapedVisibly() {
        XCTAssertEqual(Diagnostic.quote("a\u{1B}[31mred\u{07}"), "\"a\\u{1B}[31mred\\u{7}\"")
        XCTAssertEqual(Diagnostic.quote("x\u{202E}cba"), "\"x\\u{202E}cba\"")
        XCTAssertEqual(Diagnostic.quote("\u{2066}\u{200F}\u{061C}\u{85}\u{7F}"),
                       "\"\\u{2066}\\u{200F}\\u{61C}\\u{85}\\u{7F}\"")
        XCTAssertEqual(Diagnostic.quote("back\\slash \"q\"\n"), "\"back\\\\slash \\\"q\\\"\\n\"")
    }

    func testPlainTextIsUnchangedAndCutAtTwentyCharacters() {
        XCTAssertEqual(Diagnostic.quote("severe"), "\"severe\"")
        XCTAssertEqual(Diagnostic.quote("Kopfschmerz über dem Auge"), "\"Kopfschmerz über dem…\"")
        XCTAssertEqual(Diagnostic.quote(String(repeating: "頭", count: 25)), "\"" + String(repeating: "頭", count: 20) + "…\"")
    }

    func testOneLetterWithFiveThousandCombiningMarksIsCutByBytes() {
        let zalgo = "e" + String(repeating: "\u{301}", count: 5000) + "tail"
        let q = Diagnostic.quote(zalgo)
        XCTAssertTrue(q.unicodeScalars.starts(with: "\"e\u{301}\u{301}".unicodeScalars))
        XCTAssertTrue(q.hasSuffix("…\""))
        XCTAssertLessThanOrEqual(q.utf8.count, Diagnostic.quoteMaxBytes + 5)
    }

    /// Class: every quoted echo of any mix of dangerous scalars, long clusters and plain text is
    /// control-free and bounded.
    func testEveryQuoteIsControlFreeAndBounded() {
        var rng = SystemRandomNumberGenerator()
        let pool: [Unicode.Scalar] = Self.dangerous + ["a", "\u{301}", "\u{200D}", "👍", "\\", "\"", "é", "\u{FE0F}"]
        for _ in 0..<500 {
            var s = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...300, using: &rng) { s.append(pool.randomElement(using: &rng) ?? "a") }
            assertSafe(Diagnostic.quote(String(s)), maxBytes: Diagnostic.quoteMaxBytes + 5)
        }
    }

    func testValuesInFieldMessagesAreEscapedAndLeftOutWithoutValues() throws {
        let csv = csvHeader + "a1,2026-03-02T08:10:00+01:00,\u{1B}]0;pwned\u{07}\u{202E}\n"
        do {
            _ = try readLogs(csv)
            XCTFail("expected an error")
        } catch let e as IngestError {
            let d = try XCTUnwrap(e.diagnostics.first)
            XCTAssertEqual(d.message, "severity must be an integer from 1 to 5, found \"\\u{1B}]0;pwned\\u{7}\\u{202E}\"")
            XCTAssertEqual(d.messageWithoutValues, "severity must be an integer from 1 to 5")
            assertSafe(d.description)
        }
    }

    func testHeaderlessCSVIsSaidToLackItsHeaderWithoutQuotingIt() throws {
        // The header row is missing: the first row is a record, and its note is never echoed as
        // an unknown column name.
        let note = "Migraine after wine \u{1B}[2J with my ex\u{202E}"
        let csv = "h1,2026-03-02T08:10:00+01:00,3,\(note)\nh2,2026-03-03T08:10:00+01:00,4,ok\n"
        do {
            _ = try readLogs(csv, "n.csv")
            XCTFail("expected an error")
        } catch let e as IngestError {
            XCTAssertEqual(e.diagnostics.map(\.description),
                           ["n.csv:1:1: error: the header row is missing: line 1 holds values (a number, a date or a time), not column names"])
            for d in e.diagnostics {
                assertSafe(d.description)
                XCTAssertFalse(d.description.contains("Migraine") || d.description.contains("h1"))
            }
        }
        let escaped = csvHeader.dropLast() + ",\u{1B}[1mX\u{202E}\n" + "a,2026-03-02T08:10:00+01:00,3,x\n"
        let r = try readLogs(String(escaped))
        XCTAssertEqual(r.warnings.map(\.message), ["unknown column \"\\u{1B}[1mX\\u{202E}\" ignored"])
    }

    func testUnknownJSONKeysNameOnlyTheKnownPathWithoutValues() throws {
        let json = """
        [{"id": "k1", "onsetAt": "2026-03-02T08:10:00+01:00", "severity": 3, "my secret\\u001b": 1, "weather": {"wind\\u202e": 2}}]
        """
        let r = try readLogs(json, "k.json")
        XCTAssertEqual(r.warnings.map(\.message), ["unknown key \"my secret\\u{1B}\" ignored",
                                                   "unknown key \"weather.wind\\u{202E}\" ignored"])
        XCTAssertEqual(r.warnings.map(\.messageWithoutValues), ["unknown key ignored", "unknown key in weather ignored"])
    }

    func testEveryIssueHasAValueFreeMessage() {
        let secret = Diagnostic.quote("SECRET value")
        let problems: [Problem] = [
            .mustBe(.integer(1...5), found: secret), .notOneOf(["a", "b"], found: secret),
            .itemsMustBeStrings(found: secret), .outOfRange(found: secret), .noUTCOffset(found: secret),
            .notRealDateTime(found: secret), .notRealDate(found: secret), .recordNotAnObject(found: secret),
            .mustBe(.timestampInYears(1900...2100), found: secret),
        ]
        for p in problems {
            let issue = Issue(field: LogField.severity, problem: p, pos: .csv(line: 2, field: 3))
            for format in InputFormat.allCases {
                XCTAssertTrue(issue.message(for: format).contains("SECRET"))
                XCTAssertFalse(issue.messageWithoutValues(for: format).contains("SECRET"))
                XCTAssertFalse(issue.messageWithoutValues(for: format).contains("found"))
            }
        }
        let severity = Issue(field: LogField.severity, problem: .mustBe(.integer(1...5), found: "\"3.0\""),
                             pos: .csv(line: 2, field: 3))
        XCTAssertEqual(severity.messageWithoutValues(for: .json), "severity must be an integer from 1 to 5")
    }

    func testFileNamesAreShownWithControlsEscaped() throws {
        let d = Diagnostic(.error, "x", at: SourceLocation(file: "a\u{1B}[2J\u{202E}b\\c.csv", line: 1, column: 2))
        XCTAssertEqual(d.description, "a\\u{1B}[2J\\u{202E}b\\c.csv:1:2: error: x")
        XCTAssertEqual(IngestError.unreadable(path: "x\u{07}.csv", reason: "r").description, "report: error: cannot read x\\u{7}.csv: r")
        XCTAssertEqual(Diagnostic.escapingControls("plain/path ü.csv"), "plain/path ü.csv")
    }

    func testSyntaxAndHeaderMessagesWithoutValues() throws {
        do {
            _ = try readLogs("[{\"id\": x}]", "s.json")
            XCTFail("expected an error")
        } catch let e as IngestError {
            XCTAssertEqual(e.diagnostics.map(\.message), ["unexpected character 'x'"])
            XCTAssertEqual(e.diagnostics.map(\.messageWithoutValues), ["unexpected character"])
        } catch { XCTFail("\(error)") }
        let unknown = try readLogs("id,onset_at,severity,I D\u{1B}\n", "d.csv").warnings
        XCTAssertEqual(unknown.map(\.message), ["unknown column \"I D\\u{1B}\" ignored"])
        XCTAssertEqual(unknown.map(\.messageWithoutValues), ["unknown column ignored"])
        do {
            _ = try readLogs("id,onset_at,severity,ID\n", "d.csv")
            XCTFail("expected an error")
        } catch let e as IngestError {
            XCTAssertEqual(e.diagnostics.map(\.messageWithoutValues), ["duplicate column id (also column 1)"])
        } catch { XCTFail("\(error)") }
    }
}
