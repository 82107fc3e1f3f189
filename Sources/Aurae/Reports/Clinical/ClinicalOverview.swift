import Catalog
import Ingest
import Insights
import Render
import ReportKit

/// The overview's wording: the comparison table, the active-episode note and the data basis.
struct OverviewKeys: WordingKeySet {
    let figureColumn = WordingKey("clinical.overview.figureColumn")
    let periodColumn = WordingKey("clinical.overview.periodColumn", "from", "to")
    let previousColumn = WordingKey("clinical.overview.previousColumn", "days", "from", "to")
    let episodes = WordingKey("clinical.overview.episodes")
    let headacheDays = WordingKey("clinical.overview.headacheDays")
    let meanSeverity = WordingKey("clinical.overview.meanSeverity")
    let medianDuration = WordingKey("clinical.overview.medianDuration")
    let severityValue = WordingKey("clinical.overview.severityValue", "value")
    let hoursValue = WordingKey("clinical.overview.hoursValue", "hours")
    let headacheDaysNote = WordingKey("clinical.overview.headacheDaysNote", "date")
    let active = WordingKey("clinical.overview.active", "date", "count")
    let activeOne = WordingKey("clinical.overview.activeOne", "date")
    let dataBasis = WordingKey("clinical.overview.dataBasis")
    let daysInRange = WordingKey("clinical.overview.daysInRange", "days")
    let daysTracked = WordingKey("clinical.overview.daysTracked", "count", "days")
    let noDaily = WordingKey("clinical.overview.noDaily")
}

extension ClinicalReport {
    /// "Based on your N logged episodes" (N resolved, as the insights' trust signal counts; left
    /// out when there is none), the range compared with the period of the same length
    /// before it, the Last 30 Days figures of the analysis, and the data basis.
    func overviewBlocks(_ c: Content) throws -> [Block] {
        let w = book, k = keys.overview, f = summary.format
        let text = presenter.text
        let brand = summary.brand, p = brand.palette
        let r = c.insights, now = c.periods.current, before = c.periods.previous
        var blocks = [try sectionHeading(keys.overviewHeading, c)]
        if r.resolvedCount > 0 {
            blocks.append(.paragraph(Paragraph(try text.w.render(text.k.trustSignal, ["count": String(r.resolvedCount)]),
                                               style: c.base.body, spaceAfter: 4)))
        }

        func severity(_ v: RoundedNumber?) throws -> String { try v.map { try w.render(k.severityValue, ["value": $0.text]) } ?? f.none }
        func hours(_ v: RoundedNumber?) throws -> String { try v.map { try w.render(k.hoursValue, ["hours": $0.text]) } ?? f.none }
        let rows: [(WordingKey, String, String)] = [
            (k.episodes, String(now.episodes), String(before.episodes)),
            (k.headacheDays, String(now.headacheDays), String(before.headacheDays)),
            (k.meanSeverity, try severity(now.meanSeverity), try severity(before.meanSeverity)),
            (k.medianDuration, try hours(now.medianDurationHours), try hours(before.medianDurationHours)),
        ]
        blocks.append(.table(Table(
            name: "overview",
            columns: [TableColumn(.fixed(layout.overview.figureWidth)), TableColumn(.flexible(1)), TableColumn(.flexible(1))],
            header: [try w.render(k.figureColumn),
                     try w.render(k.periodColumn, ["from": f.date(now.from), "to": f.date(now.to)]),
                     try w.render(k.previousColumn, ["days": String(before.days), "from": f.date(before.from), "to": f.date(before.to)])],
            rows: try rows.map { TableRow([TableCell(try w.render($0.0)), TableCell($0.1), TableCell($0.2)]) },
            headerStyle: brand.style(\.bodyFamily, brand.tableSize, .semibold, p.tableHeaderText),
            bodyStyle: brand.style(\.bodyFamily, brand.tableSize, .regular, p.textPrimary),
            headerFill: p.tableHeaderFill, zebraFill: p.zebra, cellPadding: summary.table.padding,
            minHeaderHeight: summary.table.headerHeight, minRowHeight: layout.overview.rowHeight,
            spaceAfter: 4, rowSplitting: .never)))
        let asOfText = try f.date(r.asOf)
        var notes = [try w.render(k.headacheDaysNote, ["date": asOfText])]
        if r.activeCount == 1 { notes.append(try w.render(k.activeOne, ["date": asOfText])) }
        if r.activeCount > 1 { notes.append(try w.render(k.active, ["date": asOfText, "count": String(r.activeCount)])) }
        blocks += notes.map { .paragraph(Paragraph($0, style: c.base.caption, spaceAfter: 3)) }

        let last30 = try text.frequency(r.frequency)
        var group: [Block] = [subheading(last30.heading ?? "", c)]
        group += last30.lines.map { .paragraph(Paragraph($0, style: c.base.body, spaceAfter: 2)) }
        blocks.append(.keepTogether(group))

        var basis: [Block] = [subheading(try w.render(k.dataBasis), c),
                              .paragraph(Paragraph(try w.render(k.daysInRange, ["days": String(now.days)]), style: c.base.body,
                                                   spaceAfter: 2))]
        if let days = c.input.days {
            let tracked = HeadacheInsights.trackedDays(days, from: now.from, to: now.to)
            basis.append(.paragraph(Paragraph(try w.render(k.daysTracked, ["count": String(tracked), "days": String(now.days)]),
                                              style: c.base.body, spaceAfter: 2)))
        } else {
            basis.append(.paragraph(Paragraph(try w.render(k.noDaily), style: c.base.caption, spaceAfter: 2)))
        }
        blocks.append(.keepTogether(basis))
        return blocks
    }
}
