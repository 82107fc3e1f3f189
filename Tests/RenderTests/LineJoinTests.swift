@testable import Render
import XCTest

/// Whether a line break fell inside a word: then no word break is read between the lines (a
/// screen reader hears "receipts/2026/0002.pdf", not "receipts/ 2026/0002.pdf").
final class LineJoinTests: XCTestCase {
    func testABreakAtWhiteSpaceIsAWordBreak() {
        XCTAssertEqual(TextBreaking.joins(["your", "care team"], in: "your care team"), [false, false])
        XCTAssertEqual(TextBreaking.joins(["co-", "payment"], in: "co- payment"), [false, false])
        XCTAssertEqual(TextBreaking.joins(["line one", "line two"], in: "line one\nline two"), [false, false])
        XCTAssertEqual(TextBreaking.joins(["ab", "ab", "ab"], in: "ab ab\tab"), [false, false, false])
    }

    func testABreakInsideAWordJoinsTheLines() {
        XCTAssertEqual(TextBreaking.joins(["receipts/", "2026/0002.pdf"], in: "receipts/2026/0002.pdf"), [true, false])
        XCTAssertEqual(TextBreaking.joins(["co-", "payment due"], in: "co-payment due"), [true, false])
        XCTAssertEqual(TextBreaking.joins(["三个月", "的"], in: "三个月的"), [true, false])
        XCTAssertEqual(TextBreaking.joins(["controleu", "rstoezicht en", "meer"], in: "controleurstoezicht en meer"),
                       [true, false, false])
    }

    func testAPartAfterAPageBreakIsFoundWhereItFollows() {
        // The lines of a paragraph's second part: found after the first part's text.
        XCTAssertEqual(TextBreaking.joins(["two-", "three four"], in: "one two-three four"), [true, false])
        XCTAssertEqual(TextBreaking.joins(["ab", "cd"], in: "ab ab abcd"), [true, false], "the place the next line follows")
    }

    func testEmptyLinesAndChangedLinesBreakWords() {
        XCTAssertEqual(TextBreaking.joins(["a", "", "b"], in: "a\n\nb"), [false, false, false])
        XCTAssertEqual(TextBreaking.joins(["abc", "def…"], in: "abcdefghi"), [false, false], "a cut line is not in the text")
        XCTAssertEqual(TextBreaking.joins(["abc", "def", "gh…"], in: "abcdefghijk"), [true, false, false])
        XCTAssertEqual(TextBreaking.joins(["x"], in: "x"), [false])
        XCTAssertEqual(TextBreaking.joins([String](), in: ""), [])
    }

    /// Laid out: a word longer than its line is drawn as runs that join; the break before it,
    /// at a space, is a word break.
    func testLaidOutRunsSayWhereTheyJoin() throws {
        let word = String(repeating: "x", count: 50)
        let doc = try Fixture.layout([Fixture.para("a \(word) here")])
        let runs = doc.pages[0].items.compactMap { item -> TextRun? in if case .text(let r) = item { return r } else { return nil } }
        XCTAssertEqual(runs.prefix(3).map(\.text), ["a", String(word.prefix(36)), String(word.dropFirst(36)) + " here"])
        XCTAssertEqual(runs.prefix(3).map(\.joinsNext), [false, true, false])
        XCTAssertTrue(doc.dump().contains("joins"), "the layout dump shows it")
    }
}
