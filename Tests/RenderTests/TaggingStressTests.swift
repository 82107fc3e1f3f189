import Foundation
@testable import Render
import TestSupport
import XCTest

/// The tagging of every page, under stress (issue 22's expenses report had two pages whose tags
/// went off): generated documents that mix every element — headings at every level, wrapped
/// paragraphs, tables with wrapped, truncated, right-aligned, empty and blank cells and two-line
/// header cells, rows split across pages, a table split by an outer element at heights of its own
/// choosing (as the care reports' `KeptTable` does), keep-together groups, lists (labelled or not,
/// with a note, split across pages), charts and drawings —
/// with hostile text: other scripts, right-to-left, combining marks, emoji (also joined and
/// flags), ligatures, zero-width and control characters, every kind of white space, very long
/// words. No page may fail to match what was drawn, and every element must read back, from the
/// file, the text the layout gave it.
final class TaggingStressTests: XCTestCase {
    static let scripts = [
        "Кофе не помог", "صداع خفيف بعد العمل", "שלום, מה שלומך?", "頭痛がひどい", "दर्द हो रहा है", "ปวดหัวมาก",
        "Ελληνικά γράμματα", "한국어 텍스트", "Bà ăn ít, ngủ trưa lâu", "cafe\u{301} re\u{301}sume\u{301}", "ﬁne ﬂow ﬀ",
        "Rain 🌧️ again", "👩‍👩‍👧 family", "🇳🇱🇯🇵", "👍🏽 ok", "a\u{200B}b\u{200D}c", "x\u{FEFF}y", "mixed English العربية text",
        "Donaudampfschifffahrtsgesellschaftskapitänswitwenrentenversicherungsanstalt",
        String(repeating: "0123456789abcdef", count: 12), "Per month (EUR)", "Next 12 months (USD)", "1 g", "—", "…",
    ]

    struct Generator {
        var random: HostileText
        init(seed: UInt64) { random = HostileText(seed: seed) }
        mutating func int(_ n: Int) -> Int { random.int(n) }
        mutating func pick<T>(_ xs: [T]) -> T { xs[int(xs.count)] }

        /// A short text: a word, a script sample, hostile text, white space or nothing.
        mutating func text() -> String {
            switch int(8) {
            case 0: return ""
            case 1: return pick(["", " ", "  ", "\u{A0}", "\u{3000}", "\t"])
            case 2, 3: return random.text()
            case 4, 5: return pick(TaggingStressTests.scripts)
            default: return pick(["Date", "3 Feb 2026", "12.50", "Paracetamol 1 g", "left side, throbbing", "Yes", "No", "Sam"])
            }
        }

        /// A long text: several of the above, joined by spaces.
        mutating func sentence() -> String {
            (0..<(2 + int(10))).map { _ in text() }.joined(separator: " ")
        }
    }

    static let ink = Color(red: 0.1, green: 0.1, blue: 0.1)
    static let fill = Color(red: 0.85, green: 0.9, blue: 0.88)
    static let zebra = Color(red: 0.96, green: 0.97, blue: 0.96)
    static func style(_ size: Double, _ weight: FontWeight = .regular) -> TextStyle {
        TextStyle(font: FontSpec(family: "Inter", weight: weight, size: size), color: ink)
    }

    static func table(_ g: inout Generator, rows: Int) -> Table {
        let columns = [
            TableColumn(.fixed(52)), TableColumn(.fixed(60), overflow: .truncate), TableColumn(.flexible(2)),
            TableColumn(.fixed(58), alignment: .trailing), TableColumn(.fixed(46), alignment: .trailing),
            TableColumn(.flexible(1), overflow: .truncate), TableColumn(.fixed(40), alignment: .center),
        ]
        let header = ["Date", "Category", "Description", "Per month (EUR)", "Next 12 months (USD)", g.text(), "Receipt"]
        var t = Table(name: "Stress", columns: columns, header: header,
                      rows: (0..<rows).map { _ in TableRow((0..<7).map { c in TableCell(c == 2 ? g.sentence() : g.text()) }) },
                      headerStyle: Self.style(7.5, .semibold), bodyStyle: Self.style(7.5), headerFill: Self.fill,
                      zebraFill: Self.zebra, minHeaderHeight: 14, minRowHeight: 12)
        if g.int(2) == 0 { t.rowSplitting = .atLineBoundaries }
        t.rowHeaderColumns = g.int(2)
        return t
    }

    static func chart(_ g: inout Generator) -> Chart {
        let bars = (0..<(1 + g.int(6))).map { i in Chart.Bar(label: g.text(), value: Double(g.int(20)), valueText: "\(i)") }
        let s = Self.style(7)
        return Chart(orientation: g.int(2) == 0 ? .vertical : .horizontal, bars: bars, valueAxisTitle: g.text(),
                     categoryAxisTitle: g.text(), emptyMessage: "No data",
                     style: Chart.Style(label: s, value: s, title: s, empty: s, bar: Self.ink, background: Color(red: 1, green: 1, blue: 1),
                                        axis: Self.ink, grid: Self.zebra, trend: Self.ink, trendWidth: 1, plotHeight: 60,
                                        barThickness: 8, emptyHeight: 20),
                     alternativeText: g.int(2) == 0 ? nil : g.sentence())
    }

    static func document(seed: UInt64) -> Document {
        var g = Generator(seed: seed)
        var blocks: [Block] = []
        for _ in 0..<(6 + g.int(6)) {
            switch g.int(10) {
            case 0: blocks.append(.heading(Heading(g.sentence(), style: Self.style(13, .bold), outlineLevel: g.pick([nil, 1, 2, 3]))))
            case 1, 2: blocks.append(.paragraph(Paragraph((0..<(1 + g.int(4))).map { _ in g.sentence() }.joined(separator: " "), style: Self.style(9.5))))
            case 3, 4: blocks.append(.table(Self.table(&g, rows: 1 + g.int(30))))
            case 5: blocks.append(Block(SplitAnywhere(table: Self.table(&g, rows: 4 + g.int(30)), step: 5 + Double(g.int(17)))))
            case 6: blocks.append(.keepTogether([.heading(Heading(g.text() + "x", style: Self.style(11, .bold), outlineLevel: 2)),
                                                 .paragraph(Paragraph(g.sentence(), style: Self.style(8))), .table(Self.table(&g, rows: 1 + g.int(3)))]))
            case 7: blocks.append(.chart(Self.chart(&g)))
            case 8:
                let labelled = g.int(2) == 0
                let items = (0..<(1 + g.int(14))).map { i in List.Item(g.int(3) == 0 ? g.sentence() + " " + g.sentence() : g.sentence(),
                                                                       label: labelled ? g.pick(["•", "\(i + 1).", "–"]) : nil) }
                blocks.append(.list(List(items, style: Self.style(9.5), labelWidth: labelled ? 14 : 0, itemSpacing: Double(g.int(4)),
                                         fill: g.int(2) == 0 ? Self.fill : nil, padding: EdgeInsets(all: Double(g.int(6))),
                                         note: g.int(2) == 0 ? g.sentence() : nil)))
            default:
                let shapes: [Shape] = [.rect(Rect(x: 0, y: 0, width: 40, height: 10), .solid(Self.fill)),
                                       .label(g.text(), at: Point(x: 45, y: 0), anchor: TextAnchor(.leading, .top), style: Self.style(8)),
                                       .text(g.text(), origin: Point(x: 45, y: 12), style: Self.style(8))]
                blocks.append(.drawing(Drawing(size: Size(width: 200, height: 24), shapes: g.int(3) == 0 ? [shapes[0]] : shapes,
                                               alternativeText: g.int(2) == 0 ? nil : g.text())))
            }
        }
        let foot = Self.style(7)
        let template = PageTemplate(margins: EdgeInsets(top: 40, left: 36, bottom: 50, right: 36), footer: { ctx in
            [[BandText("Generated by the stress test", style: foot, alignment: .leading),
              BandText("Page \(ctx.pageNumber) of \(ctx.pageCount)", style: foot, alignment: .trailing)]]
        }, continuationHeader: [.paragraph(Paragraph("Continued — " + Self.scripts[Int(seed) % Self.scripts.count], style: foot))])
        return Document(metadata: SampleDocuments.metadata("Stress \(seed)"), template: template, blocks: blocks)
    }

    func testEveryPageOfGeneratedDocumentsMatchesWhatWasDrawn() throws {
        let pdfinfo = try ReportBinary.require("pdfinfo"), qpdf = try ReportBinary.require("qpdf")
        let dir = try TestPaths.temporaryDirectory("tagging-stress")
        defer { try? FileManager.default.removeItem(at: dir) }
        let measurer = PangoMeasurer()
        var pages = 0, compared = 0, listsContinued = 0
        for seed in UInt64(1)...10 {
            let doc = try LayoutEngine(measurer: measurer).layout(Self.document(seed: seed))
            pages += doc.pages.count
            listsContinued += doc.pages.filter { page in
                (0..<page.marks.count).contains { if case .begin(let e) = page.marks.event($0) { return e.role == .list && e.continues } else { return false } }
            }.count
            var warnings: [String] = []
            var data = Data()
            try PDFRenderer.render(doc, measurer: measurer, warnings: { warnings.append($0) }) { data.append(contentsOf: $0) }
            XCTAssertEqual(warnings, [], "seed \(seed)")
            let file = dir.appendingPathComponent("stress-\(seed).pdf")
            try data.write(to: file)
            let check = try ReportBinary.runTool(qpdf, ["--check", file.path])
            XCTAssertEqual(check.status, 0, "seed \(seed): \(check.stdoutText)")
            // What each element reads from the file is what the layout drew for it. Compared for
            // the elements of plain text, as a prefix: poppler reads no ActualText (what a line
            // drawn as a group, or a cluster of combining marks, copies out as) and stops reading
            // an element at the end of the first ActualText span cairo put in it (a space whose
            // glyph first stood for another character); the file holds right-to-left text in
            // visual order. Glyphs given to a wrong element would show in its neighbours, which
            // are mostly plain.
            let aloud = try ReportBinary.runTool(pdfinfo, ["-struct-text", file.path]).stdoutText
            let read = Self.elementTexts(aloud), drawn = Self.elementTexts(doc)
            XCTAssertEqual(read.count, drawn.count, "seed \(seed): the elements")
            for (i, (r, d)) in zip(read, drawn).enumerated() where d.plain && !d.text.hasPrefix(r) {
                XCTFail("seed \(seed), element \(i): reads \(r.debugDescription), the layout drew \(d.text.debugDescription)")
                break
            }
            compared += zip(read, drawn).filter { $0.1.plain && !$0.1.text.isEmpty && $0.0 == $0.1.text }.count
        }
        XCTAssertGreaterThan(compared, 1_000, "elements read back whole")
        XCTAssertGreaterThan(pages, 25, "the documents run over many pages")
        XCTAssertGreaterThan(listsContinued, 0, "lists continue over a page break")
    }

    /// Text compared without white space, control and format characters (zero-width spaces,
    /// joiners), which are drawn as no glyph or as a space.
    static func normalized(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.filter { c in
            !(c.properties.isWhitespace || c.properties.generalCategory == .control || c.properties.generalCategory == .format
              || c.properties.generalCategory == .lineSeparator || c.properties.generalCategory == .paragraphSeparator)
        }))
    }

    /// The text of each element, in reading order, as `pdfinfo -struct-text` reads it.
    static func elementTexts(_ aloud: String) -> [String] {
        var out: [String] = []
        for line in aloud.split(separator: "\n").dropFirst() {  // the Document
            let body = line.drop { $0 == " " }
            if body.hasPrefix("\"") {
                if !out.isEmpty { out[out.count - 1] += normalized(String(body.dropFirst().dropLast())) }
            } else if !body.hasPrefix("/") {
                out.append("")  // an element (its attributes follow as names)
            }
        }
        return out
    }

    /// The text of each element, in reading order, as the layout drew it, and whether its lines
    /// are all plain Latin (never drawn as a group).
    static func elementTexts(_ doc: LaidOutDocument) -> [(text: String, plain: Bool)] {
        let tree = StructureTree(doc)
        var content: [Int: (text: String, plain: Bool)] = [:]
        for (p, page) in doc.pages.enumerated() {
            for (i, item) in page.items.enumerated() {
                guard case .node(let n) = tree.owners[p][i] else { continue }
                var line: String?
                if case .text(let r) = item { line = r.text }
                if case .label(let l) = item { line = l.text }
                guard let line else { continue }
                let known = content[n] ?? ("", true)
                content[n] = (known.text + normalized(line), known.plain && WordGlyphs.isPlain(line))
            }
        }
        var out: [(text: String, plain: Bool)] = []
        func walk(_ id: Int) {
            // A figure reads its alternative text, not the text drawn in it.
            out.append(tree.nodes[id].role == .figure ? ("", false) : content[id] ?? ("", true))
            for c in tree.nodes[id].children { walk(c) }
        }
        for c in tree.nodes[0].children { walk(c) }
        return out
    }
}
/// A table whose box an outer element splits at heights of its own choosing, as `KeptTable`
/// does: at the first multiple of `step` that fits, not where the table would break.
struct SplitAnywhere: LayoutElement {
    let table: Table
    let step: Double

    func wrap(in context: LayoutContext) throws -> Wrapped {
        guard case .box(let box) = try table.wrap(in: context) else { return try table.wrap(in: context) }
        return .box(SplitAnywhereBox(inner: box, step: step))
    }
}

struct SplitAnywhereBox: LayoutBox {
    let inner: any LayoutBox
    let step: Double
    var height: Double { inner.height }
    var spaceBefore: Double { inner.spaceBefore }
    var spaceAfter: Double { inner.spaceAfter }
    var minimumHeight: Double { inner.minimumHeight }
    var name: String { inner.name }

    func split(availableHeight: Double, in context: LayoutContext) throws -> BoxSplit {
        if height <= availableHeight { return .split(head: self, tail: nil) }
        let at = (availableHeight / step).rounded(.down) * step
        switch try inner.split(availableHeight: max(at, min(availableHeight, inner.minimumHeight)), in: context) {
        case .refuse: return .refuse
        case .split(let head, let tail):
            return .split(head: SplitAnywhereBox(inner: head, step: step), tail: tail.map { SplitAnywhereBox(inner: $0, step: step) })
        }
    }

    func draw(at origin: Point, into canvas: inout DisplayCanvas) { inner.draw(at: origin, into: &canvas) }
}
