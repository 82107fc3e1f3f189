import Render
import TestSupport
import XCTest

/// A 200 × 200 pt page, margins 10 (bottom 30 with a "Page X of Y" footer): frame
/// x 10…190, y 10…170. With FixedWidthMeasurer(k: 0.5) a 10 pt character is 5 pt wide and a
/// line 12 pt high.
enum Fixture {
    static let frameTop = 10.0, frameBottom = 170.0, frameLeft = 10.0, frameWidth = 180.0
    static let ink = Color(red: 0, green: 0, blue: 0)
    static let zebra = Color(red: 0.9, green: 0.9, blue: 0.9)
    static let headFill = Color(red: 0.5, green: 0.8, blue: 0.8)
    static let text = TextStyle(font: FontSpec(family: "Inter", size: 10), color: ink)
    static let bold = TextStyle(font: FontSpec(family: "Inter", weight: .bold, size: 10), color: ink)
    static let foot = TextStyle(font: FontSpec(family: "Inter", size: 5), color: ink)

    static func template(continuation: [Block] = []) -> PageTemplate {
        PageTemplate(size: Size(width: 200, height: 200),
                     margins: EdgeInsets(top: 10, left: 10, bottom: 30, right: 10),
                     footer: { ctx in [[BandText("Footer", style: foot, alignment: .leading),
                                        BandText("Page \(ctx.pageNumber) of \(ctx.pageCount)", style: foot,
                                                 alignment: .trailing)]] },
                     continuationHeader: continuation)
    }

    static func doc(_ blocks: [Block], continuation: [Block] = []) -> Document {
        Document(metadata: SampleDocuments.metadata("Test"), template: template(continuation: continuation),
                 blocks: blocks)
    }

    static func layout(_ blocks: [Block], continuation: [Block] = []) throws -> LaidOutDocument {
        try LayoutEngine(measurer: FixedWidthMeasurer(k: 0.5)).layout(doc(blocks, continuation: continuation))
    }

    static func para(_ s: String, spaceBefore: Double = 0) -> Block {
        .paragraph(Paragraph(s, style: text, spaceBefore: spaceBefore))
    }

    /// `n` one-line paragraphs "L1", "L2", … each 12 pt high.
    static func lines(_ n: Int, prefix: String = "L") -> [Block] {
        (1...n).map { para("\(prefix)\($0)") }
    }

    static func table(rows: [[String]], columns: [TableColumn]? = nil, header: [String] = ["A", "B"],
                      name: String = "T") -> Table {
        Table(name: name, columns: columns ?? [TableColumn(.fixed(60)), TableColumn(.flexible(1))],
              header: header, rows: rows.map { TableRow($0.map { TableCell($0) }) },
              headerStyle: bold, bodyStyle: text, headerFill: headFill, zebraFill: zebra,
              cellPadding: EdgeInsets(horizontal: 3, vertical: 2))
    }
}

extension DisplayPage {
    var bodyRuns: [TextRun] { textRuns.filter { $0.origin.y < Fixture.frameBottom } }
    var footerRuns: [TextRun] { textRuns.filter { $0.origin.y >= Fixture.frameBottom } }
    func run(_ text: String) -> TextRun? { textRuns.first { $0.text == text } }
    var rects: [(Rect, Color)] {
        items.compactMap {
            if case let .rect(r, .solid(c), _) = $0 { return (r, c) } else { return nil }
        }
    }
}
