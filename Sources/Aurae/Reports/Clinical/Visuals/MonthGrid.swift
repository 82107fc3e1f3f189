import Ingest
import Render
import ReportKit

/// Colours, fonts and words of the month grids, resolved once per report.
struct MonthGridStyle: Sendable {
    let title, weekday, dayNumber, outsideNumber, mark, acute, legend: TextStyle
    let border, outside, moderate: Color
    let severitySurfaces: [Color?]
    let weekdays: [String]
    let letters: [String]
    let acuteMark: String
    let cellHeight, cellPadding, titleGap, columnGap: Double

    init(visuals v: ClinicalVisuals) throws {
        let c = v.layout.calendar, p = v.brand.palette, vis = v.brand.visuals
        title = v.style(c.titleSize, .semibold, p.textSecondary)
        weekday = v.style(c.weekdaySize, .medium, p.caption)
        dayNumber = v.style(c.dayNumberSize, .regular, p.caption)
        outsideNumber = v.style(c.dayNumberSize, .regular, vis.calendarOutsideText)
        mark = v.style(c.markSize, .bold, p.textSecondary)
        acute = v.style(c.dayNumberSize, .semibold, p.tealText)
        legend = v.style(c.legendSize, .regular, p.textPrimary)
        border = vis.calendarBorder; outside = vis.calendarOutside; moderate = vis.calendarModerate
        severitySurfaces = (1...5).map { v.brand.severitySurface($0) }
        weekdays = try v.keys.weekday.keys.map { try v.text($0) }
        letters = try v.keys.letter.keys.map { try v.text($0) }
        acuteMark = try v.text(v.keys.acuteMark)
        cellHeight = c.cellHeight; cellPadding = c.cellPadding; titleGap = c.titleGap; columnGap = c.columnGap
    }

    /// The surface of a severity level (the brand's, else the moderate surface).
    func surface(_ level: Int) -> Color { severitySurfaces[min(4, max(0, level - 1))] ?? moderate }
}

/// One month: a title, a Monday-first weekday header and one row per week; days outside
/// from...to greyed, headache days filled and lettered by highest severity, acute days marked.
struct MonthGrid: Sendable {
    let month: YearMonth
    /// "March 2026", rendered when the calendar is built.
    let title: String
    let from: LocalDate
    let to: LocalDate
    let marks: [LocalDate: CalendarDay]
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
    static func row(_ grids: [MonthGrid], perRow: Int, width: Double, measurer m: TextMeasurer) -> Drawing {
        let gap = grids.first?.style.columnGap ?? 0
        let columnWidth = max(0, (width - gap * Double(perRow - 1)) / Double(max(1, perRow)))
        var shapes: [Shape] = []
        for (i, g) in grids.enumerated() {
            shapes += g.shapes(x: Double(i) * (columnWidth + gap), width: columnWidth, measurer: m)
        }
        let height = grids.map { $0.height(m) }.max() ?? 0
        let spaceAfter = grids.first?.style.titleGap ?? 0
        return Drawing(size: Size(width: width, height: height), shapes: shapes, spaceAfter: spaceAfter * 2)
    }

    func shapes(x: Double, width: Double, measurer m: TextMeasurer) -> [Shape] {
        let s = style
        guard let first else { return [] }
        var out: [Shape] = [.label(title, at: Point(x: x, y: 0), anchor: TextAnchor(.leading, .top), style: s.title)]
        let cell = width / 7
        var y = m.lineMetrics(s.title).height + s.titleGap
        for (i, name) in s.weekdays.enumerated() {
            out.append(.label(name, at: Point(x: x + cell * (Double(i) + 0.5), y: y), anchor: TextAnchor(.center, .top), style: s.weekday))
        }
        y += m.lineMetrics(s.weekday).height
        let markHeight = m.lineMetrics(s.mark).height
        for day in 0..<length {
            let date = first.adding(days: day)
            let slot = lead + day
            let r = Rect(x: x + cell * Double(slot % 7), y: y + s.cellHeight * Double(slot / 7), width: cell, height: s.cellHeight)
            let inRange = date >= from && date <= to
            let info = inRange ? marks[date] : nil
            if !inRange {
                out.append(.rect(r, .solid(s.outside)))
            } else if let level = info?.severity {
                out.append(.rect(r, .solid(s.surface(level))))
            }
            out.append(.path(.rect(r), stroke: Stroke(color: s.border, width: 0.5)))
            let p = s.cellPadding
            out.append(.label(String(day + 1), at: Point(x: r.minX + p, y: r.minY + p), anchor: TextAnchor(.leading, .top),
                              style: inRange ? s.dayNumber : s.outsideNumber))
            if let level = info?.severity {
                out.append(.label(s.letters[min(4, max(0, level - 1))], at: Point(x: r.minX + cell / 2, y: r.maxY - p - markHeight),
                                  anchor: TextAnchor(.center, .top), style: s.mark))
            }
            if info?.acute == true {
                out.append(.label(s.acuteMark, at: Point(x: r.maxX - p, y: r.minY + p), anchor: TextAnchor(.trailing, .top), style: s.acute))
            }
        }
        return out
    }
}
