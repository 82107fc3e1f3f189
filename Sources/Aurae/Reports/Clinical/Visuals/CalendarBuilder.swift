import Ingest
import Render
import ReportKit

/// The calendar's blocks: rows of month grids (one grid per month) with the legend under the
/// first row. Every mark comes from the report's `DayFacts` (headache days and their highest
/// severity, acute-medication days, daily context), so the calendar agrees with the monthly
/// figures, the overuse awareness and the class table on every day.
struct CalendarBuilder {
    let visuals: ClinicalVisuals
    let data: ClinicalVisualData
    /// Page 1's calendar in miniature.
    let mini: Bool

    /// The days drawn as in range: the range where it has data.
    var shown: ClosedRange<LocalDate>? {
        guard let d = data.data else { return nil }
        let lo = max(data.from, d.lowerBound), hi = min(data.to, d.upperBound)
        return lo <= hi ? lo...hi : nil
    }

    func blocks(months: [ReportPeriod]) throws -> [Block] {
        let grid = try MonthGridStyle(visuals: visuals, mini: mini)
        let perRow = visuals.layout.calendar.monthsPerRow
        let gap = visuals.layout.calendar.rowGap
        let shown = self.shown, facts = data.facts, tracked = data.days != nil
        let grids = try months.compactMap { p -> MonthGrid? in
            guard case .month(let m) = p.kind else { return nil }
            return MonthGrid(month: m, title: try visuals.format.monthYear(year: m.year, month: m.month), shown: shown,
                             facts: facts, tracked: tracked, style: grid)
        }
        var out: [Block] = []
        var start = 0
        while start < grids.count {
            let row = Array(grids[start..<min(grids.count, start + perRow)])
            out.append(.flexibleDrawing(FlexibleDrawing { width, measurer in
                MonthGrid.row(row, perRow: perRow, width: width, measurer: measurer, spaceAfter: gap / 2)
            }))
            if start == 0 { out.append(try legend(grid)) }
            start += perRow
        }
        if grids.isEmpty { out.append(try legend(grid)) }
        return out
    }

    /// The legend: the ramp with each severity's digit and word, the acute-medication mark, the
    /// hatch of a day without daily context (with a days file), what a blank day means, and the
    /// grey of days outside the range.
    private func legend(_ g: MonthGridStyle) throws -> Block {
        let v = visuals, k = v.keys, vis = v.brand.visuals
        var items: [LegendItem] = []
        for level in 1...5 {
            let label = try v.book.render(k.legendSeverity, ["severity": v.format.severity(level)])
            items.append(LegendItem(swatch: g.fill(level), border: g.border, digit: (g.digits[level - 1], g.legendDigit[level - 1]), text: label))
        }
        items.append(LegendItem(swatch: nil, border: nil, text: try v.text(k.legendAcute)))
        if data.days != nil {
            items.append(LegendItem(swatch: vis.chartBackground, border: g.border, hatch: g.notLogged, text: try v.text(k.legendNotLogged)))
        }
        items.append(LegendItem(swatch: vis.chartBackground, border: g.border,
                                text: try v.text(data.days != nil ? k.legendBlankTracked : k.legendBlank)))
        items.append(LegendItem(swatch: g.outside, border: g.border, crossHatch: g.notLogged, text: try v.text(k.legendOutside)))
        return .flexibleDrawing(Legend(intro: try v.text(k.legendIntro), items: items, style: g.legend,
                                       swatch: v.layout.calendar.legendSwatch, spaceBefore: 2,
                                       spaceAfter: v.layout.calendar.rowGap, hatchSpacing: g.hatchSpacing).drawing)
    }
}
