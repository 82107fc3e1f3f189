import Catalog
import Ingest
import Insights
import Render

// Temporary stub with the signatures of the shared interface; the visuals engineer's file
// replaces it at merge.

/// The data the calendar and the charts draw: the same selection and analysis as the rest of the report.
struct ClinicalVisualData: Sendable {
    /// Episodes with onset date in from...to (and not after asOf), oldest first (ties by id), active ones included.
    var episodes: [HeadacheLog]
    /// The daily-context records given with --days (nil without --days), unfiltered.
    var days: [DayContext]?
    var from: LocalDate
    var to: LocalDate
    var asOf: LocalDate
    /// HeadacheInsights.analyze over the same logs, from, to, asOf, days, tier premium.
    var insights: InsightsResult
    init(episodes: [HeadacheLog], days: [DayContext]?, from: LocalDate, to: LocalDate,
         asOf: LocalDate, insights: InsightsResult) {
        self.episodes = episodes; self.days = days; self.from = from; self.to = to
        self.asOf = asOf; self.insights = insights
    }
}

/// The clinical report's calendar and charts, built once per run from templates.
struct ClinicalVisuals: Sendable {
    let placeholder: TextStyle

    init(templates: TemplateSet, brand: AuraeBrand) throws {
        placeholder = brand.style(\.bodyFamily, brand.bodySize, .regular, brand.palette.caption)
    }

    /// One month grid per month in from...to, plus a legend. No section heading (the report adds it).
    func calendar(_ data: ClinicalVisualData) throws -> [Block] {
        [.paragraph(Paragraph("", style: placeholder, spaceAfter: 6))]
    }

    /// The four charts, each with its own subheading (outline level 2). No section heading.
    func charts(_ data: ClinicalVisualData) throws -> [Block] {
        [.paragraph(Paragraph("", style: placeholder, spaceAfter: 6))]
    }
}
