import Ingest
import Render
import ReportKit

/// What the calendar shows on one day in range.
struct CalendarDay: Sendable, Hashable {
    /// Highest severity of the episodes touching the day (1…5), `nil` for a headache-free day.
    var severity: Int?
    var acute = false
}

/// The calendar section's blocks: rows of month grids (one grid per month in range) and a legend.
struct CalendarBuilder {
    let visuals: ClinicalVisuals
    let data: ClinicalVisualData

    /// The marks of every day in from...to: each episode marks every day from its onset date to
    /// its resolution date (the as-of date while active), clipped to the range; acute-medication
    /// days of the episodes in the range (`HeadacheInsights.acuteMedicationDays`, the calendar's
    /// view of `AcuteMedicationDays`).
    static func days(_ data: ClinicalVisualData, config: InsightsConfig) -> [LocalDate: CalendarDay] {
        var out: [LocalDate: CalendarDay] = [:]
        guard data.from <= data.to else { return out }
        for log in data.episodes {
            let onset = log.onsetAt.localDate
            let end = max(onset, log.resolvedAt?.localDate ?? data.asOf)
            let first = max(onset, data.from), last = min(end, data.to)
            guard first <= last else { continue }
            let level = min(5, max(1, log.severity))
            for offset in 0...(last - first) {
                let d = first.adding(days: offset)
                out[d, default: CalendarDay()].severity = max(out[d]?.severity ?? 0, level)
            }
        }
        for d in HeadacheInsights.acuteMedicationDays(data.episodes, from: data.from, to: data.to,
                                                       config: config) {
            out[d, default: CalendarDay()].acute = true
        }
        return out
    }

    /// The months from the month of `from` to the month of `to`, oldest first.
    static func months(from: LocalDate, to: LocalDate) -> [YearMonth] {
        guard from <= to else { return [] }
        var out: [YearMonth] = []
        var c = from.components
        let end = YearMonth(to)
        while let first = LocalDate(year: c.year, month: c.month, day: 1) {
            let m = YearMonth(first)
            if end < m { break }
            out.append(m)
            c = first.adding(days: 31).components
        }
        return out
    }

    func blocks() throws -> [Block] {
        let marks = Self.days(data, config: visuals.config)
        let grid = try MonthGridStyle(visuals: visuals)
        let months = Self.months(from: data.from, to: data.to)
        let perRow = visuals.layout.calendar.monthsPerRow
        var out: [Block] = []
        var start = 0
        while start < months.count {
            let row = Array(months[start..<min(months.count, start + perRow)])
            let grids = try row.map {
                MonthGrid(month: $0, title: try visuals.format.monthYear(year: $0.year, month: $0.month),
                          from: data.from, to: data.to, marks: marks, style: grid)
            }
            out.append(.flexibleDrawing(FlexibleDrawing { width, measurer in
                MonthGrid.row(grids, perRow: perRow, width: width, measurer: measurer)
            }))
            start += perRow
        }
        out.append(try legend(grid))
        return out
    }

    /// The legend: severity letters with their surface colours, the acute-medication mark and
    /// the grey of days outside the range.
    private func legend(_ g: MonthGridStyle) throws -> Block {
        let v = visuals, k = v.keys
        var items: [LegendItem] = []
        for level in 1...5 {
            let label = try v.book.render(k.legendSeverity, ["letter": g.letters[level - 1], "severity": v.format.severity(level)])
            items.append(LegendItem(swatch: g.surface(level), border: g.border, text: label))
        }
        items.append(LegendItem(swatch: nil, border: nil, text: try v.text(k.legendAcute)))
        items.append(LegendItem(swatch: g.outside, border: g.border, text: try v.text(k.legendOutside)))
        return .flexibleDrawing(Legend(intro: try v.text(k.legendIntro), items: items, style: g.legend,
                                       swatch: v.layout.calendar.legendSwatch,
                                       spaceBefore: v.layout.calendar.rowGap).drawing)
    }
}
