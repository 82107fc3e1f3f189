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
        XCTAssertEqual(doc.structureDump(), "H1 \"Title\"\nH2 \"Section\"\nH3 \"Sub\"\nP \"Body\"\n")
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
        let doc = try Fixture.layout([.keepTogether([.heading(Heading("H", style: Fixture.bold, outlineLevel: nil)), Fixture.para("p")])])
        XCTAssertEqual(doc.structureDump(), "H1 \"H\"\nP \"p\"\n")
    }

    // MARK: - Content marker

    /// Hand-written content as cairo writes it: a page 100 pt high flipped to y down, fonts of
    /// 500 thousandths an em a glyph (`/F1` one byte a code, `/F2` two), 10 pt text.
    static let pageStart = "1 0 0 -1 0 100 cm\n"
    static let fonts: [String: ContentMarker.FontMetrics] = [
        "/F1": ContentMarker.FontMetrics(bytesPerCode: 1, widths: [Double](repeating: 0.5, count: 256), defaultWidth: 0.5),
        "/F2": ContentMarker.FontMetrics(bytesPerCode: 2, widths: [], defaultWidth: 0.5),
    ]

    /// A run of `n` glyphs for `owner` on the baseline `y`, from `x` to `x + width`.
    func run(_ n: Int, _ owner: StructureTree.Owner, x: Double, y: Double = 20, width: Double) -> ContentSegment {
        ContentSegment(kind: .glyphs(n), owner: owner, area: ContentArea(minX: x, minY: y - 10, maxX: x + width, maxY: y + 5))
    }

    func mark(_ content: String, _ segments: [ContentSegment],
              xobjects: [String: String] = ["/x1": "/Form", "/i1": "/Image"]) -> (String, [Int], ContentMarker.Result) {
        let marker = ContentMarker(roles: [.paragraph, .paragraph, .tableDataCell, .figure], fonts: Self.fonts, xobjects: xobjects,
                                   pageHeight: 100)
        let bytes = Array((Self.pageStart + content).utf8)
        let r = bytes.withUnsafeBufferPointer { marker.mark($0, segments: segments) }
        return (String(decoding: r.content, as: UTF8.self).replacingOccurrences(of: Self.pageStart, with: ""), r.mcids, r)
    }

    func testMarkerSplitsATJArrayWhereOneRunEndsAndTags() throws {
        // "abc" from x = 10 (5 pt a glyph), then "d" after a gap of 1.2 pt at 26.2.
        let (out, mcids, r) = mark("0 0 1 1 re f\nBT 10 0 0 -10 10 20 Tm /F1 1 Tf [(ab)-120(cd)]TJ ET\n", [
            run(3, .node(1), x: 10, width: 15), run(1, .node(2), x: 26.2, width: 5),
        ])
        XCTAssertTrue(r.matched)
        XCTAssertEqual(r.runsNotWritten, 0)
        XCTAssertEqual(mcids, [1, 2])
        XCTAssertEqual(out, """
            /Artifact BMC
            0 0 1 1 re f
            EMC
            BT 10 0 0 -10 10 20 Tm /F1 1 Tf /P <</MCID 0>> BDC
            [(ab) -120 <63>]TJ
            EMC
            /TD <</MCID 1>> BDC
            [<64>]TJ
             EMC
            ET

            """)
    }

    func testMarkerCountsTwoByteCodesAndMatchesGroups() throws {
        let (out, mcids, r) = mark("BT 10 0 0 -10 10 90 Tm /F2 1 Tf <00010002>Tj ET q /x1 Do Q q /i1 Do Q\n", [
            run(2, .artifact(.footer), x: 10, y: 90, width: 10),
            ContentSegment(kind: .form, owner: .node(3), area: ContentArea(), actualText: "Rain 🌧️"),
        ])
        XCTAssertTrue(r.matched)
        XCTAssertEqual(mcids, [3])
        XCTAssertTrue(out.contains("/Artifact <</Type /Pagination /Subtype /Footer>> BDC\n<00010002>Tj"), out)
        XCTAssertTrue(out.contains("/Figure <</MCID 0>> BDC\n/Span <</ActualText <FEFF005200610069006E0020D83CDF27FE0F>>> BDC\n/x1 Do"), out)
        XCTAssertTrue(out.contains("/x1 Do EMC\nEMC\nQ q /Artifact BMC\n/i1 Do EMC\nQ"), "an image outside a group is an artifact: \(out)")
    }

    /// A mark never crosses a q/Q pair (the audit of issue 22 found `q /Figure BDC Do Q q EMC`):
    /// one open at `q` or `Q` ends before it, and what follows opens its own.
    func testMarksNestWithSavedGraphicsStates() throws {
        let (out, mcids, r) = mark("0 0 1 1 re f q /a0 gs q /x1 Do Q 0 0 2 2 re f Q BT 10 0 0 -10 10 20 Tm /F1 1 Tf (ab)Tj ET\n", [
            ContentSegment(kind: .form, owner: .node(3), area: ContentArea()),
            run(2, .node(1), x: 10, width: 10),
        ])
        XCTAssertTrue(r.matched)
        XCTAssertEqual(mcids, [3, 1])
        XCTAssertEqual(out, """
            /Artifact BMC
            0 0 1 1 re f EMC
            q /a0 gs q /Figure <</MCID 0>> BDC
            /x1 Do EMC
            Q /Artifact BMC
            0 0 2 2 re f EMC
            Q BT 10 0 0 -10 10 20 Tm /F1 1 Tf /P <</MCID 1>> BDC
            (ab)Tj EMC
            ET

            """)
    }

    /// The failure of issue 22's expenses report: the space after a wrapped line ("Per month"),
    /// drawn as a run of its own, was left out by cairo (its empty ink fell on the pixel grid);
    /// counting glyphs then gave the next cell's glyphs to the run before. Found by position, the
    /// space's run is passed over and every glyph stays with its own cell.
    func testARunCairoLeftOutIsPassedOver() throws {
        let (out, mcids, r) = mark("BT 10 0 0 -10 10 20 Tm /F1 1 Tf (Per)Tj 0 -1 Td (EUR)Tj 2 1 Td (x)Tj ET\n", [
            run(3, .node(1), x: 10, width: 15), run(1, .node(1), x: 25, width: 5),  // "Per", " " (left out)
            run(3, .node(1), x: 10, y: 30, width: 15),                             // "EUR" on the next line
            run(1, .node(2), x: 30, width: 5),                                     // the next cell
        ])
        XCTAssertTrue(r.matched)
        XCTAssertEqual(r.runsNotWritten, 1)
        XCTAssertEqual(mcids, [1, 2])
        XCTAssertTrue(out.contains("/P <</MCID 0>> BDC\n(Per)Tj 0 -1 Td (EUR)Tj 2 1 Td EMC\n/TD <</MCID 1>> BDC\n(x)Tj"), out)
    }

    /// One run written in pieces — several strings and operators, a font switch (a fallback
    /// font), kerning offsets, a move — and two runs in one string, are found glyph by glyph.
    func testRunsWrittenInPiecesAndTogether() throws {
        let content = "BT 10 0 0 -10 10 20 Tm /F1 1 Tf [(a)50(b)]TJ /F2 1 Tf <0001>Tj /F1 1 Tf (c)Tj ET\n"
            + "BT 10 0 0 -10 10 40 Tm /F1 1 Tf (xyz)Tj ET\n"
        let (out, mcids, r) = mark(content, [
            run(4, .node(1), x: 10, width: 20),
            run(2, .node(2), x: 10, y: 40, width: 10), run(1, .node(1), x: 20, y: 40, width: 5),
        ])
        XCTAssertTrue(r.matched)
        XCTAssertEqual(mcids, [1, 2, 1])
        XCTAssertTrue(out.contains("/TD <</MCID 1>> BDC\n[<7879>]TJ\nEMC\n/P <</MCID 2>> BDC\n[<7a>]TJ"), out)
    }

    /// A literal string's codes are its bytes up to an escape or a return, decoded from there
    /// on: split where its runs meet, each part is written with the bytes it stands for.
    func testEscapedLiteralStringsAreSplitByTheBytesTheyStandFor() throws {
        let (out, mcids, r) = mark("BT 10 0 0 -10 10 20 Tm /F1 1 Tf (a\\)b\\\\)Tj (x\ry)Tj ET\n", [
            run(2, .node(1), x: 10, width: 10), run(2, .node(2), x: 20, width: 10),  // "a)", "b\\"
            run(3, .node(1), x: 30, width: 15),                                       // "x\ny": a return reads as a line feed
        ])
        XCTAssertTrue(r.matched)
        XCTAssertEqual(r.runsNotWritten, 0)
        XCTAssertEqual(mcids, [1, 2, 1])
        XCTAssertTrue(out.contains("[<6129>]TJ\nEMC\n/TD <</MCID 1>> BDC\n[<625c>]TJ\n EMC\n/P <</MCID 2>> BDC\n(x\ry)Tj"), out)
    }

    /// Numbers as the content's reader takes them: whole ones (most of a page's, read as
    /// integers) exactly as decimals are, signs included; anything else is not a number.
    func testLexerReadsWholeAndDecimalNumbersAlike() {
        let text = "0 -1651 +7 -0 123456789012345 1234567890123456 2.5 -.25 5. 0.1 . - 12a"
        let values: [String] = Array(text.utf8).withUnsafeBufferPointer { b in
            var lexer = PDFLexer(b)
            var values: [String] = []
            while true {
                let t = lexer.next()
                if t.kind == .end { break }
                values.append(lexer.real(t).map { "\($0)" } ?? "nil")
            }
            return values
        }
        XCTAssertEqual(values, ["0.0", "-1651.0", "7.0", "-0.0", "123456789012345.0", "1234567890123456.0",
                                "2.5", "-0.25", "5.0", "0.1", "nil", "nil", "nil"])
    }

    /// `'` and `"` move to the next line before they show; split, they are written as the moves
    /// and a `TJ` for each part.
    func testQuoteOperatorsAreSplitIntoTheirMoves() throws {
        let (out, _, r) = mark("BT 10 0 0 -10 10 20 Tm 1 TL /F1 1 Tf (a)Tj 0 0 (bc)\" ET\n", [
            run(1, .node(1), x: 10, width: 5), run(1, .node(1), x: 10, y: 30, width: 5), run(1, .node(2), x: 15, y: 30, width: 5),
        ])
        XCTAssertTrue(r.matched)
        XCTAssertTrue(out.contains("0 Tw 0 Tc\nT*\n[<62>]TJ\nEMC\n/TD <</MCID 1>> BDC\n[<63>]TJ"), out)
    }

    /// Cairo's own ActualText span inside a text object gets the mark before it.
    func testCairoSpanIsInsideTheMark() throws {
        let (out, _, r) = mark("BT 10 0 0 -10 10 20 Tm /F1 1 Tf (a)Tj /Span << /ActualText <FEFF0066> >> BDC (f)Tj EMC ET\n", [
            run(1, .node(1), x: 10, width: 5), run(1, .node(2), x: 15, width: 5),
        ])
        XCTAssertTrue(r.matched)
        XCTAssertTrue(out.contains("EMC\n/TD <</MCID 1>> BDC\n/Span << /ActualText <FEFF0066> >> BDC (f)Tj EMC EMC\nET"), out)
    }

    func testMarkerReportsContentThatDoesNotMatch() {
        let (_, _, r) = mark("BT 10 0 0 -10 10 20 Tm /F1 1 Tf (abc)Tj ET\n", [run(3, .node(1), x: 50, width: 15)])
        XCTAssertFalse(r.matched, "text where nothing was drawn")
        let (_, _, forms) = mark("q /x1 Do Q\n", [])
        XCTAssertFalse(forms.matched, "a group that was not drawn")
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
