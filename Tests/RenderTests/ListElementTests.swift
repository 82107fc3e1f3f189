@testable import Render
import TestSupport
import XCTest

/// The list element: items with a label column and hanging text, a note in the same box, read as
/// `L` of `LI` (`Lbl`, `LBody`) then a paragraph; split between items across pages (an item kept
/// whole unless it cannot fit a page), one list however many pages it takes.
final class ListElementTests: XCTestCase {
    static let fill = Color(red: 0.95, green: 0.9, blue: 0.9)

    /// `texts` as items labelled "•" (none with `labels` false), 10 pt label column.
    func list(_ texts: [String], labels: Bool = true, spacing: Double = 0, note: String? = nil,
              fill: Color? = nil, padding: Double = 0) -> Block {
        .list(List(texts.map { List.Item($0, label: labels ? "•" : nil) }, style: Fixture.text, labelWidth: labels ? 10 : 0,
                   itemSpacing: spacing, fill: fill, padding: EdgeInsets(all: padding), note: note))
    }

    func testItemsLabelsAndNoteReadAsAListThenAParagraph() throws {
        let doc = try Fixture.layout([list(["first", "second"], note: "and 2 more")])
        XCTAssertEqual(doc.structureDump(), """
            L
              LI
                Lbl "•"
                LBody "first"
              LI
                Lbl "•"
                LBody "second"
            P "and 2 more"

            """)
        let unlabelled = try Fixture.layout([list(["a", "b"], labels: false)])
        XCTAssertEqual(unlabelled.structureDump(), "L\n  LI\n    LBody \"a\"\n  LI\n    LBody \"b\"\n", "no label drawn, no Lbl")
    }

    /// The label sits in its column; every line of an item's text, wrapped ones too, starts
    /// right of it (a hanging indent), and so does the note. The fill is one box behind it all,
    /// padding included.
    func testLabelColumnHangingIndentAndFill() throws {
        // 36 characters a line at 5 pt each in the 180 pt frame; 10 pt of label, 2 × 5 of padding.
        let long = (1...12).map { "w\($0)" }.joined(separator: " ")
        let doc = try Fixture.layout([list([long, "short"], spacing: 2, note: "more", fill: Self.fill, padding: 5)])
        let page = doc.pages[0]
        let bullets = page.bodyRuns.filter { $0.text == "•" }
        XCTAssertEqual(bullets.map(\.origin.x), [15, 15])
        let texts = page.bodyRuns.filter { $0.text != "•" }
        XCTAssertGreaterThan(texts.count, 3, "the long item wraps")
        XCTAssertTrue(texts.allSatisfy { $0.origin.x == 25 }, "\(texts.map(\.origin))")
        let lineCount = texts.count
        let (box, color) = try XCTUnwrap(page.rects.first)
        XCTAssertEqual(color, Self.fill)
        XCTAssertEqual(box.minY, Fixture.frameTop)
        XCTAssertEqual(box.height, 5 + Double(lineCount) * 12 + 2 * 2 + 5, accuracy: 1e-9, "padding, lines, two gaps")
        XCTAssertEqual(bullets[1].origin.y, texts.first { $0.text == "short" }?.origin.y, "the label on its item's first line")
    }

    /// A list that does not fit the rest of the page breaks between items: the item that does not
    /// fit moves whole, each part keeps its fill, and it stays one list.
    func testSplitsBetweenItemsAcrossPagesAsOneList() throws {
        // 11 lines take 132 of 160 pt: one two-line item (24 pt) fits, the next does not.
        let items = ["a1 a1 a1 a1 a1 a1 a1 a1 a1 a1 a1 a1 a1 a1", "b1 b1 b1 b1 b1 b1 b1 b1 b1 b1 b1 b1 b1 b1", "c"]
        let doc = try Fixture.layout(Fixture.lines(11) + [list(items, spacing: 2, fill: Self.fill)])
        XCTAssertEqual(doc.pages.count, 2)
        XCTAssertTrue(doc.pages[0].bodyRuns.contains { $0.text.hasPrefix("a1") })
        XCTAssertFalse(doc.pages[0].bodyRuns.contains { $0.text.hasPrefix("b1") }, "the second item is not split")
        XCTAssertEqual(doc.pages[1].bodyRuns.filter { $0.text.hasPrefix("b1") }.count, 2)
        XCTAssertEqual(doc.pages[1].bodyRuns.first?.origin.y, Fixture.frameTop, "no space before at the top of the page")
        for page in doc.pages { XCTAssertEqual(page.rects.filter { $0.1 == Self.fill }.count, 1, "each part keeps the fill") }
        let dump = doc.structureDump()
        XCTAssertEqual(dump.components(separatedBy: "\n").filter { $0 == "L" }.count, 1, dump)
        XCTAssertEqual(dump.components(separatedBy: "\n  LI\n").count - 1, 3, dump)
        XCTAssertTrue(dump.hasSuffix("L\n  LI\n    Lbl \"•\"\n    LBody \"a1 a1 a1 a1 a1 a1 a1 a1 a1 a1 a1\" \"a1 a1 a1\"\n"
                                     + "  LI\n    Lbl \"•\"\n    LBody \"b1 b1 b1 b1 b1 b1 b1 b1 b1 b1 b1\" \"b1 b1 b1\"\n"
                                     + "  LI\n    Lbl \"•\"\n    LBody \"c\"\n"), dump)
    }

    /// An item taller than a page splits between lines; it is still one item with one body, its
    /// label drawn once.
    func testItemTallerThanAPageSplitsBetweenLines() throws {
        let tall = (1...20).map { "line\($0)" }.joined(separator: "\n")
        let doc = try Fixture.layout([list(["x", tall, "y"])])
        XCTAssertEqual(doc.pages.count, 2)
        XCTAssertEqual(doc.pages.flatMap(\.bodyRuns).filter { $0.text == "•" }.count, 3)
        XCTAssertTrue(doc.pages[1].bodyRuns.contains { $0.text == "line20" })
        let tree = StructureTree(doc)
        XCTAssertEqual(tree.nodes.filter { $0.role == .list }.count, 1)
        XCTAssertEqual(tree.nodes.filter { $0.role == .listItem }.count, 3)
        XCTAssertEqual(tree.nodes.filter { $0.role == .listBody }.count, 3)
        XCTAssertEqual(tree.nodes.filter { $0.role == .listLabel }.count, 3)
        XCTAssertTrue(doc.structureDump().contains("LBody \"line1\""), doc.structureDump())
    }

    /// A heading before a list stays with its first item (the list's lead is one item, not the
    /// whole list).
    func testHeadingKeptWithTheFirstItem() throws {
        let items = (1...6).map { "item\($0)" }
        let doc = try Fixture.layout(Fixture.lines(11) + [.heading(Heading("Alerts", style: Fixture.bold, outlineLevel: nil)),
                                                         list(items)])
        // 11 lines and the heading leave 16 pt: one item fits under the heading.
        XCTAssertNotNil(doc.pages[0].run("Alerts"))
        XCTAssertNotNil(doc.pages[0].run("item1"))
        XCTAssertNotNil(doc.pages[1].run("item2"))
        XCTAssertEqual(StructureTree(doc).nodes.filter { $0.role == .list }.count, 1)
    }

    /// In a keep-together group the list keeps its structure.
    func testListInAKeepTogetherGroup() throws {
        let doc = try Fixture.layout([.keepTogether([Fixture.para("Sources"), list(["a", "b"], labels: false)])])
        XCTAssertEqual(doc.structureDump(), "P \"Sources\"\nL\n  LI\n    LBody \"a\"\n  LI\n    LBody \"b\"\n")
    }

    /// A list without items draws its note alone: no empty `L`.
    func testNoItemsNoList() throws {
        let doc = try Fixture.layout([list([], note: "nothing")])
        XCTAssertEqual(doc.structureDump(), "P \"nothing\"\n")
    }
}
