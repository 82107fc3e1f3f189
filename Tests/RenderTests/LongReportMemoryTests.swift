@testable import Render
import TestSupport
import XCTest

/// What keeps a long report's peak memory down (issue 21: a clinical report of 10,000 episodes
/// with every section, 1,295 pages, peaked at 170 MB): each measure must leave the output as it
/// was. The layout lets placed elements go past its cache's budget, blocks can be made when the
/// layout reaches them, a column carries its cells' style, the structure tree keeps 16 bytes a
/// node, and page contents are packed as cairo writes them.
final class LongReportMemoryTests: XCTestCase {
    /// Every page's items (text, positions, styles) and structure marks, and the outline.
    private func fingerprint(_ doc: LaidOutDocument) -> String {
        var out = ""
        for (i, page) in doc.pages.enumerated() {
            out += "page \(i + 1)\n"
            for item in page.items { out += "\(item)\n" }
            out += "\(page.marks.all)\n"
        }
        return out + "\(doc.outline)\n" + doc.structureDump()
    }

    private func layout(_ blocks: [Block], budget: Int, balanced: Bool = true) throws -> LaidOutDocument {
        var d = Fixture.doc(blocks)
        d.template.balancesLastPage = balanced
        var engine = LayoutEngine(measurer: FixedWidthMeasurer(k: 0.5))
        engine.wrapCacheBudget = budget
        return try engine.layout(d)
    }

    private static func table(_ n: Int, prefix: String = "r") -> Block {
        var t = Fixture.table(rows: (1...n).map { ["\(prefix)\($0)", "x"] })
        t.minimumRowsAtBreak = 1
        return .table(t)
    }

    private static func episode(_ i: Int, fields: Int) -> Block {
        .continued([.heading(Heading("Episode \(i)", style: Fixture.bold, outlineLevel: 1)), Self.table(fields, prefix: "e\(i)f")],
                   continuation: [Fixture.para("Episode \(i) (continued)")])
    }

    // MARK: the wrap cache's budget

    func testAWrapCacheOverItsBudgetLaysOutTheSame() throws {
        // A second layout happens in each of these (a nearly empty last page taken in by tighter
        // spacing, or given more by the page before); with nothing kept, it measures again.
        let tighter = [Fixture.para("L1")] + (2...11).map { Fixture.para("L\($0)", spaceBefore: 4) }
        let fewRows = [Self.table(10)]
        let episodes = (1...40).map { Self.episode($0, fields: 1 + $0 % 5) } + [Fixture.para("End")]
        for (name, blocks) in [("tighter spacing", tighter), ("a few rows", fewRows), ("episodes", episodes)] {
            let kept = try layout(blocks, budget: .max)
            for budget in [0, 1, 7] {
                let dropped = try layout(blocks, budget: budget)
                XCTAssertEqual(fingerprint(dropped), fingerprint(kept), "\(name), budget \(budget)")
            }
        }
        XCTAssertEqual(try layout(tighter, budget: 0).pages.count, 1, "the second layout took the last page in")
        XCTAssertEqual(try layout(tighter, budget: 0, balanced: false).pages.count, 2)
    }

    func testTheWrapCacheCountsWhatItKeeps() throws {
        let cache = WrapCache(budget: 10)
        let context = LayoutContext(measurer: FixedWidthMeasurer(k: 0.5), frameWidth: 180, pageCapacity: 160, path: "t",
                                    frame: Rect(x: 10, y: 10, width: 180, height: 160), pageSize: Size(width: 200, height: 200))
        let t = Fixture.table(rows: (1...9).map { ["r\($0)", "x"] })
        let wrapped = try t.wrap(in: context)
        cache.store(wrapped, at: [0])
        XCTAssertFalse(cache.isOverBudget, "nine rows and the table: 10 pieces")
        cache.store(try Fixture.table(rows: [["a", "b"]]).wrap(in: context), at: [1])
        XCTAssertTrue(cache.isOverBudget)
        cache.drop(at: [0])
        XCTAssertFalse(cache.isOverBudget)
        XCTAssertNil(cache.wrapped[[0]])
        XCTAssertNotNil(cache.wrapped[[1]])
        cache.drop(at: [0])  // dropping twice counts once
        XCTAssertFalse(cache.isOverBudget)
    }

    // MARK: blocks made when laid out

    func testMadeBlocksLayOutAsTheBlocksThemselves() throws {
        let plain = (1...30).map { Self.episode($0, fields: 1 + $0 % 4) }
        let made = (1...30).map { i in Block.made { Self.episode(i, fields: 1 + i % 4) } }
        for budget in [0, Int.max] {
            XCTAssertEqual(fingerprint(try layout(made, budget: budget)), fingerprint(try layout(plain, budget: budget)),
                           "budget \(budget)")
        }
        // Kept with what follows, as the block made would be.
        let heading = Block.made(keepWithNext: true) { .heading(Heading("Kept", style: Fixture.bold)) }
        let doc = try layout(Fixture.lines(12) + [heading, Fixture.para("Next")], budget: .max)
        XCTAssertEqual(doc.pages.firstIndex { $0.run("Kept") != nil }, doc.pages.firstIndex { $0.run("Next") != nil })
    }

    func testABlockThatCannotBeMadeIsTheLayoutsError() {
        struct Unwritten: Error {}
        XCTAssertThrowsError(try layout(Fixture.lines(2) + [.made { throw Unwritten() }], budget: .max)) {
            XCTAssertTrue($0 is Unwritten, "\($0)")
        }
    }

    // MARK: a column's style

    func testAColumnStyleIsItsCellsStyle() throws {
        let label = TextStyle(font: FontSpec(family: "Inter", size: 8), color: Fixture.zebra)
        var byColumn = Fixture.table(rows: [["a", "1"], ["b", "2"]], columns: [TableColumn(.fixed(60), style: label), TableColumn(.flexible(1))])
        var byCell = Fixture.table(rows: [], columns: [TableColumn(.fixed(60)), TableColumn(.flexible(1))])
        byCell.rows = [TableRow([TableCell("a", style: label), "1"]), TableRow([TableCell("b", style: label), "2"])]
        byColumn.header = []; byCell.header = []
        XCTAssertEqual(fingerprint(try layout([.table(byColumn)], budget: .max)), fingerprint(try layout([.table(byCell)], budget: .max)))
        // A cell's own style still wins over its column's.
        byColumn.rows[1].cells[0].style = Fixture.bold
        let doc = try layout([.table(byColumn)], budget: .max)
        XCTAssertEqual(doc.pages[0].run("a")?.style, label)
        XCTAssertEqual(doc.pages[0].run("b")?.style, Fixture.bold)
        XCTAssertEqual(doc.pages[0].run("2")?.style, Fixture.text)
    }

    // MARK: the structure tree

    func testARoleTableKeepsOneNodePerRole() {
        var table = StructureTree.RoleTable()
        XCTAssertNil(table[.tableRow])
        table[.tableRow] = 5
        table[.tableDataCell] = 1 << 40
        table[.paragraph] = 0
        XCTAssertEqual(table[.tableRow], 5)
        XCTAssertEqual(table[.tableDataCell], 1 << 40)
        XCTAssertEqual(table[.paragraph], 0)
        XCTAssertNil(table[.figure])
        table[.tableRow] = 6
        table[.tableDataCell] = nil
        XCTAssertEqual(table[.tableRow], 6)
        XCTAssertNil(table[.tableDataCell])
        table[.tableRow] = nil
        XCTAssertNil(table[.tableRow])
        XCTAssertEqual(table[.paragraph], 0, "the role kept beside it moves up")
        for role in [StructureRole.heading(1), .heading(6), .list, .listBody, .figure] { table[role] = role.index * 3 }
        for role in [StructureRole.heading(1), .heading(6), .list, .listBody, .figure] { XCTAssertEqual(table[role], role.index * 3) }
    }

    func testANodeIsSixteenBytesAndItsAlternativeTextIsTheTrees() throws {
        XCTAssertLessThanOrEqual(MemoryLayout<StructureTree.Node>.stride, 16)
        let drawing = Drawing(size: Size(width: 20, height: 20), shapes: [.rect(Rect(x: 0, y: 0, width: 20, height: 20), .solid(Fixture.ink))],
                              alternativeText: "A mark")
        let doc = try layout([Fixture.para("Before"), .drawing(drawing)], budget: .max)
        let tree = StructureTree(doc)
        let figures = tree.nodes.indices.filter { tree.nodes[$0].role == .figure }
        XCTAssertEqual(figures.map { tree.alternativeText(of: $0) }, ["A mark"])
        XCTAssertNil(tree.alternativeText(of: 1), "the paragraph has none")
    }

    // MARK: page contents packed as cairo writes them

    func testPackingPageContentsGivesTheSameFile() throws {
        let m = PangoMeasurer()
        // Text, emoji drawn in colour (images and groups beside the content), a chart (a figure).
        var doc = SampleDocuments.summaryTable(rows: 400)
        let style = SampleDocuments.style(10)
        doc.blocks += [.paragraph(Paragraph("Rain 🌧️ again, 👩‍👩‍👧 at home, 🇳🇱 👍🏽 — مرحبا", style: style)),
                       .chart(ChartElementTests.chart([4, 6, 2], line: [3, 5, 4])),
                       .paragraph(Paragraph("After the chart 🌧️", style: style))]
        let laid = try LayoutEngine(measurer: m).layout(doc)
        XCTAssertGreaterThan(laid.pages.count, 5)
        var plain: [UInt8] = [], packed: [UInt8] = []
        try PDFRenderer.render(laid, measurer: m, packContentFromPages: .max) { plain.append(contentsOf: $0) }
        try PDFRenderer.render(laid, measurer: m, packContentFromPages: 0) { packed.append(contentsOf: $0) }
        XCTAssertEqual(packed.count, plain.count)
        XCTAssertTrue(packed == plain, "the same bytes, packed or not")
        // And every page was packed.
        var copy = laid
        let output = try PDFRenderer.renderCairo(&copy, measurer: m, packContentFromPages: 0) { painter, index, page in
            _ = painter.drawTagged(page, owners: [], figures: [])
        }
        XCTAssertEqual(output.packedCount, laid.pages.count)
    }

    func testPackedOffsetsMoveByWhatWasTakenOut() {
        var packed = ContentPacker.Packed()
        packed.holes = [(end: 150, removed: 50), (end: 400, removed: 150)]  // 100..<150, 300..<400
        XCTAssertEqual(packed.physical(0), 0)
        XCTAssertEqual(packed.physical(99), 99)
        XCTAssertEqual(packed.physical(150), 100)
        XCTAssertEqual(packed.physical(299), 249)
        XCTAssertEqual(packed.physical(400), 250)
        XCTAssertEqual(packed.physical(1_000), 850)
        XCTAssertEqual(ContentPacker.Packed().physical(77), 77)
    }
}
