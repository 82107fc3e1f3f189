import Catalog
import Ingest
import Render
import ReportKit

/// The blocks of the family-meeting PDF: the title block, each patient's insights with their
/// sources, and the appointment questions.
struct MeetingBlocks {
    let presenter: PatternsPresenter
    let book: Phrasebook
    let keys: MeetingWording
    let brand: CuraKnotBrand
    let layout: PatternsLayout

    var body: TextStyle { brand.style(\.bodyFamily, brand.bodySize, .regular, brand.palette.textPrimary) }
    var strong: TextStyle { brand.style(\.bodyFamily, brand.bodySize, .semibold, brand.palette.textSecondary) }
    var caption: TextStyle { brand.style(\.bodyFamily, brand.captionSize, .regular, brand.palette.caption) }
    var heading: TextStyle { brand.style(\.headingFamily, brand.headingSize, .semibold, brand.palette.textSecondary) }

    func header(_ asOf: LocalDate) throws -> [Block] {
        let p = brand.palette
        return [
            .paragraph(Paragraph(try book.render(keys.wordmark),
                                 style: brand.style(\.headingFamily, brand.wordmarkSize, .semibold, p.textSecondary), spaceAfter: 8)),
            .heading(Heading(try book.render(keys.title), style: brand.style(\.headingFamily, brand.titleSize, .bold, p.textSecondary),
                             outlineLevel: nil, spaceAfter: 4)),
            .paragraph(Paragraph(try book.render(keys.asOf, ["date": asOf.description]), style: body, spaceAfter: 2)),
            .paragraph(Paragraph(try presenter.disclaimer(), style: caption, spaceBefore: 4)),
            .rule(Rule(height: brand.accentBarHeight, color: p.accentBar, spaceBefore: 8, spaceAfter: 10)),
        ]
    }

    /// Per patient an outline heading, then each insight kept together with its sources.
    func patients(_ patients: [PatientPatterns]) throws -> [Block] {
        var blocks: [Block] = []
        for patient in patients {
            blocks.append(.heading(Heading(try book.render(keys.patient, ["patientId": patient.patientId]), style: heading,
                                           outlineLevel: 1, spaceBefore: 6, spaceAfter: 6)))
            if patient.insights.isEmpty {
                blocks.append(.paragraph(Paragraph(try book.render(keys.nothing), style: body, spaceAfter: layout.insightSpacing)))
            }
            for insight in patient.insights {
                var group: [Block] = [
                    .paragraph(Paragraph(try presenter.sentence(insight.finding), style: strong, spaceAfter: 2)),
                    .paragraph(Paragraph(try book.render(keys.firstShown, ["date": insight.firstSurfaced.description]),
                                         style: caption, spaceAfter: 2)),
                    .paragraph(Paragraph(try book.render(keys.sourcesTitle), style: caption, spaceAfter: 1)),
                ]
                for s in insight.finding.sources {
                    group.append(.paragraph(Paragraph(try book.render(keys.source, ["date": s.date.description,
                                                                                    "author": s.authorName ?? s.authorId,
                                                                                    "handoffId": s.id]),
                                                      style: caption, indent: layout.sourceIndent)))
                }
                group.append(.spacer(layout.insightSpacing))
                blocks.append(.keepTogether(group))
            }
        }
        return blocks
    }

    /// "Questions you may want to ask at the next appointment": one question per insight, from
    /// its type's wording, under each patient with insights.
    func questions(_ patients: [PatientPatterns]) throws -> [Block] {
        var blocks: [Block] = [.heading(Heading(try book.render(keys.questionsTitle), style: heading, outlineLevel: 1,
                                                spaceBefore: 10, spaceAfter: 6))]
        let asking = patients.filter { !$0.insights.isEmpty }
        if asking.isEmpty { blocks.append(.paragraph(Paragraph(try book.render(keys.noQuestions), style: body))) }
        for patient in asking {
            var group: [Block] = [.paragraph(Paragraph(try book.render(keys.patient, ["patientId": patient.patientId]),
                                                       style: strong, spaceAfter: 3))]
            for insight in patient.insights {
                group.append(.paragraph(Paragraph("• " + (try question(insight.finding)), style: body, spaceAfter: 3,
                                                  indent: layout.sourceIndent)))
            }
            group.append(.spacer(layout.insightSpacing))
            blocks.append(.keepTogether(group))
        }
        return blocks
    }

    /// The appointment question for a finding, naming its canonical keys.
    func question(_ f: Finding) throws -> String {
        let symptom = PatternsPresenter.capitalised(f.key)
        switch f.type {
        case .frequency: return try book.render(keys.frequency, ["symptom": symptom, "count": "\(f.count)"])
        case .trend: return try book.render(keys.trend, ["symptom": f.key, "previous": "\(f.previousCount ?? 0)", "count": "\(f.count)"])
        case .correlation:
            return try book.render(keys.together, ["first": PatternsPresenter.capitalised(f.symptoms.first ?? ""),
                                                   "second": f.symptoms.last ?? "", "count": "\(f.count)"])
        case .new: return try book.render(keys.new, ["symptom": symptom, "date": try presenter.dayMonth(f.firstMentioned ?? f.to)])
        case .absence: return try book.render(keys.absence, ["symptom": symptom])
        }
    }
}
