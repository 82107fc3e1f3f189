import Catalog
import Render
import ReportKit

/// The medications section's wording.
struct MedicationKeys: WordingKeySet {
    let intro = WordingKey("clinical.medications.intro")
    let ratingsTitle = WordingKey("clinical.medications.ratingsTitle")
    let ratingsAxis = WordingKey("clinical.medications.ratingsAxis")
    let ratingsCategory = WordingKey("clinical.medications.ratingsCategory")
    let ratingValue = WordingKey.plural("clinical.medications.ratingValue", "mean", "count")
    let tooFew = WordingKey.plural("clinical.medications.tooFew", "mean", "count")
    let noRatings = WordingKey("clinical.medications.noRatings")
    let preventiveTitle = WordingKey("clinical.medications.preventiveTitle")
    let preventiveNote = WordingKey("clinical.medications.preventiveNote")
    let preventiveNone = WordingKey("clinical.medications.preventiveNone")

    var declaredKeys: [WordingKey] {
        keys(intro, ratingsTitle, ratingsAxis, ratingsCategory, ratingValue, tooFew, noRatings,
             preventiveTitle, preventiveNote, preventiveNone)
    }
}

extension ClinicalReport {
    /// Every acute medication of the range, most days first, with its classes, days, ratings,
    /// mean relief and median time to resolution; the relief ratings as bars (a medication with
    /// fewer than `minRatingsForBar` ratings is listed with its numbers but drawn as no bar);
    /// the preventive or daily medications with their days only.
    func medicationBlocks(_ c: Content) throws -> [Block] {
        let k = keys.medications
        var blocks = [try sectionHeading(.medications, c)]
        blocks.append(paragraph(try book.render(k.intro), c, caption: true, introduces: true))
        blocks += try medicationTable(c, limit: nil, preventives: nil, pages: .unknown)

        if c.insights.status == .ready, !c.medications.acute.isEmpty {
            blocks.append(subheading(try book.render(k.ratingsTitle), c))
            let least = config.thresholds.clinical.minRatingsForBar
            let bars = try c.medications.acute.compactMap { use -> Chart.Bar? in
                guard let mean = use.meanRating else { return nil }
                let drawn = use.ratings >= least
                return Chart.Bar(label: use.name, value: drawn ? mean.value : 0,
                                 valueText: try book.render(drawn ? k.ratingValue : k.tooFew, ["mean": mean.text, "count": String(use.ratings)]))
            }
            if bars.isEmpty {
                blocks.append(paragraph(try book.render(k.noRatings), c))
            } else {
                blocks.append(.chart(Chart(orientation: .horizontal, bars: bars, valueAxisTitle: try book.render(k.ratingsAxis),
                                           categoryAxisTitle: try book.render(k.ratingsCategory),
                                           emptyMessage: try book.render(k.noRatings), valueAxisMinimumTop: 5,
                                           style: visuals.chartStyle, spaceAfter: 6,
                                           alternativeText: try visuals.book.render(visuals.keys.alt.ratings, [
                                               "bars": visuals.spokenBars(bars.map { ($0.label, $0.valueText) }),
                                           ]))))
            }
        }

        blocks.append(subheading(try book.render(k.preventiveTitle), c))
        let preventive = c.medications.preventive
        if preventive.isEmpty {
            blocks.append(paragraph(try book.render(k.preventiveNone), c))
        } else {
            blocks.append(paragraph(try book.render(k.preventiveNote), c, caption: true, introduces: true))
            let g = keys.glance
            let names = try book.texts(of: g.medicationColumns)
            blocks.append(.table(table("preventive medication", columns: [
                TableColumn(.fixed(layout.medicationTable.nameWidth)), TableColumn(.fixed(layout.medicationTable.numberWidth), alignment: .trailing),
                TableColumn(.flexible(1), filler: true),
            ], header: [names[.medication] ?? "", names[.days] ?? "", ""],
               rows: preventive.map { TableRow([TableCell($0.name), TableCell(String($0.days)), TableCell("")]) }, c: c)))
        }
        return blocks
    }
}
