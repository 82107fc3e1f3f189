import Ingest
import Render
import ReportKit

/// Colours, fonts and words of the month grids, resolved once per report.
struct MonthGridStyle: Sendable {
    let title, weekday, dayNumber, outsideNumber, legend: TextStyle
    /// On each severity's fill: the day number, the digit and the acute mark.
    let severityNumber, severityDigit, severityMark: [TextStyle]
    /// A severity's digit in its legend swatch, at the legend's size.
    let legendDigit: [TextStyle]
    /// On a day without a headache.
    let plainMark: TextStyle
    let border, outside, notLogged: Color
    let severityFills: [Color]
    let weekdays: [String]
    let digits: [String]
    /// "1" … "31".
    let dayNumbers = (1...31).map(String.init)
    let acuteMark: String
    let cellHeight, cellPadding, titleGap, columnGap, hatchSpacing: Double
    /// A grid in miniature: digits and marks only, no day numbers.
    let mini: Bool

    init(visuals v: ClinicalVisuals, mini: Bool) throws {
        let c = v.layout.calendar, p = v.brand.palette, vis = v.brand.visuals
        self.mini = mini
        title = v.style(c.titleSize, .semibold, p.textSecondary)
        weekday = v.style(c.weekdaySize, .regular, p.caption)
        dayNumber = v.style(c.dayNumberSize, .regular, p.caption)
        outsideNumber = v.style(c.dayNumberSize, .regular, vis.calendarOutsideText)
        legend = v.style(c.legendSize, .regular, p.textPrimary)
        severityFills = vis.calendarSeverity
        severityNumber = vis.calendarSeverityText.map { v.style(c.dayNumberSize, .regular, $0) }
        severityDigit = vis.calendarSeverityText.map { v.style(mini ? c.miniDigitSize : c.digitSize, .semibold, $0) }
        severityMark = vis.calendarSeverityText.map { v.style(c.markSize, .regular, $0) }
        legendDigit = vis.calendarSeverityText.map { v.style(c.legendSize, .semibold, $0) }
        plainMark = v.style(c.markSize, .regular, p.textPrimary)
        border = vis.calendarBorder; outside = vis.calendarOutside; notLogged = vis.calendarNotLogged
        weekdays = try v.keys.weekday.keys.map { try v.text($0) }
        digits = try v.keys.digit.keys.map { try v.text($0) }
        acuteMark = try v.text(v.keys.acuteMark)
        cellHeight = mini ? c.miniCellHeight : c.cellHeight
        cellPadding = c.cellPadding; titleGap = c.titleGap; columnGap = c.columnGap; hatchSpacing = c.hatchSpacing
    }

    /// The fill of a severity level (1…5).
    func fill(_ level: Int) -> Color { severityFills[min(4, max(0, level - 1))] }

    /// Thin diagonal lines across `r`: a day without daily context.
    func hatch(_ r: Rect) -> Shape { hatchShape(r, color: notLogged, spacing: hatchSpacing) }
    /// Days outside the range: grey and cross-hatched, so that they differ from a logged
    /// headache-free day without colour.
    func outsidePattern(_ r: Rect) -> Shape { crossHatchShape(r, color: notLogged, spacing: hatchSpacing * 2) }
}

/// One month: a title, a Monday-first weekday header and one row per week. A headache day is
/// filled by its highest severity on the single-hue ramp and shows it as a digit; a day with
/// acute medication is marked; with a daily-context file, a headache-free day it does not record
/// is hatched (so a blank day is a logged headache-free one); days outside the range or without
/// data are grey.
struct MonthGrid: Sendable {
    let month: YearMonth
    /// "March 2026", rendered when the calendar is built.
    let title: String
    /// The days drawn as in range: the range where it has data.
    let shown: ClosedRange<LocalDate>?
    let facts: DayFacts
    /// Whether a daily-context file was given (days it lacks are hatched).
    let tracked: Bool
    let style: MonthGridStyle

    var first: LocalDate? { LocalDate(year: month.year, month: month.month, day: 1) }
    var length: Int { LocalDate.daysInMonth(year: month.year, month: month.month) }
    /// Blank cells before day 1 (Monday first).
    var lead: Int { (first?.isoWeekday ?? 1) - 1 }
    var weeks: Int { (lead + length + 6) / 7 }

    func height(_ m: TextMeasurer) -> Double {
        m.lineMetrics(style.title).height + style.titleGap + m.lineMetrics(style.weekday).height
            + Double(weeks) * style.cellHeight
    }

    /// A row of grids side by side, `perRow` columns wide, in `width`.
    static func row(_ grids: [MonthGrid], perRow: Int, width: Double, measurer m: TextMeasurer, spaceAfter: Double) -> Drawing {
        let gap = grids.first?.style.columnGap ?? 0
        let columnWidth = max(0, (width - gap * Double(perRow - 1)) / Double(max(1, perRow)))
        var drawing = rowFrame(grids, width: width, measurer: m, spaceAfter: spaceAfter)
        for (i, g) in grids.enumerated() {
            drawing.shapes += g.shapes(x: Double(i) * (columnWidth + gap), width: columnWidth, measurer: m)
        }
        return drawing
    }

    /// The drawing of a row of grids without its shapes: its size and the space after it.
    static func rowFrame(_ grids: [MonthGrid], width: Double, measurer m: TextMeasurer, spaceAfter: Double) -> Drawing {
        Drawing(size: Size(width: width, height: grids.map { $0.height(m) }.max() ?? 0), shapes: [], spaceAfter: spaceAfter)
    }

    func shapes(x: Double, width: Double, measurer m: TextMeasurer) -> [Shape] {
        let s = style
        guard let first else { return [] }
        var out: [Shape] = [.label(title, at: Point(x: x, y: 0), anchor: TextAnchor(.leading, .top), style: s.title)]
        out.reserveCapacity(8 + length * 4)
        let cell = width / 7
        var y = m.lineMetrics(s.title).height + s.titleGap
        for (i, name) in s.weekdays.enumerated() {
            out.append(.label(name, at: Point(x: x + cell * (Double(i) + 0.5), y: y), anchor: TextAnchor(.center, .top), style: s.weekday))
        }
        y += m.lineMetrics(s.weekday).height
        let p = s.cellPadding
        // The line heights once per grid, not per cell.
        let digitHeights = s.severityDigit.map { m.lineMetrics($0).height }
        let markHeight = m.lineMetrics(s.plainMark).height
        let border = Stroke(color: s.border, width: 0.5)
        for day in 0..<length {
            let date = first.adding(days: day)
            let slot = lead + day
            let r = Rect(x: x + cell * Double(slot % 7), y: y + s.cellHeight * Double(slot / 7), width: cell, height: s.cellHeight)
            let inRange = shown?.contains(date) ?? false
            let info = inRange ? facts[date] : DayFacts.Day()
            let level = Int(info.severity)
            let center = r.minY + (s.cellHeight - (level > 0 ? digitHeights[level - 1] : markHeight)) / 2
            if !inRange {
                out.append(.rect(r, .solid(s.outside)))
                out.append(s.outsidePattern(r))
            } else if level > 0 {
                out.append(.rect(r, .solid(s.fill(level))))
            } else if tracked && !info.tracked {
                out.append(s.hatch(r))
            }
            out.append(.path(.rect(r), stroke: border))
            if !s.mini {
                out.append(.label(s.dayNumbers[day], at: Point(x: r.minX + p, y: r.minY + p), anchor: TextAnchor(.leading, .top),
                                  style: !inRange ? s.outsideNumber : level > 0 ? s.severityNumber[level - 1] : s.dayNumber))
            }
            if level > 0 {
                let digitY = s.mini ? center : r.maxY - p - digitHeights[level - 1]
                out.append(.label(s.digits[level - 1], at: Point(x: r.minX + cell / 2, y: digitY), anchor: TextAnchor(.center, .top),
                                  style: s.severityDigit[level - 1]))
            }
            if info.acute {
                let mark = level > 0 ? s.severityMark[level - 1] : s.plainMark
                out.append(.label(s.acuteMark, at: Point(x: r.maxX - p, y: s.mini ? center : r.minY + p),
                                  anchor: TextAnchor(.trailing, .top), style: mark))
            }
        }
        return out
    }
}
