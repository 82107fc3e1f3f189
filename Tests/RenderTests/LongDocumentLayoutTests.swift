import Render
import TestSupport
import XCTest

/// Widow/orphan control, headings kept with what follows, and keep-together groups taller than a
/// page (frame 160 pt = 13 lines of 12 pt; see `Fixture`).
final class LongDocumentLayoutTests: XCTestCase {
    private func controlled(_ n: Int, prefix: String = "p") -> Block {
        .paragraph(Paragraph((1...n).map { "\(prefix)\($0)" }.joined(separator: "\n"), style: Fixture.text,
                             lineControl: .widowsAndOrphans))
    }

    private func page(of text: String, in doc: LaidOutDocument) -> Int? {
        doc.pages.firstIndex { $0.run(text) != nil }
    }

    func testDefaultParagraphStillLeavesOneLineAtTheBottom() throws {
        let doc = try Fixture.layout(Fixture.lines(12) + [Fixture.para("a\nb\nc")])
        XCTAssertEqual(page(of: "a", in: doc), 0)
        XCTAssertEqual(page(of: "b", in: doc), 1)
    }

    func testNoOrphanAtTheBottomOfAPage() throws {
        // One line left on page 1: a controlled paragraph of 5 lines moves whole.
        let doc = try Fixture.layout(Fixture.lines(12) + [controlled(5)])
        XCTAssertEqual(page(of: "p1", in: doc), 1)
        XCTAssertEqual(doc.pages[1].bodyRuns.first?.origin.y, Fixture.frameTop)
    }

    func testNoWidowAtTheTopOfTheNextPage() throws {
        // Three lines left: 4 lines would leave one alone on page 2, so two lines go over.
        let doc = try Fixture.layout(Fixture.lines(10) + [controlled(4)])
        XCTAssertEqual([1, 2, 3, 4].map { page(of: "p\($0)", in: doc) }, [0, 0, 1, 1])
    }

    func testThreeLineParagraphNeverSplits() throws {
        let doc = try Fixture.layout(Fixture.lines(11) + [controlled(3)])
        XCTAssertEqual([1, 2, 3].map { page(of: "p\($0)", in: doc) }, [1, 1, 1])
    }

    func testParagraphTallerThanAPageStillSplitsWithTwoLinesEachSide() throws {
        let doc = try Fixture.layout(Fixture.lines(2) + [controlled(26)])
        for p in doc.pages {
            let ps = p.bodyRuns.filter { $0.text.hasPrefix("p") }
            if !ps.isEmpty { XCTAssertGreaterThanOrEqual(ps.count, 2) }
        }
        XCTAssertEqual(doc.pages.flatMap { $0.bodyRuns.map(\.text) }.filter { $0.hasPrefix("p") }.count, 26)
    }

    func testHeadingKeptWithTwoLinesOfAControlledParagraph() throws {
        // Heading + 2 lines need 36 pt; page 1 has 24 left: all three move.
        let h = Block.heading(Heading("H", style: Fixture.bold))
        let doc = try Fixture.layout(Fixture.lines(11) + [h, controlled(6)])
        XCTAssertEqual(page(of: "H", in: doc), 1)
        XCTAssertEqual(page(of: "p1", in: doc), 1)
    }

    func testTallGroupSplitsAtBlockBoundariesNotInsideAField() throws {
        // A 20-line group: its 4-line fields are kept whole and move as units.
        let fields = (1...5).map { f in Fixture.para((1...4).map { "f\(f)l\($0)" }.joined(separator: "\n")) }
        let doc = try Fixture.layout(Fixture.lines(2) + [.keepTogether(fields)])
        for f in 1...5 {
            let pages = Set((1...4).compactMap { page(of: "f\(f)l\($0)", in: doc) })
            XCTAssertEqual(pages.count, 1, "field \(f) on one page")
        }
        XCTAssertEqual(page(of: "f3l1", in: doc), 1, "two fields (8 lines) fit after L1, L2; the third moves")
    }

    func testNestedGroupsKeepTheirInnerGroupsWhole() throws {
        let inner = (1...4).map { g in Block.keepTogether(Fixture.lines(5, prefix: "g\(g)-")) }
        let doc = try Fixture.layout([.keepTogether(inner)])
        for g in 1...4 {
            let pages = Set((1...5).compactMap { page(of: "g\(g)-\($0)", in: doc) })
            XCTAssertEqual(pages.count, 1, "group \(g) on one page")
        }
        XCTAssertEqual(doc.pages.count, 2)
    }

    func testFieldTallerThanAPageInsideATallGroupStillFlows() throws {
        let big = Fixture.para((1...30).map { "b\($0)" }.joined(separator: "\n"))
        let doc = try Fixture.layout([.keepTogether([Fixture.para("head"), big, Fixture.para("tail")])])
        XCTAssertEqual(doc.pages.flatMap { $0.bodyRuns.map(\.text) }.filter { $0.hasPrefix("b") }.count, 30)
        XCTAssertEqual(page(of: "b1", in: doc), 0)
    }

    func testHeadingInsideATallGroupStaysWithItsField() throws {
        var blocks = Fixture.lines(11, prefix: "x")
        blocks.append(.heading(Heading("H", style: Fixture.bold)))
        blocks.append(Fixture.para("y1\ny2\ny3"))
        let doc = try Fixture.layout(Fixture.lines(1) + [.keepTogether(blocks)])
        XCTAssertEqual(page(of: "H", in: doc), page(of: "y1", in: doc))
        XCTAssertEqual(page(of: "y1", in: doc), page(of: "y3", in: doc))
    }
}

extension LongDocumentLayoutTests {
    func testHeadingSubheadingAndContentStayTogether() throws {
        // 36 pt left: heading + subheading (24 pt) would fit, but not with the 3-line paragraph.
        let doc = try Fixture.layout(Fixture.lines(10) + [.heading(Heading("H1", style: Fixture.bold)),
                                                          .heading(Heading("H2", style: Fixture.bold, outlineLevel: 2)),
                                                          .keepTogether([Fixture.para("a\nb\nc")])])
        XCTAssertEqual(doc.pages.firstIndex { $0.run("H1") != nil }, 1)
        XCTAssertEqual(doc.pages.firstIndex { $0.run("H2") != nil }, 1)
        XCTAssertEqual(doc.outline.map(\.pageIndex), [1, 1])
    }
}
