import Render
import TestSupport
import XCTest

final class LayoutTests: XCTestCase {
    func testParagraphWrapsWithinFrameWidth() throws {
        let words = (1...30).map { "word\($0)" }
        let doc = try Fixture.layout([.paragraph(Paragraph(words.joined(separator: " "), style: Fixture.text))])
        let runs = doc.pages[0].bodyRuns
        XCTAssertGreaterThan(runs.count, 1)
        for r in runs { XCTAssertLessThanOrEqual(Double(r.text.count) * 5, Fixture.frameWidth, r.text) }
        XCTAssertEqual(runs.map(\.text).joined(separator: " "), words.joined(separator: " "))
        XCTAssertEqual(runs.map(\.origin.y), runs.indices.map { 10 + Double($0) * 12 })
    }

    func testExplicitNewlineBreaksLine() throws {
        let doc = try Fixture.layout([Fixture.para("one\ntwo")])
        XCTAssertEqual(doc.pages[0].bodyRuns.map(\.text), ["one", "two"])
    }

    func testParagraphSplitsAcrossPagesBetweenLines() throws {
        // 160 pt frame = 13 lines of 12 pt; 20 lines need two pages.
        let text = (1...20).map { "line\($0)" }.joined(separator: "\n")
        let doc = try Fixture.layout([Fixture.para(text)])
        XCTAssertEqual(doc.pages.count, 2)
        XCTAssertEqual(doc.pages[0].bodyRuns.count, 13)
        XCTAssertEqual(doc.pages[1].bodyRuns.first?.text, "line14")
        XCTAssertEqual(doc.pages[1].bodyRuns.first?.origin.y, Fixture.frameTop)
    }

    func testLongTableRepeatsHeaderOnEveryPage() throws {
        let rows = (1...40).map { ["r\($0)", "x"] }
        let doc = try Fixture.layout([.table(Fixture.table(rows: rows))])
        XCTAssertGreaterThan(doc.pages.count, 2)
        var seen: [String] = []
        for page in doc.pages {
            let runs = page.bodyRuns
            XCTAssertEqual(runs.first?.text, "A", "header first on every page")
            XCTAssertEqual(runs.dropFirst().first?.text, "B")
            XCTAssertEqual(page.run("A")?.style, Fixture.bold)
            XCTAssertTrue(page.rects.contains { $0.1 == Fixture.headFill && $0.0.minY == Fixture.frameTop })
            seen += runs.filter { $0.text.hasPrefix("r") }.map(\.text)
        }
        XCTAssertEqual(seen, rows.map { $0[0] }, "every row exactly once, in order")
    }

    func testRowsAreNeverSplitAcrossPages() throws {
        // Rows of 1, 2 or 3 lines (the flexible column is 120 pt: 114 pt of text = 22 chars).
        let long = ["short", "a somewhat longer text that wraps", "a much longer text that wraps onto three lines here"]
        let rows = (0..<30).map { ["r\($0)", long[$0 % 3]] }
        let doc = try Fixture.layout([.table(Fixture.table(rows: rows))])
        XCTAssertGreaterThan(doc.pages.count, 2)
        for (p, page) in doc.pages.enumerated() {
            for (rect, _) in page.rects {
                XCTAssertGreaterThanOrEqual(rect.minY, Fixture.frameTop - 1e-9, "page \(p + 1)")
                XCTAssertLessThanOrEqual(rect.maxY, Fixture.frameBottom + 1e-9, "page \(p + 1)")
            }
            for run in page.bodyRuns {
                XCTAssertLessThanOrEqual(run.origin.y + 12, Fixture.frameBottom + 1e-9, "\(run.text) on page \(p + 1)")
            }
            // Each row's lines are on the same page as its first cell.
            let firstCells = page.bodyRuns.filter { $0.text.hasPrefix("r") && $0.origin.x == 13 }
            for cell in firstCells {
                let i = Int(cell.text.dropFirst())!
                let expectedLines = long[i % 3] == "short" ? 1 : (i % 3 == 1 ? 2 : 3)
                let rowRuns = page.bodyRuns.filter { $0.origin.x > 13 && abs($0.origin.y - cell.origin.y) < 40 }
                XCTAssertGreaterThanOrEqual(rowRuns.count, expectedLines, "row \(i) complete on page \(p + 1)")
            }
        }
    }

    func testZebraOnEverySecondBodyRow() throws {
        let doc = try Fixture.layout([.table(Fixture.table(rows: (1...6).map { ["r\($0)", ""] }))])
        let page = doc.pages[0]
        let zebraTops = page.rects.filter { $0.1 == Fixture.zebra }.map(\.0.minY)
        let rowTops = ["r2", "r4", "r6"].map { page.run($0)!.origin.y - 2 }
        XCTAssertEqual(zebraTops, rowTops)
    }

    func testTruncatedColumnEndsWithEllipsis() throws {
        let cols = [TableColumn(.fixed(30), overflow: .truncate), TableColumn(.flexible(1))]
        let doc = try Fixture.layout([.table(Fixture.table(rows: [["abcdefgh", "x"], ["abcd", "y"]], columns: cols))])
        let page = doc.pages[0]
        // 30 pt - 6 pt padding = 24 pt = 4 characters of 5 pt (rounded down).
        XCTAssertNotNil(page.run("abc…"))
        XCTAssertNotNil(page.run("abcd"))
        XCTAssertNil(page.textRuns.first { $0.text.hasPrefix("abcde") })
    }

    func testFlexibleColumnsShareTheRestByWeight() throws {
        let cols = [TableColumn(.fixed(50)), TableColumn(.flexible(1)), TableColumn(.flexible(3), alignment: .trailing)]
        let doc = try Fixture.layout([.table(Fixture.table(rows: [["a", "b", "c"]], columns: cols, header: ["H1", "H2", "H3"]))])
        let page = doc.pages[0]
        // rest = 180 - 50 = 130 → 32.5 and 97.5.
        XCTAssertEqual(page.run("H1")?.origin.x, 13)
        XCTAssertEqual(page.run("H2")?.origin.x, 63)
        XCTAssertEqual(page.run("H3")?.origin.x, 95.5)
        XCTAssertEqual(page.run("c")?.width, 91.5)
        XCTAssertEqual(page.run("c")?.alignment, .trailing)
    }

    func testRowTallerThanAPageThrowsNamingTheRow() {
        let huge = Array(repeating: "x", count: 40).joined(separator: "\n")
        let table = Fixture.table(rows: [["ok", "fine"], ["big", huge]], name: "Episodes")
        XCTAssertThrowsError(try Fixture.layout([.table(table)])) { error in
            guard case let LayoutError.doesNotFit(element, size, available)? = error as? LayoutError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(element, "table \"Episodes\" row 2")
            XCTAssertEqual(size, 40 * 12 + 4, accuracy: 1e-9)
            XCTAssertEqual(available, 160 - 16, accuracy: 1e-9)
            XCTAssertTrue("\(error)".contains("table \"Episodes\" row 2 is 484.0 pt tall"), "\(error)")
        }
    }

    func testDrawingTallerThanAPageThrows() {
        let d = Drawing(size: Size(width: 50, height: 500), shapes: [])
        XCTAssertThrowsError(try Fixture.layout([Fixture.para("intro"), .drawing(d)])) { error in
            XCTAssertEqual(error as? LayoutError,
                           .doesNotFit(element: "block 2 (drawing 50.0 × 500.0 pt)", size: 500, available: 160))
        }
    }

    func testKeepTogetherMovesWhole() throws {
        // 11 lines (132 pt) leave 28 pt: the 3-line group (36 pt) moves to page 2.
        let doc = try Fixture.layout(Fixture.lines(11) + [.keepTogether(Fixture.lines(3, prefix: "K"))])
        XCTAssertEqual(doc.pages.count, 2)
        XCTAssertEqual(doc.pages[1].bodyRuns.map(\.text), ["K1", "K2", "K3"])
        XCTAssertEqual(doc.pages[1].run("K1")?.origin.y, Fixture.frameTop)
        // Without keepTogether the first two would stay on page 1.
        let loose = try Fixture.layout(Fixture.lines(11) + Fixture.lines(3, prefix: "K"))
        XCTAssertEqual(loose.pages[0].bodyRuns.last?.text, "K2")
    }

    func testHeadingIsKeptWithNextBlock() throws {
        // 12 lines leave 16 pt: room for the heading (12 pt) but not heading + first line.
        let h = Block.heading(Heading("Section", style: Fixture.bold, outlineLevel: 1))
        let doc = try Fixture.layout(Fixture.lines(12) + [h, Fixture.para("after")])
        XCTAssertNil(doc.pages[0].run("Section"), "heading must not be orphaned at the page bottom")
        XCTAssertEqual(doc.pages[1].bodyRuns.map(\.text), ["Section", "after"])
        XCTAssertEqual(doc.outline, [OutlineEntry(title: "Section", level: 1, pageIndex: 1, y: Fixture.frameTop)])
    }

    func testHeadingKeptWithTableHeaderAndFirstRow() throws {
        let h = Block.heading(Heading("Episodes", style: Fixture.bold))
        // 10 lines leave 40 pt: heading 12 + header 16 + row 16 = 44 does not fit.
        let doc = try Fixture.layout(Fixture.lines(10) + [h, .table(Fixture.table(rows: [["r1", "x"]]))])
        XCTAssertEqual(doc.pages[1].bodyRuns.map(\.text), ["Episodes", "A", "B", "r1", "x"])
    }

    func testOutlineEntriesPointToTheirPages() throws {
        let doc = try Fixture.layout([
            .heading(Heading("One", style: Fixture.bold, outlineLevel: 1)), Fixture.para("a"),
            .heading(Heading("One.A", style: Fixture.bold, outlineLevel: 2)), Fixture.para("b"),
            .pageBreak,
            .heading(Heading("Two", style: Fixture.bold, outlineLevel: 1, spaceBefore: 20)), Fixture.para("c"),
            .heading(Heading("No bookmark", style: Fixture.bold, outlineLevel: nil)),
        ])
        XCTAssertEqual(doc.outline, [
            OutlineEntry(title: "One", level: 1, pageIndex: 0, y: 10),
            OutlineEntry(title: "One.A", level: 2, pageIndex: 0, y: 34),
            OutlineEntry(title: "Two", level: 1, pageIndex: 1, y: 10),
        ])
    }

    func testFootersSayPageXOfYWithFinalCount() throws {
        let doc = try Fixture.layout(Fixture.lines(30))
        XCTAssertEqual(doc.pages.count, 3)
        for (i, page) in doc.pages.enumerated() {
            let runs = page.footerRuns
            XCTAssertEqual(runs.map(\.text), ["Footer", "Page \(i + 1) of 3"])
            XCTAssertEqual(runs.last?.alignment, .trailing)
            XCTAssertGreaterThanOrEqual(runs[0].origin.y, 170)
            XCTAssertLessThanOrEqual(runs[0].origin.y + 6, 200)
        }
    }

    func testSpacerDroppedAtTopOfPage() throws {
        let doc = try Fixture.layout([Fixture.para("first"), .pageBreak, .spacer(50), Fixture.para("second"),
                                      .spacer(30), Fixture.para("third")])
        XCTAssertEqual(doc.pages.count, 2)
        XCTAssertEqual(doc.pages[1].run("second")?.origin.y, Fixture.frameTop)
        XCTAssertEqual(doc.pages[1].run("third")?.origin.y, Fixture.frameTop + 12 + 30)
    }

    func testPageBreakAtTopOfPageAddsNoBlankPage() throws {
        let doc = try Fixture.layout([.pageBreak, Fixture.para("a"), .pageBreak, .pageBreak, Fixture.para("b")])
        XCTAssertEqual(doc.pages.count, 2)
    }

    func testContinuationHeaderOnPagesAfterTheFirst() throws {
        let cont: [Block] = [.paragraph(Paragraph("Report (cont.)", style: Fixture.bold))]
        let doc = try Fixture.layout(Fixture.lines(20), continuation: cont)
        XCTAssertEqual(doc.pages.count, 2)
        XCTAssertNil(doc.pages[0].run("Report (cont.)"))
        XCTAssertEqual(doc.pages[1].bodyRuns.map(\.text).prefix(2), ["Report (cont.)", "L14"])
        XCTAssertEqual(doc.pages[1].run("L14")?.origin.y, Fixture.frameTop + 12)
    }

    func testEmptyDocumentHasOnePage() throws {
        let doc = try Fixture.layout([])
        XCTAssertEqual(doc.pages.count, 1)
        XCTAssertEqual(doc.pages[0].footerRuns.last?.text, "Page 1 of 1")
    }

    func testDumpMatchesGolden() throws {
        let shapes: [Shape] = [
            .ellipse(Rect(x: 0, y: 0, width: 20, height: 20),
                     .linearGradient(start: Point(x: 0, y: 0), end: Point(x: 20, y: 20), stops: [
                         GradientStop(offset: 0, color: Fixture.headFill), GradientStop(offset: 1, color: Fixture.zebra)]),
                     opacity: 0.35),
            .line(from: Point(x: 0, y: 22), to: Point(x: 40, y: 22), color: Fixture.ink, width: 0.5),
            .text("mark", origin: Point(x: 24, y: 4), style: Fixture.text),
        ]
        let doc = try Fixture.layout([
            .drawing(Drawing(size: Size(width: 60, height: 24), shapes: shapes, spaceAfter: 4)),
            .heading(Heading("Summary \"quoted\"", style: Fixture.bold)),
            .rule(Rule(height: 2, color: Fixture.headFill, spaceAfter: 4)),
            .paragraph(Paragraph("Centered text", style: Fixture.text, alignment: .center,
                                 fill: Fixture.zebra, padding: EdgeInsets(all: 2))),
            .table(Fixture.table(rows: (1...12).map { ["row \($0)", $0 % 4 == 0 ? "wrapping text in the second column" : "ok"] })),
        ])
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
        GoldenFile.assertText(actual: doc.dump(), named: "layout-small.txt", in: dir)
    }
}
