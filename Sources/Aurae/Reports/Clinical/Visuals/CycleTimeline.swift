import Ingest
import Render
import ReportKit

/// The timeline of logged cycle phases over from...to (daily context first, else an episode's
/// logged phase on its onset date), each run of a phase lettered, with a marker under every
/// episode's onset day, month starts labelled, and a legend. `nil` when no phase is logged in range.
struct CycleTimeline: Sendable {
    /// Logged phase per day offset from `from`.
    let phases: [Int: CyclePhase]
    /// Day offsets of episode onsets.
    let onsets: [Int]
    let dayCount: Int
    let monthStarts: [(offset: Int, label: String)]
    let title: String
    let letters: [CyclePhase: String]
    let colors: [CyclePhase: Color]
    let legend: Legend
    let titleStyle, letterStyle, tickStyle: TextStyle
    let border, marker: Color
    let rowHeight, markerSize: Double

    init?(visuals v: ClinicalVisuals, data: ClinicalVisualData) throws {
        let from = data.from, to = data.to
        guard from <= to else { return nil }
        dayCount = to - from + 1
        var phases: [Int: CyclePhase] = [:]
        for d in data.days ?? [] where d.date >= from && d.date <= to {
            if let p = d.cyclePhase { phases[d.date - from] = p }
        }
        var onsets: [Int] = []
        for e in data.episodes {
            let d = e.onsetAt.localDate
            guard d >= from && d <= to else { continue }
            onsets.append(d - from)
            if phases[d - from] == nil, let p = e.retrospective.cyclePhase { phases[d - from] = p }
        }
        guard !phases.isEmpty else { return nil }
        self.phases = phases; self.onsets = onsets
        monthStarts = try CalendarBuilder.months(from: from, to: to).compactMap { m in
            guard let first = LocalDate(year: m.year, month: m.month, day: 1) else { return nil }
            return (max(0, first - from), try v.format.shortMonthYear(year: m.year, month: m.month))
        }
        let k = v.keys, vis = v.brand.visuals, c = v.layout.charts
        title = try v.text(k.timelineTitle)
        let colorOf: [CyclePhase: Color] = [.menstrual: vis.phaseMenstrual, .follicular: vis.phaseFollicular,
                                            .ovulatory: vis.phaseOvulatory, .luteal: vis.phaseLuteal]
        let letters = try v.book.texts(of: k.phaseLetter)
        var items: [LegendItem] = []
        for p in CyclePhase.allCases {
            items.append(LegendItem(swatch: colorOf[p], border: vis.calendarBorder,
                                    text: try v.book.render(k.legendPhase, ["letter": letters[p] ?? "", "phase": try v.text(k.phase[p])])))
        }
        items.append(LegendItem(swatch: vis.episodeMarker, border: nil, text: try v.text(k.timelineEpisode)))
        items.append(LegendItem(swatch: vis.chartBackground, border: vis.calendarBorder, text: try v.text(k.timelineUnlogged)))
        self.letters = letters; colors = colorOf
        titleStyle = v.chartStyle.title; tickStyle = v.chartStyle.label
        letterStyle = v.style(c.labelSize, .semibold, v.brand.palette.textSecondary)
        legend = Legend(intro: nil, items: items, style: v.chartStyle.label, swatch: v.layout.calendar.legendSwatch,
                        spaceBefore: 4)
        border = vis.calendarBorder; marker = vis.episodeMarker
        rowHeight = c.timelineRowHeight; markerSize = c.timelineMarkerSize
    }

    /// The strip and its legend, kept together.
    func block() throws -> Block {
        let timeline = self
        return .keepTogether([.flexibleDrawing(FlexibleDrawing { width, m in timeline.strip(width: width, measurer: m) }),
                              .flexibleDrawing(legend.drawing)])
    }

    func strip(width: Double, measurer m: TextMeasurer) -> Drawing {
        var shapes: [Shape] = [.label(title, at: Point(x: 0, y: 0), anchor: TextAnchor(.leading, .top), style: titleStyle)]
        let top = m.lineMetrics(titleStyle).height + 4
        let dayWidth = width / Double(max(1, dayCount))
        // Runs of one phase.
        var start = 0
        while start < dayCount {
            guard let p = phases[start] else { start += 1; continue }
            var end = start + 1
            while end < dayCount, phases[end] == p { end += 1 }
            let r = Rect(x: Double(start) * dayWidth, y: top, width: Double(end - start) * dayWidth, height: rowHeight)
            if let fill = colors[p] { shapes.append(.rect(r, .solid(fill))) }
            if let letter = letters[p], m.width(letter, style: letterStyle) + 2 <= r.width {
                shapes.append(.label(letter, at: Point(x: r.minX + r.width / 2, y: top + (rowHeight - m.lineMetrics(letterStyle).height) / 2),
                                     anchor: TextAnchor(.center, .top), style: letterStyle))
            }
            start = end
        }
        shapes.append(.path(.rect(Rect(x: 0, y: top, width: width, height: rowHeight)), stroke: Stroke(color: border, width: 0.5)))
        let markerTop = top + rowHeight + 1
        for day in Set(onsets).sorted() {
            let cx = (Double(day) + 0.5) * dayWidth
            shapes.append(.path(.polygon([Point(x: cx, y: markerTop), Point(x: cx + markerSize / 2, y: markerTop + markerSize),
                                          Point(x: cx - markerSize / 2, y: markerTop + markerSize)]), fill: .solid(marker)))
        }
        let tickTop = markerTop + markerSize + 2
        var nextFree = -Double.infinity
        for (offset, label) in monthStarts {
            let x = Double(offset) * dayWidth
            let w = m.width(label, style: tickStyle)
            guard x >= nextFree, x + w <= width + 1e-9 else { continue }
            shapes.append(.line(from: Point(x: x, y: top), to: Point(x: x, y: tickTop), color: border, width: 0.5))
            shapes.append(.label(label, at: Point(x: x + 1, y: tickTop), anchor: TextAnchor(.leading, .top), style: tickStyle))
            nextFree = x + w + 4
        }
        return Drawing(size: Size(width: width, height: tickTop + m.lineMetrics(tickStyle).height), shapes: shapes)
    }
}
