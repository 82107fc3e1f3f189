import Foundation
import Render
import TestSupport
import XCTest

/// The chart element with the fixed-width measurer: measured in the frame, kept whole, values and
/// labels as text, an honest empty state, nice ticks, no trap on absurd values.
final class ChartElementTests: XCTestCase {
    static let style = Chart.Style(label: Fixture.foot, value: Fixture.foot, title: Fixture.foot, empty: Fixture.text,
                                   bar: Fixture.headFill, background: Fixture.zebra, axis: Fixture.ink, grid: Fixture.zebra, trend: Fixture.ink,
                                   trendWidth: 1, plotHeight: 60, barThickness: 6, emptyHeight: 40)

    static func chart(_ values: [Double], orientation: Chart.Orientation = .vertical, line: [Double]? = nil) -> Chart {
        Chart(orientation: orientation,
              bars: values.enumerated().map { .init(label: "c\($0.offset + 1)", value: $0.element, valueText: "v\($0.offset + 1)") },
              line: line, lineLabel: line == nil ? nil : "Trend", valueAxisTitle: "Episodes",
              categoryAxisTitle: "Month", emptyMessage: "No data in this range", style: style)
    }

    private func labels(_ page: DisplayPage) -> [String] {
        page.items.compactMap { if case .label(let l) = $0 { return l.text } else { return nil } }
    }

    func testValuesCategoriesAndAxisTitlesAreTextLabels() throws {
        for o in [Chart.Orientation.vertical, .horizontal] {
            let doc = try Fixture.layout([.chart(Self.chart([3, 0, 7], orientation: o))])
            let texts = labels(doc.pages[0])
            for t in ["v1", "v2", "v3", "c1", "c2", "c3", "Episodes", "Month", "0"] {
                XCTAssertTrue(texts.contains(t), "\(t) in \(o)")
            }
            XCTAssertFalse(texts.contains("No data in this range"))
        }
    }

    func testEmptyChartShowsTheMessageAndNoAxis() throws {
        let doc = try Fixture.layout([.chart(Self.chart([]))])
        XCTAssertEqual(labels(doc.pages[0]), ["No data in this range"])
        XCTAssertFalse(doc.pages[0].items.contains { if case .line = $0 { return true } else { return false } })
    }

    func testChartFitsTheFrameAndMovesWhole() throws {
        let doc = try Fixture.layout(Fixture.lines(10) + [.chart(Self.chart([1, 2, 3]))])
        let page2 = doc.pages[1]
        XCTAssertTrue(labels(page2).contains("v1"))
        XCTAssertFalse(labels(doc.pages[0]).contains("Episodes"))
        for item in page2.items {
            if case .label(let l) = item {
                XCTAssertGreaterThanOrEqual(l.position.y, Fixture.frameTop - 1e-9)
                XCTAssertLessThanOrEqual(l.position.y, Fixture.frameBottom)
                XCTAssertLessThanOrEqual(l.position.x, Fixture.frameLeft + Fixture.frameWidth + 1e-9, l.text)
            }
        }
    }

    func testTrendLineIsAClippedDashedPathThroughEveryBar() throws {
        let doc = try Fixture.layout([.chart(Self.chart([1, 2, 3], line: [1, 2, 3]))])
        let clips = doc.pages[0].items.compactMap { item -> [DisplayItem]? in
            if case .clip(_, let inner) = item { return inner } else { return nil }
        }
        XCTAssertEqual(clips.count, 1)
        guard case .path(let path, nil, let stroke?)? = clips.first?.first else { return XCTFail("no line") }
        XCTAssertEqual(path.elements.count, 3)
        XCTAssertFalse(stroke.dash.isEmpty)
        XCTAssertTrue(labels(doc.pages[0]).contains("Trend"))
    }

    func testNiceTicks() {
        XCTAssertEqual(NiceScale(maxValue: 7).ticks, [0, 2, 4, 6, 8])
        XCTAssertEqual(NiceScale(maxValue: 0).ticks, [0, 1])
        XCTAssertEqual(NiceScale(maxValue: 3.4, minimumTop: 5).ticks, [0, 1, 2, 3, 4, 5])
        XCTAssertEqual(NiceScale(maxValue: 130).top, 150)
        XCTAssertEqual(NiceScale(maxValue: 0.3, minimumTop: 0).label(0.1), "0.1")
        XCTAssertEqual(NiceScale.format(2.5, decimals: 1), "2.5")
        XCTAssertEqual(NiceScale.format(-0.04, decimals: 1), "0.0")
    }

    func testAbsurdValuesNeverTrap() throws {
        for values in [[Double.infinity, .nan, -5, 1e300], [Double(Int.max), 9e18, 1e15 + 0.5], [.greatestFiniteMagnitude]] {
            for o in [Chart.Orientation.vertical, .horizontal] {
                _ = try Fixture.layout([.chart(Self.chart(values, orientation: o, line: values))])
            }
        }
        _ = NiceScale(maxValue: .greatestFiniteMagnitude).ticks
        XCTAssertEqual(NiceScale.format(.nan, decimals: 2), "–")
    }

    func testHorizontalChartTallerThanAPageContinuesInWholeRows() throws {
        let chart = Self.chart((1...40).map(Double.init), orientation: .horizontal)
        let doc = try Fixture.layout([.chart(chart)])
        XCTAssertGreaterThan(doc.pages.count, 1)
        let all = doc.pages.flatMap(labels)
        XCTAssertEqual((1...40).filter { all.contains("v\($0)") }.count, 40, "every row once")
        for page in doc.pages { XCTAssertTrue(labels(page).contains("Episodes"), "axes on every page") }
    }

    func testFlexibleDrawingGetsTheFrameWidth() throws {
        let d = FlexibleDrawing { width, _ in
            Drawing(size: Size(width: width, height: 20), shapes: [.rect(Rect(x: 0, y: 0, width: width, height: 20), .solid(Fixture.ink))])
        }
        let doc = try Fixture.layout([.flexibleDrawing(d)])
        XCTAssertEqual(doc.pages[0].rects.first?.0.width, Fixture.frameWidth)
    }

    /// A flexible drawing that knows its frame is measured by it and made when placed: laid out
    /// exactly as one made at once, and `make` is asked only for the drawings placed.
    func testFlexibleDrawingWithAFrameIsMadeWhenPlaced() throws {
        let made = Counter()
        func drawing(_ n: Int, frame: Bool) -> Block {
            let make: @Sendable (Double, TextMeasurer) -> Drawing = { width, _ in
                made.add()
                return Drawing(size: Size(width: width, height: 50),
                               shapes: [.rect(Rect(x: 0, y: 0, width: width, height: 50), .solid(Fixture.ink)),
                                        .label("month \(n)", at: Point(x: 1, y: 1), anchor: TextAnchor(.leading, .top), style: Fixture.text)],
                               spaceAfter: 4)
            }
            return .flexibleDrawing(frame ? FlexibleDrawing(alternativeText: "grid \(n)", frame: { width, _ in
                Drawing(size: Size(width: width, height: 50), shapes: [], spaceAfter: 4)
            }, make) : FlexibleDrawing(alternativeText: "grid \(n)", make))
        }
        let blocks = [Block.heading(Heading("Calendar", style: Fixture.bold, outlineLevel: 1))] + (1...7).map { drawing($0, frame: false) }
        let late = [Block.heading(Heading("Calendar", style: Fixture.bold, outlineLevel: 1))] + (1...7).map { drawing($0, frame: true) }
        let once = try Fixture.layout(blocks)
        XCTAssertEqual(made.value, 7)
        made.reset()
        let placed = try Fixture.layout(late)
        XCTAssertEqual(placed.dump(), once.dump())
        XCTAssertEqual(placed.structureDump(), once.structureDump())
        XCTAssertGreaterThan(placed.pages.count, 2)
        XCTAssertEqual(made.value, 7, "each drawing made once, when placed, not when measured")
    }
}

/// Counts calls from `@Sendable` closures.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    func add() { lock.lock(); count += 1; lock.unlock() }
    func reset() { lock.lock(); count = 0; lock.unlock() }
}
