@testable import Render
import TestSupport
import XCTest

/// A laid-out page keeps its items and structure marks packed (issue 21, item 4): what it gives
/// back is exactly what was drawn, item for item and mark for mark, in order — the PDF's bytes
/// depend on it.
final class PackedPageTests: XCTestCase {
    static let gradient = Paint.linearGradient(start: Point(x: 1, y: 2), end: Point(x: 3.25, y: 4),
                                               stops: [GradientStop(offset: 0, color: Fixture.ink),
                                                       GradientStop(offset: 1, color: Fixture.zebra)])
    static let dashed = Stroke(color: Fixture.headFill, width: 0.5, dash: [1, 2])

    /// Every kind of item, with values whose sums would not round-trip (0.1 + 0.2) and the
    /// shapes packed specially (closed four-sided paths, items clipped to one, nested) beside ones
    /// that are not.
    static let items: [DisplayItem] = [
        .text(TextRun(text: "Severity", origin: Point(x: 0.1, y: 0.2), width: 33.3, alignment: .trailing, style: Fixture.bold)),
        .text(TextRun(text: "a line longer than fifteen bytes, so not a small string", origin: Point(x: 10, y: 12),
                      width: 180, style: Fixture.text)),
        .label(TextLabel(text: "12", position: Point(x: 5.5, y: 7.25), anchor: TextAnchor(.center, .top), style: Fixture.foot)),
        .label(TextLabel(text: "●", position: Point(x: -1, y: 1e9), anchor: TextAnchor(.trailing, .baseline), style: Fixture.text)),
        .rect(Rect(x: 0.1, y: 0.2, width: 0.30000000000000004, height: 4), .solid(Fixture.zebra), opacity: 1),
        .rect(Rect(x: 1, y: 2, width: 3, height: 4), gradient, opacity: 0.35),
        .ellipse(Rect(x: 1, y: 2, width: 5, height: 6), .solid(Fixture.ink), opacity: 0.5),
        .line(from: Point(x: 0, y: 0.7), to: Point(x: 9.1, y: 0.7), color: Fixture.headFill, width: 0.25),
        .path(Path.rect(Rect(x: 0.1, y: 0.2, width: 30.3, height: 14)), fill: nil, stroke: Stroke(color: Fixture.ink, width: 0.5)),
        .path(Path.polygon([Point(x: 0, y: 0), Point(x: 4, y: 1), Point(x: 3, y: 5), Point(x: -1, y: 2)]), fill: .solid(Fixture.ink), stroke: dashed),
        .path(Path.polygon([Point(x: 0, y: 0), Point(x: 4, y: 1), Point(x: 3, y: 5), Point(x: -1, y: 2)]), fill: gradient, stroke: nil),
        .path(Path.polyline([Point(x: 0, y: 0), Point(x: 4, y: 1), Point(x: 3, y: 5), Point(x: -1, y: 2), Point(x: 0, y: 0)]),
              fill: nil, stroke: dashed),
        .path(Path.polygon([Point(x: 0, y: 0), Point(x: 4, y: 1), Point(x: 3, y: 5)]), fill: .solid(Fixture.zebra), stroke: nil),
        .path(Path.sector(center: Point(x: 5, y: 5), radius: 3, startAngle: 0, endAngle: 1), fill: .solid(Fixture.ink), stroke: nil),
        .clip(Path.rect(Rect(x: 0, y: 0, width: 10, height: 10)), [
            .line(from: Point(x: 0, y: 10), to: Point(x: 10, y: 0), color: Fixture.zebra, width: 0.4),
            .text(TextRun(text: "in", origin: Point(x: 1, y: 1), width: 9, style: Fixture.text)),
        ]),
        .clip(Path.rect(Rect(x: 0.1, y: 0.2, width: 0.30000000000000004, height: 4)), [
            .clip(Path.rect(Rect(x: 1, y: 1, width: 2, height: 2)), []),
            .clip(Path.sector(center: Point(x: 5, y: 5), radius: 3, startAngle: 0, endAngle: 1), [
                .rect(Rect(x: 1, y: 2, width: 3, height: 4), gradient, opacity: 0.35),
            ]),
            .path(Path.rect(Rect(x: 0.1, y: 0.2, width: 30.3, height: 14)), fill: .solid(Fixture.ink), stroke: nil),
        ]),
        .clip(Path.polygon([Point(x: 0, y: 0), Point(x: 4, y: 1), Point(x: 3, y: 5)]), [
            .line(from: Point(x: 0, y: 10), to: Point(x: 10, y: 0), color: Fixture.zebra, width: 0.4),
        ]),
        .text(TextRun(text: "", origin: Point(x: 0, y: 0), width: 0, style: Fixture.bold)),
    ]

    func testItemsComeBackAsDrawnInOrder() {
        var page = DisplayPage(size: Size(width: 200, height: 200), items: Self.items)
        XCTAssertEqual(page.items, Self.items)
        XCTAssertEqual(page.itemCount, Self.items.count)
        XCTAssertEqual(page.textRuns.map(\.text), ["Severity", "a line longer than fifteen bytes, so not a small string", ""])
        page.append(Self.items[2])
        XCTAssertEqual(page.items, Self.items + [Self.items[2]])
        page.items = Array(Self.items.reversed())
        XCTAssertEqual(page.items, Array(Self.items.reversed()))
        XCTAssertEqual(DisplayPage(size: .a4).items, [])
    }

    /// The texts read without unpacking are those of the items, at their indices (a clipped
    /// item, whose texts are inside it, is one item with none).
    func testTextsAreReadAtTheirItemsIndices() {
        for items in [Self.items, Array(Self.items.reversed()), []] {
            let page = DisplayPage(size: Size(width: 200, height: 200), items: items)
            var read: [String] = []
            page.forEachText { i, t in read.append("\(i) \(t)") }
            let expected = page.items.enumerated().compactMap { i, item -> String? in
                switch item {
                case .text(let r): return "\(i) \(r.text)"
                case .label(let l): return "\(i) \(l.text)"
                default: return nil
                }
            }
            XCTAssertEqual(read, expected)
        }
    }

    func testStructureMarksComeBackAsDrawn() {
        var events: [StructureMark.Event] = [.beginArtifact(.header), .endArtifact, .beginArtifact(.footer), .endArtifact,
                                             .beginArtifact(.layout), .endArtifact, .end]
        for level in 1...6 { events.append(.begin(StructureElement(.heading(level)))) }
        let roles: [StructureRole] = [.paragraph, .list, .listItem, .listLabel, .listBody, .table, .tableRow, .tableHeaderCell,
                                      .tableRowHeaderCell, .tableDataCell, .figure]
        for role in roles {
            events.append(.begin(StructureElement(role)))
            events.append(.begin(StructureElement(role, continues: true)))
        }
        events.append(.begin(StructureElement(.figure, alternativeText: "March 2026: 3 headache days", continues: false)))
        events.append(.begin(StructureElement(.figure, alternativeText: "", continues: true)))
        events.append(.begin(StructureElement(.figure, alternativeText: "April 2026", continues: true)))
        let marks = events.enumerated().map { StructureMark(itemIndex: $0.offset / 3, event: $0.element) }
        var page = DisplayPage(size: .a4)
        page.structure = marks
        XCTAssertEqual(page.structure, marks)
        XCTAssertEqual(page.marks.newElements, 6 + roles.count + 1, "each mark that begins an element that does not continue one")
        for (level, role) in (0..<StructureRole.indexCount).map({ ($0, StructureRole(index: $0)) }) {
            XCTAssertEqual(role.index, level, "\(role)")
        }
    }

    /// A long table's page: the structure tree of the packed page is the one its marks describe.
    func testLongTableLaysOutTheSameTreeAsItsMarks() throws {
        let rows = (1...300).map { ["r\($0)", String(repeating: "x", count: $0 % 40)] }
        let doc = try Fixture.layout([.table(Fixture.table(rows: rows))])
        let tree = StructureTree(doc)
        XCTAssertEqual(tree.nodes.filter { $0.role == .tableDataCell }.count, 600)
        XCTAssertEqual(tree.nodes.filter { $0.role == .tableRow }.count, 300 + doc.pages.count, "a header row on each page")
        for node in tree.nodes.dropFirst() {
            let parent = try XCTUnwrap(node.parent)
            XCTAssertTrue(tree.nodes[parent].children.contains { tree.nodes[$0].role == node.role })
        }
        for (p, page) in doc.pages.enumerated() { XCTAssertEqual(tree.owners[p].count, page.items.count) }
    }
}
