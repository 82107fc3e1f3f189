import Catalog
import Ingest
import Render
import ReportKit

/// The clinical safety section's wording: the flagged list in a clinician's words, the as-of
/// month's acute-medication days and the ICHD-3 class table.
struct SafetyKeys: WordingKeySet {
    let none = WordingKey("clinical.safety.none")
    let flagIntro = WordingKey("clinical.safety.flagIntro")
    let bannerShown = WordingKey("clinical.safety.bannerShown")
    let asOf = WordingKey("clinical.safety.asOf", "date")
    let acuteMonth = WordingKey.plural("clinical.safety.acuteMonth", "count", "month")
    let awareness = WordingKey("clinical.safety.awareness", "threshold")
    let classTitle = WordingKey("clinical.safety.classTitle")
    let classIntro = WordingKey("clinical.safety.classIntro", "date")
    let classColumn = WordingKey("clinical.safety.classColumn")
    let classCell = WordingKey.plural("clinical.safety.classCell", "count")
    let classCellReference = WordingKey("clinical.safety.classCellReference", "days", "reference")
    let noReference = WordingKey("clinical.safety.noReference", "label")
    let otherNames = WordingKey("clinical.safety.otherNames", "label", "names")
    let anchoredOut = WordingKey("clinical.safety.anchoredOut", "date", "days")

    var declaredKeys: [WordingKey] {
        keys(none, flagIntro, bannerShown, asOf, acuteMonth, awareness, classTitle, classIntro,
             classColumn, classCell, classCellReference, noReference, otherNames, anchoredOut)
    }
}

extension ClinicalReport {
    /// Always present: the flagged episodes listed factually, with one line saying the app
    /// showed the patient its safety message (the patient's banner is not reprinted); then, as of
    /// the as-of date, the acute-medication days of its month and the days per ICHD-3 class for
    /// it and the two months before — left out, with a line saying so, when the range ends more
    /// than `asOfBlocksWithinDays` before that date.
    func safetyBlocks(_ c: Content) throws -> [Block] {
        let k = keys.safety, f = c.format, s = summary
        var blocks = [Self.atLevel(try s.safetyHeading(c.base), Level.section)]
        let flags = c.base.safety.flags
        if flags.isEmpty {
            blocks.append(paragraph(try book.render(k.none), c))
        } else {
            blocks.append(subheading(try s.book.render(s.keys.redFlagHeading), c, spaceBefore: 0))
            blocks.append(paragraph(try book.render(k.flagIntro), c, caption: true, introduces: true))
            let rows = try flags.map { flag in
                TableRow([TableCell(try f.date(flag.log.onsetAt.localDate)), TableCell(f.time(flag.log.onsetAt)),
                          TableCell(f.severity(flag.log.severity)), TableCell(try condition(flag))],
                         tag: SummaryTable.rowTag(flag.log))
            }
            blocks.append(.table(table("flagged episodes", columns: [
                TableColumn(.fixed(70)), TableColumn(.fixed(36)), TableColumn(.fixed(86)), TableColumn(.flexible(1)),
            ], header: try HeadacheSummary.SafetyColumn.allCases.map { try s.book.render(s.keys.safetyColumns[$0]) },
               rows: rows, c: c, zebra: false, spaceAfter: 4)))
            if flags.contains(where: { $0.tier == .primary || $0.tier == .secondary }) {
                blocks.append(paragraph(try book.render(k.bannerShown), c))
            }
        }
        let asOfText = try f.date(c.range.asOf)
        guard c.showsAsOfBlocks else {
            blocks.append(paragraph(try book.render(k.anchoredOut, [
                "date": asOfText, "days": String(config.thresholds.clinical.asOfBlocksWithinDays),
            ]), c, caption: true))
            return blocks
        }
        let o = c.insights.medicationOveruse
        let month = try f.monthYear(year: o.month.year, month: o.month.month)
        var anchored = [subheading(try book.render(k.asOf, ["date": asOfText]), c),
                        paragraph(try book.render(k.acuteMonth, ["count": String(o.acuteDays), "month": month]), c, spaceAfter: 2)]
        if o.warning {
            anchored.append(paragraph(try book.render(k.awareness, [
                "threshold": String(config.thresholds.medicationOveruse.acuteDaysWarning),
            ]), c, spaceAfter: 2))
        }
        blocks.append(.keepTogether(anchored))
        if let months = c.insights.acuteDaysByClass.value {
            blocks.append(subheading(try book.render(k.classTitle), c))
            blocks.append(paragraph(try book.render(k.classIntro, ["date": asOfText]), c, caption: true, introduces: true))
            blocks.append(.table(try classTable(months, c)))
        }
        return blocks
    }

    /// The as-of months of the class table as periods: the last one through the as-of date.
    func asOfMonths(_ months: [MonthClassDays], _ c: Content) -> [ReportPeriod] {
        guard let first = months.first?.month, let start = LocalDate(year: first.year, month: first.month, day: 1) else { return [] }
        return ReportPeriod.months(from: start, to: c.range.asOf, data: c.range.data)
    }

    /// One row per class (a class with no reference says so; other acute last, with the names
    /// it holds), one column per month; a cell at or above its reference says so in words; a
    /// month without data shows the no-data mark.
    func classTable(_ months: [MonthClassDays], _ c: Content) throws -> Table {
        let k = keys.safety, f = c.format, p = summary.brand.palette
        let periods = asOfMonths(months, c), none = try book.render(keys.glance.noData)
        var rows: [TableRow] = []
        for (i, first) in (months.first?.classes ?? []).enumerated() {
            var label = first.label
            if first.id == config.medications.otherAcute.id {
                let names = Set(months.flatMap { $0.classes.indices.contains(i) ? $0.classes[i].names : [] }).sorted()
                if !names.isEmpty {
                    label = try book.render(k.otherNames, ["label": first.label, "names": names.joined(separator: f.listSeparator)])
                }
            } else if first.referenceDays == nil {
                label = try book.render(k.noReference, ["label": first.label])
            }
            var cells = [TableCell(label)]
            for (j, m) in months.enumerated() where m.classes.indices.contains(i) {
                // A month without any data says so, never "0 days".
                if periods.indices.contains(j), periods[j].covered == nil { cells.append(TableCell(none)); continue }
                let cls = m.classes[i]
                let days = try book.render(k.classCell, ["count": String(cls.days)])
                if cls.atOrAboveReference, let reference = cls.referenceDays {
                    let note = try book.render(keys.ichdReference, ["days": String(reference)])
                    cells.append(TableCell(try book.render(k.classCellReference, ["days": days, "reference": note]), fill: p.safetyFill))
                } else {
                    cells.append(TableCell(days))
                }
            }
            rows.append(TableRow(cells))
        }
        return table("acute medication days by class",
                     columns: [TableColumn(.fixed(layout.classTable.labelWidth))] + months.map { _ in TableColumn(.flexible(1)) },
                     header: try [book.render(k.classColumn)] + periods.map { try monthLabel($0) },
                     rows: rows, c: c, zebra: false)
    }
}
