import Render
import ReportKit

extension ClinicalReport {
    /// The insights cards a clinician reads in the pattern summary, in display order.
    static let patternCards = ["factors", "weather", "sleep", "dayOfWeek", "timeOfDay", "medications"]

    /// The pattern summary: the trust signal (or the progress state), then each card with the
    /// sentences `report headache insights` prints for it — its progress state under threshold;
    /// the factors card lists the top ones only.
    func patternBlocks(_ c: Content) throws -> [Block] {
        var blocks = [try sectionHeading(keys.patternsHeading, c)]
        var sections = try presenter.sections(c.insights)
        if let factors = c.insights.factors.value, factors.count > topFactors,
           let i = sections.firstIndex(where: { $0.id == "factors" }) {
            let s = sections[i]
            sections[i] = TextSection(id: s.id, heading: s.heading, lines: try presenter.text.factors(Array(factors.prefix(topFactors))))
        }
        for s in sections where s.id == "trustSignal" || s.id == "progress" {
            blocks += s.lines.map { .paragraph(Paragraph($0, style: c.base.body, spaceAfter: 4)) }
        }
        for id in Self.patternCards {
            guard let s = sections.first(where: { $0.id == id }) else { continue }
            var group: [Block] = s.heading.map { [subheading($0, c)] } ?? []
            group += s.lines.map { .paragraph(Paragraph($0, style: c.base.body, spaceAfter: 2)) }
            blocks.append(.keepTogether(group))
        }
        return blocks
    }
}
