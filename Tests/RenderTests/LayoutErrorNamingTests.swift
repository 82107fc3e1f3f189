@testable import Render
import XCTest

/// Layout errors quote element text safely: at most 20 characters, no control or bidi bytes.
final class LayoutErrorNamingTests: XCTestCase {
    func testExcerptIsShortAndEscaped() {
        XCTAssertEqual(excerpt("Short \"quoted\""), #""Short \"quoted\"""#)
        XCTAssertEqual(excerpt(String(repeating: "a", count: 50)), "\"" + String(repeating: "a", count: 20) + "…\"")
        XCTAssertEqual(excerpt("a\u{1B}[31m\u{7}\u{202E}b\nc"), #""a\u{1B}[31m\u{7}\u{202E}b\u{A}c""#)
        let marks = "e" + String(repeating: "\u{301}", count: 5000)
        XCTAssertLessThan(excerpt(marks).utf8.count, 60, "capped by scalars, not graphemes")
    }

    func testParagraphTallerThanAPageIsNamedByAnExcerpt() {
        let huge = TextStyle(font: FontSpec(family: "Inter", size: 200), color: Fixture.ink)
        let block = Block.paragraph(Paragraph("\u{1B}]0;title\u{7} and much more text", style: huge))
        XCTAssertThrowsError(try Fixture.layout([block])) { error in
            guard case let LayoutError.doesNotFit(element, _, _)? = error as? LayoutError else { return XCTFail("\(error)") }
            XCTAssertEqual(element, #"block 1 (paragraph "\u{1B}]0;title\u{7} and much …")"#)
        }
    }
}
