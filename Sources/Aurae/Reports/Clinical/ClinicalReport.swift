import Catalog
import Ingest
import Render
import ReportKit

/// The Aurae premium clinical PDF (spec 30-reports.md): the summary's header and footer, then the
/// sections a clinic asked for — overview, calendar, safety, charts, pattern summary, episode
/// table, episode details and disclaimers by default.
public struct ClinicalReport {
    /// What one document shows: the range, its episodes, the analysis of the same logs, and the
    /// safety items.
    public struct Input: Sendable {
        public var logs: [HeadacheLog]
        public var days: [DayContext]?
        /// The sections in order (`nil`: the template's default list).
        public var sections: [String]?
        public var options: HeadacheSummary.Options
        public init(logs: [HeadacheLog], days: [DayContext]?, sections: [String]?, options: HeadacheSummary.Options) {
            self.logs = logs; self.days = days; self.sections = sections; self.options = options
        }
    }

    /// Every wording key the clinical sections render besides the summary's and the insights'.
    struct Keys: WordingKeySet {
        let documentTitle = WordingKey("clinical.documentTitle")
        let documentSubject = WordingKey("clinical.documentSubject", "from", "to")
        let title = WordingKey("clinical.title")
        let continuation = WordingKey("clinical.continuation", "from", "to")
        let overviewHeading = WordingKey("clinical.heading.overview")
        let calendarHeading = WordingKey("clinical.heading.calendar")
        let chartsHeading = WordingKey("clinical.heading.charts")
        let patternsHeading = WordingKey("clinical.heading.patterns")
        let detailsHeading = WordingKey("clinical.heading.details")
        let disclaimersHeading = WordingKey("clinical.heading.disclaimers")
        let insightsDisclaimer = WordingKey("disclaimer.insights")
        let medicationRecords = WordingKey("disclaimer.medicationRecords")
        let overview = OverviewKeys()
        let safety = SafetyKeys()
        let details = DetailKeys()
    }

    /// The section ids `--sections` and the template may name, in the spec's order.
    public static var sectionIds: [String] { sections.ids }
    /// The section that is never left out.
    public static let safetyId = "safety"

    let keys = Keys()
    let book: Phrasebook
    let summary: HeadacheSummary
    let presenter: InsightsPresenter
    let visuals: ClinicalVisuals
    let layout: ClinicalLayout
    /// Factors the pattern summary lists (the PDF shows the top ones; JSON lists all).
    let topFactors: Int
    let config: InsightsConfig
    let details: EpisodeDetailText

    /// Loads and checks everything the report uses: both layouts, the brand, the insights
    /// wording, the visuals and every clinical wording key.
    public init(templates: TemplateSet, config: InsightsConfig) throws {
        (layout, topFactors) = try ClinicalLayout.load(templates, thresholds: config.thresholds)
        try Self.sections.check(layout.sections, file: templates.reportFile(ClinicalLayout.name), key: "sections")
        self.config = config
        book = try templates.wording.compile(keys)
        summary = try HeadacheSummary(templates: templates)
        presenter = try InsightsPresenter(templates: templates, config: config)
        visuals = try ClinicalVisuals(templates: templates, brand: summary.brand)
        details = try EpisodeDetailText(book: book, format: summary.format, config: config)
    }

    /// The sections to build: the requested list, else the template's; with `safety` first after
    /// `overview` (or first) when that list leaves it out.
    public static func sectionList(_ requested: [String]?, default list: [String]) -> [String] {
        var ids = requested ?? list
        if !ids.contains(safetyId) {
            ids.insert(safetyId, at: ids.first == "overview" ? 1 : 0)
        }
        return ids
    }

    /// What every section builder of one document gets.
    struct Content {
        let report: ClinicalReport
        let base: HeadacheSummary.Content
        let input: Input
        let insights: InsightsResult
        let periods: PeriodComparison
        let visual: ClinicalVisualData
        var episodes: [HeadacheLog] { base.episodes }
    }

    /// The clinical sections by the ids of `templates/reports/aurae-clinical.json` and `--sections`.
    static let sections: SectionRegistry<Content> = {
        var r = SectionRegistry<Content>()
        r.register("overview") { try $0.report.overviewBlocks($0) }
        r.register("calendar") { c in
            [try c.report.sectionHeading(c.report.keys.calendarHeading, c)] + (try c.report.visuals.calendar(c.visual))
        }
        r.register("safety") { try $0.report.safetyBlocks($0) }
        r.register("charts") { c in
            [try c.report.sectionHeading(c.report.keys.chartsHeading, c)] + (try c.report.visuals.charts(c.visual))
        }
        r.register("patterns") { try $0.report.patternBlocks($0) }
        r.register("episodes") { try $0.report.summary.episodeBlocks($0.base) }
        r.register("details") { try $0.report.detailBlocks($0) }
        r.register("disclaimers") { try $0.report.disclaimerBlocks($0) }
        return r
    }()

    /// The document for `input`, with the run's analysis (`HeadacheInsights.analyze`, premium,
    /// over the same logs, range, as-of date and daily context).
    public func document(_ input: Input) throws -> (Document, episodes: Int) {
        let options = input.options
        let range = HeadacheSummary.range(input.logs, options: options)
        let asOf = options.run.asOf
        let episodes = HeadacheSummary.episodes(input.logs, from: range.from, to: range.to)
        let insights = HeadacheInsights.analyze(
            InsightsRequest(logs: input.logs, days: input.days, asOf: asOf, from: range.from, to: range.to, tier: .premium),
            config: config)
        let safety = HeadacheSummary.Safety(flags: Self.flags(insights.redFlags, episodes), overuse: insights.medicationOveruse)
        let base = try summary.content(episodes: episodes, range: range, safety: safety, options: options,
                                   title: try book.render(keys.title), titleOutlineLevel: nil)
        let content = Content(
            report: self, base: base, input: input, insights: insights,
            periods: HeadacheInsights.periodComparison(input.logs, from: range.from, to: range.to, asOf: asOf),
            visual: ClinicalVisualData(episodes: episodes, days: input.days, from: range.from, to: range.to,
                                       asOf: asOf, insights: insights))
        let list = Self.sectionList(input.sections, default: layout.sections)
        let blocks = try summary.header(base) + Self.sections.blocks(list, content)
        let template = try summary.pageTemplate(
            continuation: try book.render(keys.continuation, ["from": base.fromText, "to": base.toText]),
            skippedCount: options.skippedCount, caption: base.caption)
        let metadata = DocumentMetadata(
            title: try book.render(keys.documentTitle),
            subject: try book.render(keys.documentSubject, ["from": range.from.description, "to": range.to.description]),
            author: try summary.book.render(summary.keys.appName),
            creator: options.run.creator,
            creationDate: options.run.generatedAt)
        return (Document(metadata: metadata, template: template, blocks: blocks), episodes.count)
    }

    /// The flagged episodes of the analysis, with their logs, in the analysis's order.
    static func flags(_ redFlags: [RedFlag], _ episodes: [HeadacheLog]) -> [HeadacheSummary.Flag] {
        let byId = Dictionary(episodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return redFlags.compactMap { flag in byId[flag.logId].map { HeadacheSummary.Flag(log: $0, tier: flag.tier) } }
    }

    /// A section's heading: outline level 1, kept with what follows.
    func sectionHeading(_ key: WordingKey, _ c: Content) throws -> Block {
        .heading(Heading(try book.render(key), style: c.base.heading, outlineLevel: 1,
                         spaceBefore: layout.sectionSpaceBefore, spaceAfter: 6))
    }

    /// A subheading inside a section: outline level 2.
    func subheading(_ text: String, _ c: Content) -> Block {
        .heading(Heading(text, style: c.base.subheading, outlineLevel: 2, spaceBefore: 6, spaceAfter: 3))
    }
}
