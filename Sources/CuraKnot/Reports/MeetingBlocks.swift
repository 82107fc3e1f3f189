import Catalog
import Ingest
import Render
import ReportKit

/// The blocks of the family-meeting PDF: the title block naming whom it is for, one block per
/// symptom (its findings, those first shown on this run marked, its sources once by author and
/// date, as a list), and one appointment question per symptom (a list).
struct MeetingBlocks {
    let presenter: PatternsPresenter
    let book: Phrasebook
    let keys: MeetingWording
    let brand: CuraKnotBrand
    let layout: PatternsLayout
    let format: CareFormat

    var body: TextStyle { brand.style(\.bodyFamily, brand.bodySize, .regular, brand.palette.textPrimary) }
    var strong: TextStyle { brand.style(\.bodyFamily, brand.bodySize, .semibold, brand.palette.textSecondary) }
    var caption: TextStyle { brand.style(\.bodyFamily, brand.captionSize, .regular, brand.palette.caption) }
    var heading: TextStyle { brand.style(\.headingFamily, brand.headingSize, .semibold, brand.palette.textSecondary) }
    var subheading: TextStyle { brand.style(\.headingFamily, brand.bodySize + 1.5, .semibold, brand.palette.textSecondary) }

    func header(_ input: MeetingInput) throws -> [Block] {
        let p = brand.palette
        var blocks: [Block] = [
            .paragraph(Paragraph(try book.render(keys.wordmark),
                                 style: brand.style(\.headingFamily, brand.wordmarkSize, .semibold, p.textSecondary), spaceAfter: 8)),
            .heading(Heading(try book.render(keys.title), style: brand.style(\.headingFamily, brand.titleSize, .bold, p.textSecondary),
                             outlineLevel: nil, spaceAfter: 4)),
        ]
        if let recipient = try format.recipient(input.recipient.isolated) {
            blocks.append(.paragraph(Paragraph(recipient, style: strong, spaceAfter: 2)))
        }
        blocks += [
            .paragraph(Paragraph(try book.render(keys.asOf, ["date": try format.date(input.asOf)]), style: body, spaceAfter: 2)),
            .paragraph(Paragraph(try presenter.disclaimer(), style: caption, spaceBefore: 4)),
            .rule(Rule(height: brand.accentBarHeight, color: p.accentBar, spaceBefore: 8, spaceAfter: 10)),
        ]
        return blocks
    }

    /// "What stood out", then per symptom a heading (an outline entry), its findings and its
    /// sources, kept together on one page when they fit.
    func symptoms(_ input: MeetingInput) throws -> [Block] {
        var blocks: [Block] = [.heading(Heading(try book.render(keys.findingsTitle), style: heading, outlineLevel: 1,
                                                spaceBefore: 2, spaceAfter: 6))]
        let symptomBlocks = SymptomBlock.blocks(input.patient.insights)
        if symptomBlocks.isEmpty {
            blocks.append(.paragraph(Paragraph(try book.render(keys.nothing), style: body, spaceAfter: layout.insightSpacing)))
        }
        let newSince = try book.render(keys.newSinceLastRun)
        let marker = brand.style(\.bodyFamily, brand.captionSize, .semibold, brand.palette.textSecondary)
        for symptom in symptomBlocks {
            var group: [Block] = [.heading(Heading(PatternsPresenter.capitalised(symptom.key), style: subheading, outlineLevel: 2,
                                                   spaceAfter: 3))]
            for insight in symptom.insights {
                let isNew = insight.firstSurfaced == input.asOf
                group.append(.paragraph(Paragraph(try presenter.sentence(insight.finding), style: body,
                                                  spaceAfter: isNew ? 0 : 3, indent: layout.sourceIndent)))
                if isNew {
                    group.append(.paragraph(Paragraph(newSince, style: marker, spaceAfter: 3, indent: layout.sourceIndent)))
                }
            }
            group.append(.paragraph(Paragraph(try book.render(keys.sourcesTitle), style: caption, spaceBefore: 1, spaceAfter: 1,
                                              indent: layout.sourceIndent)))
            let sources = try symptom.sources.map { s in
                let author = try Directory.present(s.authorName) ?? book.render(keys.unnamedAuthor)
                return List.Item(try book.render(keys.source, ["date": try format.date(s.date), "author": author]))
            }
            group.append(.list(List(sources, style: caption, indent: 2 * layout.sourceIndent)))
            group.append(.spacer(layout.insightSpacing))
            blocks.append(.keepTogether(group))
        }
        return blocks
    }

    /// "Questions you may want to ask at the next appointment": one question per symptom, from
    /// the wording of its most telling finding.
    func questions(_ input: MeetingInput) throws -> [Block] {
        var blocks: [Block] = [.heading(Heading(try book.render(keys.questionsTitle), style: heading, outlineLevel: 1,
                                                spaceBefore: 10, spaceAfter: 6))]
        let symptomBlocks = SymptomBlock.blocks(input.patient.insights)
        if symptomBlocks.isEmpty { blocks.append(.paragraph(Paragraph(try book.render(keys.noQuestions), style: body))) }
        let questions = try symptomBlocks.compactMap { symptom in
            try symptom.questionFinding.map { List.Item(try question($0, about: symptom.key)) }
        }
        if !questions.isEmpty {
            blocks.append(.list(List(questions, style: body, itemSpacing: 5, spaceAfter: 5, indent: layout.sourceIndent)))
        }
        return blocks
    }

    /// The appointment question for a finding about `symptom`, naming its canonical keys (a
    /// finding about two symptoms names `symptom` first).
    func question(_ f: Finding, about symptom: String) throws -> String {
        let name = PatternsPresenter.capitalised(symptom)
        switch f.type {
        case .frequency: return try book.render(keys.frequency, ["symptom": name, "count": "\(f.count)"])
        case .trend: return try book.render(keys.trend, ["symptom": symptom, "previous": "\(f.previousCount ?? 0)", "count": "\(f.count)"])
        case .correlation:
            let other = f.symptoms.first { $0 != symptom } ?? symptom
            return try book.render(keys.together, ["first": name, "second": other, "count": "\(f.count)"])
        case .new: return try book.render(keys.new, ["symptom": name, "date": try presenter.dayMonth(f.firstMentioned ?? f.to)])
        case .absence: return try book.render(keys.absence, ["symptom": name])
        }
    }
}
