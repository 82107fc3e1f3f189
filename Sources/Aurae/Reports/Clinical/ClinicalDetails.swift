import Render
import ReportKit

extension ClinicalReport {
    /// One block per episode, oldest first: a title line kept with the first fields, then a row
    /// per field — its label in a lighter weight and colour, its value beside it so that wrapped lines stay
    /// indented. An episode may continue on the next page between fields (inside a field only
    /// when it is taller than a page: the notes, in full), leaving at least three of them at the
    /// page's foot, its title repeated there with "(continued)".
    /// "Self-reported — not clinically confirmed." once, in the introduction.
    func detailBlocks(_ c: Content) throws -> [Block] {
        var blocks = [try sectionHeading(.details, c)]
        if c.episodes.isEmpty {
            blocks.append(paragraph(try summary.book.render(summary.keys.empty, ["from": c.base.fromText, "to": c.base.toText]), c))
            return blocks
        }
        let k = keys.details
        blocks.append(paragraph(try book.render(k.intro) + " " + (try book.render(k.headacheTypeNote)), c, caption: true, introduces: true))
        let d = layout.details, brand = summary.brand, p = brand.palette
        let labelStyle = brand.style(\.bodyFamily, layout.tableTextSize, .regular, p.caption)
        let valueStyle = brand.style(\.bodyFamily, layout.tableTextSize, .regular, p.textPrimary)
        for log in c.episodes {
            let title = try details.title(log)
            var rows = try details.fields(log).map { TableRow([TableCell($0.label, style: labelStyle), TableCell($0.value)]) }
            if let notes = details.notes(log) {
                rows.append(TableRow([TableCell(notes.label, style: labelStyle), TableCell(notes.lines.joined(separator: "\n"))]))
            }
            var fields = Table(name: "episode details", columns: [TableColumn(.fixed(d.labelWidth)), TableColumn(.flexible(1))],
                               header: [], rows: rows, headerStyle: valueStyle, bodyStyle: valueStyle,
                               cellPadding: EdgeInsets(horizontal: 2, vertical: d.fieldPadding), minRowHeight: 0,
                               spaceAfter: 2, rowSplitting: .atLineBoundaries)
            fields.minimumRowsAtBreak = layout.minimumRowsAtBreak
            let continued = try book.render(k.continued, ["title": title])
            blocks.append(.continued([
                Self.atLevel(.heading(Heading(title, style: c.base.subheading, outlineLevel: nil, spaceBefore: d.episodeSpaceBefore,
                                              spaceAfter: 2)), Level.part),
                .table(fields),
            ], continuation: [.paragraph(Paragraph(continued, style: c.base.subheading, spaceAfter: 2))]))
        }
        return blocks
    }
}
