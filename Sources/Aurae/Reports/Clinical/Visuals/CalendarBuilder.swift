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
            let alt = try visuals.book.render(mini ? visuals.keys.alt.miniCalendar : visuals.keys.alt.calendar,
                                              ["months": try row.map(spoken).joined(separator: " ")])
            // Made when placed on a page: 38 years of grids are not kept as shapes through layout.
            out.append(.flexibleDrawing(FlexibleDrawing(alternativeText: alt, frame: { width, measurer in
                MonthGrid.rowFrame(row, width: width, measurer: measurer, spaceAfter: gap / 2)
            }) { width, measurer in
                MonthGrid.row(row, perRow: perRow, width: width, measurer: measurer, spaceAfter: gap / 2)
            }))
            if start == 0 { out.append(try legend(grid)) }
            start += perRow
        }
        if grids.isEmpty { out.append(try legend(grid)) }
        return out
    }

    /// One month of the calendar as a sentence a listener can use: its headache days by highest
    /// severity (in miniature: how many of them at severity 4–5, as page 1's table counts them),
    /// its acute-medication days and (with a days file) the headache-free days without daily
    /// context — what the grid draws, counted over the days it draws as in range.
    func spoken(_ g: MonthGrid) throws -> String {
        let v = visuals, a = v.keys.alt, f = v.format
        let title = try f.monthYear(year: g.month.year, month: g.month.month)
        guard let first = g.first else { return try v.book.render(a.monthOutside, ["month": title]) }
        let days = (0..<g.length).map { first.adding(days: $0) }.filter { g.shown?.contains($0) ?? false }
        guard let lo = days.first, let hi = days.last else { return try v.book.render(a.monthOutside, ["month": title]) }
        let month = days.count == g.length ? title : try v.book.render(a.calendarPartialMonth, [
            "month": title, "first": String(lo.components.day), "last": String(hi.components.day),
        ])
        var levels = [Int](repeating: 0, count: 5)
        var acute = 0, untracked = 0
        for date in days {
            let info = g.facts[date]
            let level = Int(info.severity)
            if level > 0 { levels[min(5, level) - 1] += 1 } else if g.tracked && !info.tracked { untracked += 1 }
            if info.acute { acute += 1 }
        }
        let headacheDays = levels.reduce(0, +)
        let headache: String
        if headacheDays == 0 {
            headache = try v.book.render(a.noHeadache, ["month": month])
        } else if mini {
            headache = try v.book.render(a.miniHeadache, ["month": month, "count": String(headacheDays),
                                                          "severe": String(levels[3] + levels[4])])
        } else {
            headache = try v.book.render(a.headache, ["month": month, "count": String(headacheDays), "levels": try (1...5).filter { levels[$0 - 1] > 0 }.map {
                try v.book.render(a.level, ["count": String(levels[$0 - 1]), "severity": f.severity($0)])
            }.joined(separator: f.listSeparator)])
        }
        let acuteText = acute == 0 ? try v.text(a.noAcute) : try v.book.render(a.acute, ["count": String(acute)])
        guard untracked > 0 else { return try v.book.render(a.month, ["headache": headache, "acute": acuteText]) }
        return try v.book.render(a.monthTracked, ["headache": headache, "acute": acuteText,
                                                  "untracked": try v.book.render(a.untracked, ["count": String(untracked)])])
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
        let a = k.alt
        var spokenItems = try (1...5).map { try v.book.render(a.legendDigit, ["digit": g.digits[$0 - 1], "severity": v.format.severity($0)]) }
        spokenItems.append(try v.book.render(a.legendAcute, ["mark": g.acuteMark]))
        if data.days != nil { spokenItems.append(try v.book.render(a.legendHatched, ["text": try v.text(k.legendNotLogged)])) }
        spokenItems.append(try v.text(data.days != nil ? k.legendBlankTracked : k.legendBlank))
        spokenItems.append(try v.book.render(a.legendCrossHatched, ["text": try v.text(k.legendOutside)]))
        var legend = Legend(intro: try v.text(k.legendIntro), items: items, style: g.legend,
                            swatch: v.layout.calendar.legendSwatch, spaceBefore: 2,
                            spaceAfter: v.layout.calendar.rowGap, hatchSpacing: g.hatchSpacing).drawing
        legend.alternativeText = try v.book.render(a.legend, ["intro": try v.text(k.legendIntro),
                                                              "items": spokenItems.joined(separator: v.format.listSeparator)])
        return .flexibleDrawing(legend)
    }
}
