import Render
import ReportKit

extension ClinicalReport {
    /// One block per episode, oldest first: a title line kept with the first field, then each
    /// field as an unsplittable piece, so an episode may continue on the next page between
    /// fields but never inside one. Notes are shown in full; a page break inside a long note leaves at
    /// least two of its lines on each page.
    func detailBlocks(_ c: Content) throws -> [Block] {
        var blocks = [try sectionHeading(keys.detailsHeading, c)]
        if c.episodes.isEmpty {
            blocks.append(.paragraph(Paragraph(try summary.book.render(summary.keys.empty, ["from": c.base.fromText, "to": c.base.toText]),
                                               style: c.base.body, spaceAfter: 6)))
            return blocks
        }
        blocks.append(.paragraph(Paragraph(try book.render(keys.details.intro), style: c.base.caption, spaceAfter: 4)))
        let d = layout.details
        for log in c.episodes {
            blocks.append(.heading(Heading(try details.title(log), style: c.base.subheading, outlineLevel: nil,
                                           spaceBefore: d.episodeSpaceBefore, spaceAfter: 3)))
            for field in try details.fields(log) {
                blocks.append(.keepTogether([.paragraph(Paragraph(try details.line(field), style: c.base.body,
                                                                  spaceAfter: d.fieldSpaceAfter, indent: d.indent))]))
            }
            if let notes = details.notes(log) {
                var lines = notes.lines
                lines[0] = try details.line(.init(label: notes.label, value: lines[0]))
                blocks.append(.keepTogether(lines.map {
                    .paragraph(Paragraph($0, style: c.base.body, spaceAfter: d.fieldSpaceAfter, indent: d.indent,
                                     lineControl: .widowsAndOrphans))
                }))
            }
        }
        return blocks
    }
}
