@testable import Render
import TestSupport
import XCTest

/// The structure elements say what they are (issue 22): headings by outline level, paragraphs,
/// tables of header and data cells that stay one table across pages, figures with alternative
/// text; page furniture is artifacts. And the content marker that finds the drawn text again in
/// cairo's content streams.
final class StructureTests: XCTestCase {
    func testHeadingsParagraphsAndFurniture() throws {
        let doc = try Fixture.layout([
            .heading(Heading("Title", style: Fixture.bold, outlineLevel: nil)),
            .heading(Heading("Section", style: Fixture.bold, outlineLevel: 1)),
            .heading(Heading("Sub", style: Fixture.bold, outlineLevel: 2)),
            Fixture.para("Body"),
            .rule(Rule(height: 2, color: Fixture.zebra)),
        ])
        XCTAssertEqual(doc.structureDump(), "H1 \"Title\"\nH1 \"Section\"\nH2 \"Sub\"\nP \"Body\"\n")
        let tree = StructureTree(doc)
        let footer = try XCTUnwrap(doc.pages[0].items.firstIndex { if case .text(let r) = $0 { return r.text == "Footer" } else { return false } })
        XCTAssertEqual(tree.owners[0][footer], .artifact(.footer))
        let rule = try XCTUnwrap(doc.pages[0].items.firstIndex { if case .rect = $0 { return true } else { return false } })
        XCTAssertEqual(tree.owners[0][rule], .artifact(.layout), "a rule drawn outside every element is an artifact")
    }

    func testSplitParagraphIsOneParagraph() throws {
        let long = (1...40).map { "w\($0)" }.joined(separator: " ")
        let doc = try Fixture.layout(Fixture.lines(11) + [Fixture.para(long)])
        XCTAssertEqual(doc.pages.count, 2)
        let dump = doc.structureDump()
        XCTAssertEqual(dump.components(separatedBy: "\n").filter { $0.hasPrefix("P ") }.count, 12, dump)
        XCTAssertTrue(dump.contains("w1 w2"), dump)
    }

    func testTableAcrossPagesIsOneTableWithHeaderCellsOnEveryPage() throws {
        let rows = (1...20).map { ["r\($0)", "x"] }
        let doc = try Fixture.layout([.table(Fixture.table(rows: rows))])
        XCTAssertGreaterThan(doc.pages.count, 1)
        let dump = doc.structureDump()
        XCTAssertEqual(dump.components(separatedBy: "Table\n").count - 1, 1, dump)
        XCTAssertEqual(dump.components(separatedBy: "TH \"A\"").count - 1, doc.pages.count, "the header row on every page")
        XCTAssertTrue(dump.hasPrefix("Table\n  TR\n    TH \"A\"\n    TH \"B\"\n  TR\n    TD \"r1\"\n    TD \"x\"\n"), dump)
        XCTAssertTrue(dump.contains("TD \"r20\""))
        // Zebra stripes and the header fill are not content.
        let tree = StructureTree(doc)
        for (p, page) in doc.pages.enumerated() {
            for (i, item) in page.items.enumerated() {
                if case .rect = item, case .node(let n) = tree.owners[p][i] {
                    XCTAssertNotEqual(tree.nodes[n].role, .tableDataCell)
                }
            }
        }
    }

    func testRowSplitAcrossPagesKeepsItsCells() throws {
        var table = Fixture.table(rows: [["a", (1...30).map { "line\($0)" }.joined(separator: "\n")], ["b", "c"]])
        table.rowSplitting = .atLineBoundaries
        let doc = try Fixture.layout([.table(table)])
        XCTAssertGreaterThan(doc.pages.count, 1)
        let tree = StructureTree(doc)
        let rows = tree.nodes.filter { $0.role == .tableRow }
        XCTAssertEqual(rows.count, 2 + doc.pages.count, "one header row a page, two body rows: the split row is one")
        let cells = tree.nodes.filter { $0.role == .tableDataCell }
        XCTAssertEqual(cells.count, 4, doc.structureDump())
    }

    func testFiguresHaveAlternativeText() throws {
        let shapes: [Shape] = [.rect(Rect(x: 0, y: 0, width: 10, height: 10), .solid(Fixture.ink)),
                               .label("7", at: Point(x: 12, y: 0), anchor: TextAnchor(.leading, .top), style: Fixture.text)]
        let doc = try Fixture.layout([
            .drawing(Drawing(size: Size(width: 30, height: 12), shapes: shapes, alternativeText: "Seven things")),
            .drawing(Drawing(size: Size(width: 30, height: 12), shapes: shapes)),
            .drawing(Drawing(size: Size(width: 30, height: 12), shapes: [shapes[0]])),
            .chart(Chart(orientation: .vertical, bars: [Chart.Bar(label: "May", value: 9, valueText: "9"),
                                                        Chart.Bar(label: "June", value: 12, valueText: "12")],
                         valueAxisTitle: "Headache days", categoryAxisTitle: "Month", emptyMessage: "No data",
                         style: chartStyle, alternativeText: nil)),
        ])
        XCTAssertEqual(doc.structureDump(), """
            Figure alt="Seven things"
            Figure alt="7"
            Figure alt="Headache days; May 9; June 12"

            """, "a drawing without words or alternative text is decoration")
    }

    var chartStyle: Chart.Style {
        Chart.Style(label: Fixture.text, value: Fixture.text, title: Fixture.text, empty: Fixture.text, bar: Fixture.ink,
                    background: Color(red: 1, green: 1, blue: 1), axis: Fixture.ink, grid: Fixture.zebra, trend: Fixture.ink,
                    trendWidth: 1, plotHeight: 40, barThickness: 8, emptyHeight: 20)
    }

    func testKeepTogetherGroupKeepsItsStructure() throws {
        let doc = try Fixture.layout([.keepTogether([.heading(Heading("H", style: Fixture.bold)), Fixture.para("p")])])
        XCTAssertEqual(doc.structureDump(), "H1 \"H\"\nP \"p\"\n")
    }

    // MARK: - Content marker

    func mark(_ content: String, _ segments: [ContentSegment], codeBytes: [String: Int] = ["/F1": 1, "/F2": 2],
              xobjects: [String: String] = ["/x1": "/Form", "/i1": "/Image"]) -> (String, [Int], Bool) {
        let marker = ContentMarker(roles: [.paragraph, .paragraph, .tableDataCell, .figure], codeBytes: codeBytes, xobjects: xobjects)
        let bytes = Array(content.utf8)
        let r = bytes.withUnsafeBufferPointer { marker.mark($0, segments: segments) }
        return (String(decoding: r.content, as: UTF8.self), r.mcids, r.matched)
    }

    func testMarkerSplitsATJArrayWhereOneRunEndsAndTags() throws {
        let (out, mcids, matched) = mark("0 0 1 1 re f\nBT /F1 1 Tf [(ab)-120(cd)]TJ ET\n", [
            ContentSegment(kind: .glyphs(3), owner: .node(1)), ContentSegment(kind: .glyphs(1), owner: .node(2)),
        ])
        XCTAssertTrue(matched)
        XCTAssertEqual(mcids, [1, 2])
        XCTAssertEqual(out, """
            /Artifact BMC
            0 0 1 1 re f
            EMC
            BT /F1 1 Tf /P <</MCID 0>> BDC
            [(ab) -120 <63>]TJ
            EMC
            /TD <</MCID 1>> BDC
            [<64>]TJ
             EMC
            ET

            """)
    }

    func testMarkerCountsTwoByteCodesAndMatchesGroups() throws {
        let (out, mcids, matched) = mark("BT /F2 1 Tf <00010002>Tj ET q /x1 Do Q q /i1 Do Q\n", [
            ContentSegment(kind: .glyphs(2), owner: .artifact(.footer)),
            ContentSegment(kind: .form, owner: .node(3), actualText: "Rain 🌧️"),
        ])
        XCTAssertTrue(matched)
        XCTAssertEqual(mcids, [3])
        XCTAssertTrue(out.contains("/Artifact <</Type /Pagination /Subtype /Footer>> BDC\n<00010002>Tj"), out)
        XCTAssertTrue(out.contains("/Figure <</MCID 0>> BDC\n/Span <</ActualText <FEFF005200610069006E0020D83CDF27FE0F>>> BDC\n/x1 Do"), out)
        XCTAssertTrue(out.contains("EMC\nEMC\n/Artifact BMC\n/i1 Do"), "an image outside a group is an artifact: \(out)")
    }

    func testMarkerReportsContentThatDoesNotMatch() {
        let (_, _, matched) = mark("BT /F1 1 Tf (abc)Tj ET\n", [ContentSegment(kind: .glyphs(5), owner: .node(1))])
        XCTAssertFalse(matched)
    }

    func testTaggedPDFIsDeterministic() throws {
        let m = PangoMeasurer()
        let doc = try LayoutEngine(measurer: m).layout(Fixture.doc([.table(Fixture.table(rows: (1...30).map { ["r\($0)", "x"] }))]))
        let a = try PDFRenderer.pdfData(doc, measurer: m), b = try PDFRenderer.pdfData(doc, measurer: PangoMeasurer())
        XCTAssertEqual(a, b)
        let text = String(decoding: a, as: UTF8.self)
        XCTAssertTrue(text.contains("/MarkInfo << /Marked true >> /Lang (en) /ViewerPreferences << /DisplayDocTitle true >>"))
        XCTAssertTrue(text.contains("<pdfuaid:part>1</pdfuaid:part>"))
        XCTAssertTrue(text.contains("/Type /ObjStm") && text.contains("/Type /XRef"), "the structure in object streams")
    }
}
