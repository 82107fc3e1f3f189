import Render
import TestSupport
import XCTest

/// The layout features a report can ask for: an introduction kept with what follows, at least
/// some rows of a table at a page's foot, a group continued on the next page under its title
/// and "(continued)", front matter that names the pages of the rest, no nearly empty last page,
/// and the chart's hatched bars, reference lines and broken trend lines.
final class TypesettingTests: XCTestCase {
    /// 160 pt frame: 13 lines of 12 pt; a table row or header is 16 pt.
    func table(_ n: Int, minimumRows: Int) -> Block {
        var t = Fixture.table(rows: (1...n).map { ["r\($0)", "x"] })
        t.minimumRowsAtBreak = minimumRows
        return .table(t)
    }

    func page(of text: String, in doc: LaidOutDocument) -> Int? {
        doc.pages.firstIndex { $0.run(text) != nil }
    }

    // MARK: tables at a page's foot

    func testATableLeavesAtLeastItsMinimumRowsAtAPageFoot() throws {
        // 10 lines take 120 pt: 40 pt are left, a header and one row (32 pt).
        let one = try Fixture.layout(Fixture.lines(10) + [table(6, minimumRows: 1)])
        XCTAssertEqual(page(of: "r1", in: one), 0, "one row may stand at the foot")
        XCTAssertEqual(page(of: "r2", in: one), 1)
        let three = try Fixture.layout(Fixture.lines(10) + [table(6, minimumRows: 3)])
        XCTAssertEqual(page(of: "r1", in: three), 1, "fewer than three rows would be left: the table moves")
        XCTAssertEqual(three.pages[0].bodyRuns.filter { $0.text == "A" }.count, 0, "no stranded header")
        // 8 lines: 64 pt left, a header and three rows: they stay.
        let fits = try Fixture.layout(Fixture.lines(8) + [table(6, minimumRows: 3)])
        XCTAssertEqual(page(of: "r3", in: fits), 0)
        XCTAssertEqual(page(of: "r4", in: fits), 1)
    }

    func testABreakLeavesAtLeastTheMinimumRowsAtTheNextPagesHead() throws {
        // 4 lines take 48 pt: 112 pt are left, a header and six rows; a seventh would be alone.
        let loose = try Fixture.layout(Fixture.lines(4) + [table(7, minimumRows: 1)])
        XCTAssertEqual(page(of: "r6", in: loose), 0)
        XCTAssertEqual(page(of: "r7", in: loose), 1, "one row may stand alone at the head")
        let three = try Fixture.layout(Fixture.lines(4) + [table(7, minimumRows: 3)])
        XCTAssertEqual(page(of: "r4", in: three), 0)
        XCTAssertEqual(page(of: "r5", in: three), 1, "the break comes earlier: three rows at the next page's head")
        // Five rows cannot keep three on both sides: the table moves whole.
        let five = try Fixture.layout(Fixture.lines(7) + [table(5, minimumRows: 3)])
        XCTAssertEqual(page(of: "r1", in: five), 1)
    }

    func testATableOfFewerRowsThanTheMinimumMovesWhole() throws {
        let doc = try Fixture.layout(Fixture.lines(10) + [table(2, minimumRows: 3)])
        XCTAssertEqual(page(of: "r1", in: doc), 1)
        XCTAssertEqual(page(of: "r2", in: doc), 1)
    }

    func testAHeadingAndAnIntroductionStayWithTheTable() throws {
        let heading = Block.heading(Heading("Title", style: Fixture.bold))
        let intro = Block.keptWithNext(Fixture.para("Intro"))
        let doc = try Fixture.layout(Fixture.lines(9) + [heading, intro, table(6, minimumRows: 3)])
        XCTAssertEqual(page(of: "Title", in: doc), 1)
        XCTAssertEqual(page(of: "Intro", in: doc), 1)
        // Without the introduction kept, the heading and it would stay behind.
        let loose = try Fixture.layout(Fixture.lines(9) + [heading, Fixture.para("Intro"), table(6, minimumRows: 3)])
        XCTAssertEqual(page(of: "Intro", in: loose), 0)
    }

    // MARK: continued groups

    func testAGroupContinuedOnTheNextPageRepeatsItsTitle() throws {
        let group = Block.continued([Block.heading(Heading("Episode 1", style: Fixture.bold))] + Fixture.lines(20, prefix: "F"),
                                    continuation: [Fixture.para("Episode 1 (continued)")])
        let doc = try Fixture.layout([group, Fixture.para("After")])
        XCTAssertEqual(doc.pages.count, 2)
        XCTAssertEqual(doc.pages[1].bodyRuns.first?.text, "Episode 1 (continued)")
        XCTAssertEqual(doc.pages[1].bodyRuns.dropFirst().first?.text, "F13")
        XCTAssertEqual(doc.pages[0].bodyRuns.filter { $0.text.hasSuffix("(continued)") }.count, 0)
        XCTAssertEqual(doc.pages[1].bodyRuns.last?.text, "After", "nothing repeated after the group")
    }

    func testAGroupMovedWholeToTheNextPageIsNotMarkedContinued() throws {
        let group = Block.continued([Block.heading(Heading("Episode 2", style: Fixture.bold))] + Fixture.lines(3, prefix: "F"),
                                    continuation: [Fixture.para("Episode 2 (continued)")])
        let doc = try Fixture.layout(Fixture.lines(12) + [group])
        XCTAssertEqual(doc.pages[1].bodyRuns.first?.text, "Episode 2")
        XCTAssertFalse(doc.pages.flatMap(\.bodyRuns).contains { $0.text.hasSuffix("(continued)") })
    }

    // MARK: front matter

    func testFrontMatterNamesThePagesOfTheRest() throws {
        let front = Block.frontMatter { pages in
            [Fixture.para(pages.page(of: "Later").map { "Later: page \($0)" } ?? "Later: unknown")]
        }
        let doc = try Fixture.layout([front] + Fixture.lines(20) + [.heading(Heading("Later", style: Fixture.bold))] + Fixture.lines(3),
                                     continuation: [Fixture.para("Running")])
        XCTAssertEqual(doc.pages[0].bodyRuns.map(\.text), ["Later: page 3"])
        XCTAssertEqual(page(of: "Later", in: doc), 2)
        XCTAssertEqual(doc.pages[1].bodyRuns.first?.text, "Running", "the body starts under the running header")
        XCTAssertEqual(doc.outline.map(\.pageIndex), [2])
        XCTAssertEqual(doc.pages.last?.footerRuns.last?.text, "Page 3 of 3")
        // Anywhere else it flows, with no page known.
        let inside = try Fixture.layout(Fixture.lines(2) + [front])
        XCTAssertEqual(inside.pages[0].bodyRuns.last?.text, "Later: unknown")
    }

    // MARK: no nearly empty last page

    func doc(_ blocks: [Block], balanced: Bool) throws -> LaidOutDocument {
        var d = Fixture.doc(blocks)
        d.template.balancesLastPage = balanced
        return try LayoutEngine(measurer: FixedWidthMeasurer(k: 0.5)).layout(d)
    }

    func testAFewLinesLeftOverAreTakenInByTighterSpacing() throws {
        // 11 lines with 4 pt before each from the second: 11 × 12 + 10 × 4 = 172 pt > 160 pt.
        let blocks = [Fixture.para("L1")] + (2...11).map { Fixture.para("L\($0)", spaceBefore: 4) }
        XCTAssertEqual(try doc(blocks, balanced: false).pages.count, 2)
        let tight = try doc(blocks, balanced: true)
        XCTAssertEqual(tight.pages.count, 1)
        XCTAssertEqual(tight.pages[0].bodyRuns.map(\.text), (1...11).map { "L\($0)" })
    }

    func testALastPageOfAFewRowsGetsMoreFromThePageBefore() throws {
        // A header and 9 rows fill a page (160 pt); the 10th row alone would be the last page.
        let blocks = [table(10, minimumRows: 1)]
        let plain = try doc(blocks, balanced: false)
        XCTAssertEqual(plain.pages[1].bodyRuns.filter { $0.text.hasPrefix("r") }.map(\.text), ["r10"])
        let balanced = try doc(blocks, balanced: true)
        XCTAssertEqual(balanced.pages.count, 2)
        let last = balanced.pages[1].bodyRuns.filter { $0.text.hasPrefix("r") }.count
        XCTAssertGreaterThanOrEqual(last, 2, "more than a row on the last page")
        XCTAssertEqual(balanced.pages.flatMap(\.bodyRuns).filter { $0.text.hasPrefix("r") }.count, 10)
    }

    // MARK: charts

    func testHatchedBarsReferenceLinesAndABrokenTrendLine() throws {
        var chart = ChartElementTests.chart([4, 6, 2], line: [4, 5, .nan])
        chart.bars[2].hatched = true
        chart.referenceLines = [Chart.ReferenceLine(value: 10, label: "Ref 10")]
        let doc = try Fixture.layout([.chart(chart)])
        let items = doc.pages[0].items
        let labels = items.compactMap { if case .label(let l) = $0 { return l.text } else { return nil } }
        XCTAssertTrue(labels.contains("Ref 10"))
        XCTAssertTrue(labels.contains("10"), "the axis reaches the reference")
        let clips = items.compactMap { if case .clip(_, let inner) = $0 { return inner } else { return nil } }
        XCTAssertEqual(clips.count, 2, "the hatched bar's lines and the trend line")
        let outlined = items.filter { if case .path(_, nil, .some) = $0 { return true } else { return false } }
        XCTAssertGreaterThanOrEqual(outlined.count, 2, "the hatched bar's outline and the dashed reference line")
        let trend = try XCTUnwrap(clips.first { inner in inner.contains { if case .path = $0 { return true } else { return false } } })
        XCTAssertEqual(trend.count, 1, "one run of two finite values; the partial bar has no point")
    }
}
