import Quoting
@testable import Render
import XCTest

/// Layout errors quote element text by the tool's one rule (`Quote.value`, as input errors do):
/// at most 20 characters and 80 bytes, no control or bidi bytes.
final class LayoutErrorNamingTests: XCTestCase {
    func testTheQuoteIsShortAndEscaped() {
        XCTAssertEqual(Quote.value("Short \"quoted\""), #""Short \"quoted\"""#)
        XCTAssertEqual(Quote.value(String(repeating: "a", count: 50)), "\"" + String(repeating: "a", count: 20) + "…\"")
        XCTAssertEqual(Quote.value("a\u{1B}[31m\u{7}\u{202E}b\nc"), #""a\u{1B}[31m\u{7}\u{202E}b\nc""#)
        let marks = "e" + String(repeating: "\u{301}", count: 5000)
        XCTAssertLessThanOrEqual(Quote.value(marks).utf8.count, Quote.maxBytes + 5, "capped by bytes, not only characters")
    }

    func testParagraphTallerThanAPageIsNamedByAnExcerpt() {
        let huge = TextStyle(font: FontSpec(family: "Inter", size: 200), color: Fixture.ink)
        // The paragraph prints no controls (`PrintableText`); what it keeps that a terminal
        // would act on (a line break, a bidi isolate) is escaped in the message.
        let block = Block.paragraph(Paragraph("\u{1B}]0;title\u{7}\nand \u{2067}x\u{2069} much more text", style: huge))
        XCTAssertThrowsError(try Fixture.layout([block])) { error in
            guard case let LayoutError.doesNotFit(element, _, _)? = error as? LayoutError else { return XCTFail("\(error)") }
            XCTAssertEqual(element, #"block 1 (paragraph "]0;title\nand \u{2067}x\u{2069} muc…")"#)
        }
    }
}
