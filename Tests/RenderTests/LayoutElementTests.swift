import Render
import XCTest

/// An element defined outside the Render module: `count` bars, each 30 pt tall (28 pt drawn),
/// split between bars.
struct BarStack: LayoutElement {
    var count: Int

    func wrap(in context: LayoutContext) throws -> Wrapped {
        .box(Bars(range: 0..<count, width: context.frameWidth))
    }

    func leadHeight(in context: LayoutContext) -> LeadHeight { .piece(30) }

    struct Bars: LayoutBox {
        var range: Range<Int>
        let width: Double
        var height: Double { Double(range.count) * 30 }
        var name: String { "bars \(range.lowerBound)..<\(range.upperBound)" }

        func split(availableHeight: Double, in context: LayoutContext) throws -> BoxSplit {
            let n = min(range.count, Int(max(0, min(availableHeight, 1e6)) / 30))
            guard n > 0 else { return .refuse }
            let cut = range.lowerBound + n
            return .split(head: Bars(range: range.lowerBound..<cut, width: width),
                          tail: Bars(range: cut..<range.upperBound, width: width))
        }

        func draw(at origin: Point, into canvas: inout DisplayCanvas) {
            for k in 0..<range.count {
                canvas.add(.rect(Rect(x: origin.x, y: origin.y + Double(k) * 30, width: width, height: 28),
                                 .solid(Fixture.ink), opacity: 1))
            }
        }
    }
}

final class LayoutElementTests: XCTestCase {
    func testElementFromAnotherModuleSplitsAcrossPagesAndKeepsItsHeading() throws {
        // 10 lines end at y 130: the heading (12 pt) would fit, but not with the first bar (30 pt).
        let doc = try Fixture.layout(Fixture.lines(10) + [
            .heading(Heading("Bars", style: Fixture.bold)), Block(BarStack(count: 7)), Fixture.para("after"),
        ])
        XCTAssertEqual(doc.pages.count, 3)
        XCTAssertNil(doc.pages[0].run("Bars"))
        XCTAssertEqual(doc.pages[1].run("Bars")?.origin.y, Fixture.frameTop)
        // Page 2 has 148 pt below the heading: four bars; the other three go to page 3.
        XCTAssertEqual(doc.pages[1].rects.map(\.0.minY), [22, 52, 82, 112])
        XCTAssertEqual(doc.pages[2].rects.map(\.0.minY), [10, 40, 70])
        XCTAssertEqual(doc.pages[2].run("after")?.origin.y, 100)
        XCTAssertEqual(doc.outline.map(\.pageIndex), [1])
    }

    func testRefusedElementAtTheTopOfAPageIsNamedInTheError() {
        struct Tall: LayoutElement {
            func wrap(in context: LayoutContext) throws -> Wrapped { .box(Box()) }
            struct Box: LayoutBox {
                var height: Double { 400 }
                var name: String { "calendar March" }
                func draw(at origin: Point, into canvas: inout DisplayCanvas) {}
            }
        }
        XCTAssertThrowsError(try Fixture.layout([Fixture.para("intro"), Block(Tall())])) { error in
            XCTAssertEqual(error as? LayoutError, .doesNotFit(element: "calendar March", size: 400, available: 160))
        }
    }

    func testBlockFactoriesWrapTheModelTypes() {
        XCTAssertTrue(Block.spacer(5).element is Spacer)
        XCTAssertTrue(Block.pageBreak.element is PageBreak)
        XCTAssertEqual((Block.keepTogether([Fixture.para("a")]).element as? KeepTogether)?.blocks.count, 1)
        XCTAssertEqual((Fixture.para("a").element as? Paragraph)?.text, "a")
    }

    func testChartShapesDumpAsPathsClipsAndLabels() throws {
        let shapes: [Shape] = [
            .path(.polyline([Point(x: 0, y: 50), Point(x: 50, y: 10), Point(x: 100, y: 30)]),
                  stroke: Stroke(color: Fixture.ink, width: 1.5, dash: [2, 1])),
            .path(.polygon([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)]), fill: .solid(Fixture.zebra)),
            .path(.sector(center: Point(x: 50, y: 30), radius: 20, startAngle: 0, endAngle: .pi / 2),
                  fill: .solid(Fixture.headFill), stroke: Stroke(color: Fixture.ink)),
            .path(.arc(center: Point(x: 50, y: 30), radius: 10, startAngle: .pi, endAngle: 0, clockwise: false),
                  stroke: Stroke(color: Fixture.ink, width: 0.5)),
            .clipped(.rect(Rect(x: 0, y: 0, width: 100, height: 60)),
                     [.rect(Rect(x: -10, y: 0, width: 200, height: 5), .solid(Fixture.ink))]),
            .label("12", at: Point(x: 50, y: 60), anchor: TextAnchor(.center, .baseline), style: Fixture.text),
            .label("y", at: Point(x: 0, y: 0), anchor: TextAnchor(.trailing, .top), style: Fixture.bold),
        ]
        let doc = try Fixture.layout([.drawing(Drawing(size: Size(width: 100, height: 60), shapes: shapes))])
        let expected = """
            path M 10.0,60.0 L 60.0,20.0 L 110.0,40.0 stroke=#000000 w=1.5 dash=2.0,1.0
            path M 10.0,10.0 L 20.0,10.0 L 20.0,20.0 Z fill=#E6E6E6
            path M 60.0,40.0 A 60.0,40.0 r=20.0 0.0->90.0 Z fill=#80CCCC stroke=#000000 w=1.0
            path A 60.0,40.0 r=10.0 180.0->0.0 ccw stroke=#000000 w=0.5
            clip M 10.0,10.0 L 110.0,10.0 L 110.0,70.0 L 10.0,70.0 Z {
              rect 0.0,10.0 200.0x5.0 #000000
            }
            label 60.0,70.0 C/baseline Inter/400/10.0 #000000 "12"
            label 10.0,10.0 R/top Inter/700/10.0 #000000 "y"

            """
        XCTAssertTrue(doc.dump().contains("=== page 1 200.0x200.0 ===\n" + expected), doc.dump())
    }

    func testKeepTogetherMovesClipsAndPathsWithTheGroup() throws {
        let drawing = Drawing(size: Size(width: 20, height: 20), shapes: [
            .clipped(.rect(Rect(x: 0, y: 0, width: 20, height: 20)),
                     [.path(.line(from: Point(x: 0, y: 0), to: Point(x: 20, y: 20)), stroke: Stroke(color: Fixture.ink))]),
        ])
        let doc = try Fixture.layout(Fixture.lines(12) + [.keepTogether([Fixture.para("K"), .drawing(drawing)])])
        XCTAssertEqual(doc.pages.count, 2)
        XCTAssertEqual(doc.pages[1].items[1], .clip(.rect(Rect(x: 10, y: 22, width: 20, height: 20)), [
            .path(.line(from: Point(x: 10, y: 22), to: Point(x: 30, y: 42)), fill: nil, stroke: Stroke(color: Fixture.ink)),
        ]))
    }
}
