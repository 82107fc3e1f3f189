import Catalog
import Render
import ReportKit

/// The clinical safety section's own wording: the empty state and the ICHD-3 class table.
struct SafetyKeys: WordingKeySet {
    let none = WordingKey("clinical.safety.none")
    let classColumn = WordingKey("clinical.safety.classColumn")
    let classCell = WordingKey("clinical.safety.classCell", "days")
    let classCellOne = WordingKey("clinical.safety.classCellOne")
    let classCellReference = WordingKey("clinical.safety.classCellReference", "days", "reference")
    let otherNames = WordingKey("clinical.safety.otherNames", "label", "names")
}

extension ClinicalReport {
    /// Always present: the free summary's safety items (or a plain line saying no episode was
    /// flagged), the acute-medication days of the as-of month, and the days per ICHD-3 class for
    /// the last three months.
    func safetyBlocks(_ c: Content) throws -> [Block] {
        let text = presenter.text
        var blocks = [try summary.safetyHeading(c.base)]
        let items = try summary.safetyItems(c.base)
        if c.base.safety.flags.isEmpty {
            blocks.append(.paragraph(Paragraph(try book.render(keys.safety.none), style: c.base.body, spaceAfter: 4)))
        }
        blocks += items
        let o = c.insights.medicationOveruse
        if !o.warning {
            let month = try summary.format.monthYear(year: o.month.year, month: o.month.month)
            blocks.append(.paragraph(Paragraph(try text.w.render(text.k.overuseCount, ["days": String(o.acuteDays), "month": month]),
                                               style: c.base.body, spaceAfter: 4)))
        }
        if let months = c.insights.acuteDaysByClass.value {
            blocks.append(.keepTogether([
                subheading(try text.w.render(text.k.byClassTitle), c),
                .paragraph(Paragraph(try text.w.render(text.k.byClassIntro), style: c.base.caption, spaceAfter: 4)),
                .table(try classTable(months, c)),
            ]))
        }
        return blocks
    }

    /// One row per class (other acute last, with the names it holds), one column per month.
    func classTable(_ months: [MonthClassDays], _ c: Content) throws -> Table {
        let w = book, k = keys.safety, f = summary.format, text = presenter.text
        let brand = summary.brand, p = brand.palette
        var rows: [TableRow] = []
        for (i, first) in (months.first?.classes ?? []).enumerated() {
            var label = first.label
            if first.referenceDays == nil {
                let names = Set(months.flatMap { $0.classes.indices.contains(i) ? $0.classes[i].names : [] }).sorted()
                if !names.isEmpty {
                    label = try w.render(k.otherNames, ["label": first.label, "names": names.joined(separator: f.listSeparator)])
                }
            }
            var cells = [TableCell(label)]
            for m in months where m.classes.indices.contains(i) {
                let cls = m.classes[i]
                if let note = try text.note(cls) {
                    let text = try w.render(k.classCellReference, ["days": String(cls.days), "reference": note])
                    cells.append(TableCell(text, fill: p.safetyFill))
                } else {
                    cells.append(TableCell(cls.days == 1 ? try w.render(k.classCellOne)
                                                         : try w.render(k.classCell, ["days": String(cls.days)])))
                }
            }
            rows.append(TableRow(cells))
        }
        return Table(
            name: "acute medication days by class",
            columns: [TableColumn(.fixed(layout.classTable.labelWidth))] + months.map { _ in TableColumn(.flexible(1)) },
            header: try [w.render(k.classColumn)] + months.map { try f.monthYear(year: $0.month.year, month: $0.month.month) },
            rows: rows,
            headerStyle: brand.style(\.bodyFamily, brand.tableSize, .semibold, p.tableHeaderText),
            bodyStyle: brand.style(\.bodyFamily, brand.tableSize, .regular, p.textPrimary),
            headerFill: p.tableHeaderFill, zebraFill: nil, cellPadding: summary.table.padding,
            minHeaderHeight: summary.table.headerHeight, minRowHeight: layout.classTable.rowHeight,
            spaceAfter: 6, rowSplitting: .atLineBoundaries)
    }
}
