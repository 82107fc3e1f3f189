/// A chart is laid out in the frame width into a drawing (bars, grid, axes, a clipped line,
/// labels as real text) and placed as one unsplittable box. A horizontal chart with more rows
/// than a page holds becomes several charts of whole rows, each with its axes.
extension Chart: LayoutElement {
    public func wrap(in context: LayoutContext) throws -> Wrapped {
        let width = max(0, context.frameWidth)
        let layout = ChartLayout(chart: self, width: width, measurer: context.measurer)
        if orientation == .horizontal, bars.count > 1, layout.height > context.pageCapacity + Paginator.eps {
            let pieces = pieces(width: width, capacity: context.pageCapacity, measurer: context.measurer)
            if pieces.count > 1 { return .sequence(pieces) }
        }
        let drawing = Drawing(size: Size(width: layout.width, height: layout.height), shapes: layout.shapes,
                              spaceBefore: spaceBefore, spaceAfter: spaceAfter,
                              alternativeText: alternativeText ?? defaultAlternativeText)
        return .box(DrawingBox(drawing: drawing, path: context.path, continuesFigure: continuesFigure))
    }

    /// Charts of as many whole rows as fit a page (at least one), on the same value axis.
    private func pieces(width: Double, capacity: Double, measurer: TextMeasurer) -> [Block] {
        var one = self, two = self
        one.bars = Array(bars.prefix(1)); two.bars = Array(bars.prefix(2))
        let h1 = ChartLayout(chart: one, width: width, measurer: measurer).height
        let row = ChartLayout(chart: two, width: width, measurer: measurer).height - h1
        let perPage = max(1, 1 + Counting.whole(row > 0 ? (capacity - h1) / row : 1))
        let top = bars.map { $0.value.isFinite ? $0.value : 0 }.max() ?? 0
        return stride(from: 0, to: bars.count, by: perPage).map { start in
            var piece = self
            piece.bars = Array(bars[start..<min(bars.count, start + perPage)])
            piece.continuesFigure = start > 0
            piece.alternativeText = alternativeText ?? defaultAlternativeText
            piece.valueAxisMinimumTop = max(valueAxisMinimumTop, top)
            return Block(piece)
        }
    }
}

extension Chart {
    /// The chart's own words when the report gave none: the value axis title, then each
    /// category and its value as written beside the bar, or the empty message.
    var defaultAlternativeText: String {
        guard !bars.isEmpty else { return emptyMessage }
        return ([valueAxisTitle] + bars.map { "\($0.label) \($0.valueText)" }).joined(separator: "; ")
    }
}

/// A flexible drawing is made at the frame width, then placed like a drawing; one that knows its
/// frame is made only when it is drawn.
extension FlexibleDrawing: LayoutElement {
    public func wrap(in context: LayoutContext) throws -> Wrapped {
        let width = max(0, context.frameWidth)
        if let frame {
            return .box(LateDrawingBox(frame: DrawingBox(drawing: frame(width, context.measurer), path: context.path),
                                       width: width, measurer: context.measurer, source: self))
        }
        return .box(DrawingBox(drawing: drawing(width, context.measurer), path: context.path))
    }

    /// The drawing at `width`, with the alternative text when it has none of its own.
    func drawing(_ width: Double, _ measurer: TextMeasurer) -> Drawing {
        var drawing = make(width, measurer)
        if drawing.alternativeText == nil { drawing.alternativeText = alternativeText }
        return drawing
    }
}

/// A flexible drawing measured by its frame: its shapes are made when it is drawn, and dropped
/// once they are display items.
struct LateDrawingBox: LayoutBox {
    /// The drawing's size and spaces, without shapes.
    let frame: DrawingBox
    let width: Double
    let measurer: TextMeasurer
    let source: FlexibleDrawing

    var height: Double { frame.height }
    var spaceBefore: Double { frame.spaceBefore }
    var spaceAfter: Double { frame.spaceAfter }
    var name: String { frame.name }
    var leadPiece: Double? { frame.leadPiece }

    func draw(at origin: Point, into canvas: inout DisplayCanvas) {
        DrawingBox(drawing: source.drawing(width, measurer), path: frame.path).draw(at: origin, into: &canvas)
    }
}

/// The shapes of one chart at one width.
struct ChartLayout {
    let chart: Chart
    let width: Double
    let m: TextMeasurer
    private(set) var shapes: [Shape] = []
    private(set) var height = 0.0

    private static let pad = 4.0

    init(chart: Chart, width: Double, measurer: TextMeasurer) {
        self.chart = chart; self.width = width; m = measurer
        if chart.bars.isEmpty { empty() } else if chart.orientation == .vertical { vertical() } else { horizontal() }
    }

    private var s: Chart.Style { chart.style }
    private func lh(_ style: TextStyle) -> Double { m.lineMetrics(style).height }
    private static func finite(_ v: Double) -> Double { v.isFinite ? max(0, v) : 0 }

    private mutating func label(_ text: String, _ x: Double, _ y: Double, _ h: Alignment, _ style: TextStyle) {
        guard !text.isEmpty else { return }
        shapes.append(.label(text, at: Point(x: x, y: y), anchor: TextAnchor(h, .top), style: style))
    }

    /// "No data" in a framed box: no axis at all.
    private mutating func empty() {
        height = max(s.emptyHeight, lh(s.empty) + 2 * Self.pad)
        let box = Rect(x: 0, y: 0, width: width, height: height)
        shapes.append(.path(.rect(box), fill: nil, stroke: Stroke(color: s.grid, width: 0.75)))
        let text = m.truncate(chart.emptyMessage, style: s.empty, width: max(0, width - 2 * Self.pad))
        label(text, width / 2, (height - lh(s.empty)) / 2, .center, s.empty)
    }

    private mutating func vertical() {
        let pad = Self.pad, bars = chart.bars
        let references = chart.referenceLines.filter { $0.value.isFinite && $0.value > 0 }
        let scale = NiceScale(maxValue: (bars.map { Self.finite($0.value) } + references.map(\.value)).max() ?? 0,
                              minimumTop: chart.valueAxisMinimumTop)
        let ticks = scale.ticks.map { ($0, scale.label($0)) }
        let gutter = (ticks.map { m.width($0.1, style: s.label) }.max() ?? 0) + pad
        let lineLabel = chart.line == nil ? nil : chart.lineLabel
        let rightLabels = (lineLabel.map { [$0] } ?? []) + references.map(\.label)
        let right = (rightLabels.map { m.width($0, style: s.label) }.max() ?? 0) + pad
        label(chart.valueAxisTitle, 0, 0, .leading, s.title)
        let plotTop = lh(s.title) + pad + lh(s.value)
        let plot = Rect(x: gutter + pad, y: plotTop, width: max(1, width - gutter - pad - right), height: s.plotHeight)
        func y(_ v: Double) -> Double { plot.maxY - min(1, Self.finite(v) / scale.top) * plot.height }
        for (v, text) in ticks {
            shapes.append(.line(from: Point(x: plot.minX, y: y(v)), to: Point(x: plot.maxX, y: y(v)), color: s.grid, width: 0.5))
            label(text, gutter, y(v) - lh(s.label) / 2, .trailing, s.label)
        }
        let slot = plot.width / Double(bars.count)
        let barWidth = min(slot * 0.7, 36)
        for (i, bar) in bars.enumerated() {
            let cx = plot.minX + slot * (Double(i) + 0.5)
            let by = y(bar.value)
            if plot.maxY - by > 0 {
                self.bar(Rect(x: cx - barWidth / 2, y: by, width: barWidth, height: plot.maxY - by), bar)
            }
        }
        for r in references {
            shapes.append(.path(.polyline([Point(x: plot.minX, y: y(r.value)), Point(x: plot.maxX, y: y(r.value))]),
                                stroke: Stroke(color: s.trend, width: s.trendWidth, dash: [2, 2])))
            label(r.label, plot.maxX + pad, y(r.value) - lh(s.label) / 2, .leading, s.label)
        }
        // Category labels: every k-th when they do not fit their slots.
        let widest = bars.map { m.width($0.label, style: s.label) }.max() ?? 0
        let every = max(1, Counting.whole(((widest + pad) / max(slot, 1e-9)).rounded(.up)))
        for (i, bar) in bars.enumerated() where i % every == 0 {
            label(bar.label, plot.minX + slot * (Double(i) + 0.5), plot.maxY + 2, .center, s.label)
        }
        if let line = chart.line, line.count == bars.count {
            // One polyline per run of finite values.
            var runs: [[Point]] = [[]]
            for (i, v) in line.enumerated() {
                guard v.isFinite else { if !(runs.last?.isEmpty ?? true) { runs.append([]) }; continue }
                runs[runs.count - 1].append(Point(x: plot.minX + slot * (Double(i) + 0.5),
                                                  y: plot.maxY - max(-1, min(2, v / scale.top)) * plot.height))
            }
            let drawn = runs.filter { $0.count >= 2 }
            if !drawn.isEmpty {
                shapes.append(.clipped(.rect(plot), drawn.map {
                    .path(.polyline($0), stroke: Stroke(color: s.trend, width: s.trendWidth, dash: [4, 2]))
                }))
            }
            if let lineLabel, let last = drawn.last?.last {
                label(lineLabel, plot.maxX + pad, max(plot.minY, min(plot.maxY, last.y)) - lh(s.label) / 2, .leading, s.label)
            }
        }
        // Values last, so that the line never hides one.
        for (i, bar) in bars.enumerated() {
            let cx = plot.minX + slot * (Double(i) + 0.5), w = m.width(bar.valueText, style: s.value) + 2
            let top = y(bar.value) - lh(s.value)
            shapes.append(.rect(Rect(x: cx - w / 2, y: top, width: w, height: lh(s.value)), .solid(s.background)))
            label(bar.valueText, cx, top, .center, s.value)
        }
        axes(plot)
        let below = plot.maxY + 2 + lh(s.label) + pad
        label(chart.categoryAxisTitle, plot.minX + plot.width / 2, below, .center, s.title)
        height = below + titleHeight(chart.categoryAxisTitle)
    }

    /// The line an axis title takes: none for an empty title.
    private func titleHeight(_ title: String) -> Double { title.isEmpty ? 0 : lh(s.title) }

    /// A bar: filled in its colour, or hatched in it inside an outline of it.
    private mutating func bar(_ r: Rect, _ bar: Chart.Bar) {
        let color = bar.color ?? s.bar
        guard bar.hatched else { shapes.append(.rect(r, .solid(color))); return }
        let step = 3.0
        var lines: [Shape] = []
        var x = r.minX - r.height
        while x < r.maxX {
            lines.append(.line(from: Point(x: x, y: r.maxY), to: Point(x: x + r.height, y: r.minY), color: color, width: 0.75))
            x += step
        }
        shapes.append(.rect(r, .solid(s.background)))
        shapes.append(.clipped(.rect(r), lines))
        shapes.append(.path(.rect(r), stroke: Stroke(color: color, width: 0.75)))
    }

    private mutating func horizontal() {
        let pad = Self.pad, bars = chart.bars
        let scale = NiceScale(maxValue: bars.map { Self.finite($0.value) }.max() ?? 0,
                              minimumTop: chart.valueAxisMinimumTop)
        let labelWidth = min(bars.map { m.width($0.label, style: s.label) }.max() ?? 0, width * 0.35)
        let valueRoom = (bars.map { m.width($0.valueText, style: s.value) }.max() ?? 0) + 2 * pad
        label(chart.categoryAxisTitle, 0, 0, .leading, s.title)
        let row = max(s.barThickness, lh(s.label), lh(s.value)) + pad
        let plot = Rect(x: labelWidth + pad, y: lh(s.title) + pad, width: max(1, width - labelWidth - pad - valueRoom),
                        height: row * Double(bars.count))
        func x(_ v: Double) -> Double { plot.minX + min(1, Self.finite(v) / scale.top) * plot.width }
        for v in scale.ticks {
            shapes.append(.line(from: Point(x: x(v), y: plot.minY), to: Point(x: x(v), y: plot.maxY), color: s.grid, width: 0.5))
            label(scale.label(v), x(v), plot.maxY + 2, .center, s.label)
        }
        for (i, bar) in bars.enumerated() {
            let mid = plot.minY + row * (Double(i) + 0.5)
            let name = m.truncate(bar.label, style: s.label, width: labelWidth)
            label(name, labelWidth, mid - lh(s.label) / 2, .trailing, s.label)
            let end = x(bar.value)
            if end - plot.minX > 0 {
                self.bar(Rect(x: plot.minX, y: mid - s.barThickness / 2, width: end - plot.minX, height: s.barThickness), bar)
            }
            label(bar.valueText, end + pad, mid - lh(s.value) / 2, .leading, s.value)
        }
        axes(plot)
        let below = plot.maxY + 2 + lh(s.label) + pad
        label(chart.valueAxisTitle, plot.minX + plot.width / 2, below, .center, s.title)
        height = below + titleHeight(chart.valueAxisTitle)
    }

    /// The value and category axis lines along the plot's left and bottom edges.
    private mutating func axes(_ plot: Rect) {
        shapes.append(.line(from: Point(x: plot.minX, y: plot.minY), to: Point(x: plot.minX, y: plot.maxY), color: s.axis, width: 0.75))
        shapes.append(.line(from: Point(x: plot.minX, y: plot.maxY), to: Point(x: plot.maxX, y: plot.maxY), color: s.axis, width: 0.75))
    }
}
