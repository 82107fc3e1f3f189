import Render
import ReportKit

extension ClinicalReport {
    /// One block per episode, oldest first: a title line kept with the first fields, then a row
    /// per field — its label in a lighter weight and colour, its value beside it so that wrapped lines stay
    /// indented. An episode may continue on the next page between fields (inside a field only
    /// when it is taller than a page: the notes, in full), leaving at least three of them at the
    /// page's foot, its title repeated there with "(continued)".
    /// "Self-reported — not clinically confirmed." once, in the introduction.
    /// Each episode's block is made when the layout reaches it (`Block.made`): 10,000 episodes
    /// would otherwise hold about 17 MB of tables and rows until the whole report is laid out.
    func detailBlocks(_ c: Content) throws -> [Block] {
        var blocks = [try sectionHeading(.details, c)]
        if c.episodes.isEmpty {
            blocks.append(paragraph(try summary.book.render(summary.keys.empty, ["from": c.base.fromText, "to": c.base.toText]), c))
            return blocks
        }
        let k = keys.details
        blocks.append(paragraph(try book.render(k.intro) + " " + (try book.render(k.headacheTypeNote)), c, caption: true, introduces: true))
        let episodes = EpisodeBlocks(report: self, content: c)
        for i in c.episodes.indices { blocks.append(.made { try episodes.block(i) }) }
        return blocks
    }
}

/// What every episode's block of the details section is made from, shared by all of them.
private final class EpisodeBlocks: Sendable {
    let report: ClinicalReport
    let content: ClinicalReport.Content
    let labelStyle: TextStyle
    let valueStyle: TextStyle

    init(report: ClinicalReport, content: ClinicalReport.Content) {
        self.report = report; self.content = content
        let brand = report.summary.brand, p = brand.palette
        labelStyle = brand.style(\.bodyFamily, report.layout.tableTextSize, .regular, p.caption)
        valueStyle = brand.style(\.bodyFamily, report.layout.tableTextSize, .regular, p.textPrimary)
    }

    /// Episode `i`: its title kept with its first fields, then a row per field, continued under
    /// its title with "(continued)" after a page break.
    func block(_ i: Int) throws -> Block {
        let r = report, c = content, log = c.episodes[i], d = r.layout.details
        let title = try r.details.title(log)
        var rows = try r.details.fields(log).map { TableRow([TableCell($0.label), TableCell($0.value)]) }
        if let notes = r.details.notes(log) {
            rows.append(TableRow([TableCell(notes.label), TableCell(notes.lines.joined(separator: "\n"))]))
        }
        var fields = Table(name: "episode details", columns: [TableColumn(.fixed(d.labelWidth), style: labelStyle), TableColumn(.flexible(1))],
                           header: [], rows: rows, headerStyle: valueStyle, bodyStyle: valueStyle,
                           cellPadding: EdgeInsets(horizontal: 2, vertical: d.fieldPadding), minRowHeight: 0,
                           spaceAfter: 2, rowSplitting: .atLineBoundaries, rowHeaderColumns: 1)
        fields.minimumRowsAtBreak = r.layout.minimumRowsAtBreak
        let continued = try r.book.render(r.keys.details.continued, ["title": title])
        return .continued([
            ClinicalReport.atLevel(.heading(Heading(title, style: c.base.subheading, outlineLevel: nil, spaceBefore: d.episodeSpaceBefore,
                                                    spaceAfter: 2)), ClinicalReport.Level.part),
            .table(fields),
        ], continuation: [.paragraph(Paragraph(continued, style: c.base.subheading, spaceAfter: 2))])
    }
}
