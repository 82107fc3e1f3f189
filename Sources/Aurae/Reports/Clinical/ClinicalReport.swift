import Catalog
import Ingest
import Render
import ReportKit

/// The Aurae premium clinical PDF (spec 30-reports.md), written for the clinician: page 1 "At a
/// glance" answers the visit's questions, the sections after it are the evidence — calendar,
/// safety, charts, patterns, medications, episode table and disclaimers by default, the full
/// per-episode record on request.
public struct ClinicalReport: Sendable {
    /// What one document shows: the logs, the daily context and the sections asked for.
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
    struct Keys: WordingKeySet, Sendable {
        let documentTitle = WordingKey("clinical.documentTitle")
        let documentSubject = WordingKey("clinical.documentSubject", "from", "to")
        let title = WordingKey("clinical.title")
        let continuation = WordingKey("clinical.continuation", "from", "to")
        let continuationPatient = WordingKey("clinical.continuationPatient", "name", "from", "to")
        let headings = WordingKeyFamily<Section>("clinical.heading")
        let insightsDisclaimer = WordingKey("disclaimer.insights")
        let medicationRecords = WordingKey("disclaimer.medicationRecords")
        let ichdReference = WordingKey("safety.ichdReference", "days")
        let glance = GlanceKeys()
        let patterns = PatternKeys()
        let medications = MedicationKeys()
        let safety = SafetyKeys()
        let details = DetailKeys()

        var declaredKeys: [WordingKey] {
            keys(documentTitle, documentSubject, title, continuation, continuationPatient, headings,
                 insightsDisclaimer, medicationRecords, ichdReference, glance, patterns, medications,
                 safety, details)
        }
    }

    /// The sections with a heading of the report's own (`clinical.heading.<id>`); safety and
    /// episodes have the summary's.
    enum Section: String, CaseIterable { case glance, calendar, charts, patterns, medications, details, disclaimers }

    /// The section ids `--sections` and the template may name, in the spec's order.
    public static var sectionIds: [String] { sections.ids }
    /// The section that is never left out.
    public static let safetyId = "safety"
    /// Page 1, and the other name it is known by.
    public static let glanceId = "glance"
    public static let glanceAlias = "overview"

    let keys = Keys()
    let book: Phrasebook
    let summary: HeadacheSummary
    let presenter: InsightsPresenter
    let visuals: ClinicalVisuals
    let layout: ClinicalLayout
    let config: InsightsConfig
    let details: EpisodeDetailText
    let headings: [Section: String]

    /// The fonts the report's layout measures: the text's it shares with the summary, the
    /// clinical tables', the page-1 title's and the calendar's and charts' (`ReportJob.fonts`;
    /// `FontPreloadTests` checks the list against the layout).
    var fonts: [FontSpec] {
        let brand = summary.brand
        return summary.textFonts + [brand.font(\.bodyFamily, layout.tableTextSize, .semibold), brand.font(\.bodyFamily, layout.tableTextSize),
                                brand.font(\.headingFamily, layout.glance.titleSize, .bold)] + visuals.fonts
    }

    /// Loads and checks everything the report uses: both layouts, the brand, the insights
    /// wording, the visuals and every clinical wording key.
    public init(templates: TemplateSet, config: InsightsConfig) throws {
        layout = try ClinicalLayout.load(templates)
        guard config.thresholds.factors.pdfTopCount >= 1 else {
            throw CatalogError.wrongType(file: templates.thresholdsFile, key: "factors.pdfTopCount", expected: "at least 1")
        }
        try Self.sections.check(layout.sections, file: templates.reportFile(ClinicalLayout.name), key: "sections")
        self.config = config
        book = try templates.wording.compile(keys)
        summary = try HeadacheSummary(templates: templates, noBreak: true)
        presenter = try InsightsPresenter(templates: templates, config: config)
        visuals = try ClinicalVisuals(templates: templates, brand: summary.brand, config: config)
        details = try EpisodeDetailText(book: book, format: summary.format, config: config)
        headings = try book.texts(of: keys.headings)
    }

    /// The sections to build: the requested list, else the template's; `overview` read as
    /// `glance`, and `safety` right after `glance` (or first) when the list leaves it out.
    public static func sectionList(_ requested: [String]?, default list: [String]) -> [String] {
        var ids: [String] = []
        for id in (requested ?? list).map({ $0 == glanceAlias ? glanceId : $0 }) where !ids.contains(id) { ids.append(id) }
        if !ids.contains(safetyId) {
            ids.insert(safetyId, at: ids.first == glanceId ? 1 : 0)
        }
        return ids
    }

    /// What every section builder of one document gets: the range, its days and the analysis.
    struct Content: Sendable {
        let report: ClinicalReport
        var base: HeadacheSummary.Content
        var input: Input
        let insights: InsightsResult
        let range: RangeComparison
        /// The range's days, and the previous period's when it can be compared.
        let facts: DayFacts
        let previous: PeriodFigures?
        let months: [ReportPeriod]
        let medications: MedicationUseList
        /// Blocks anchored to the as-of date are shown (the range ends at most
        /// `asOfBlocksWithinDays` before it).
        let showsAsOfBlocks: Bool
        var visual: ClinicalVisualData
        var episodes: [HeadacheLog] { base.episodes }
        var format: AuraeFormat { report.summary.format }

        /// The content without the logs, the range's episodes and the daily-context records
        /// (only whether they were given), for what is built after the rest of the document is
        /// laid out (the at-a-glance front matter, which shows figures computed from them): they
        /// are not kept alive through layout.
        var withoutLogs: Content {
            var c = self
            c.input.logs = []; c.base.episodes = []; c.visual.logs = []; c.visual.episodes = []
            if c.input.days != nil { c.input.days = [] }
            if c.visual.days != nil { c.visual.days = [] }
            return c
        }
    }

    /// The clinical sections by the ids of `templates/reports/aurae-clinical.json` and `--sections`.
    static let sections: SectionRegistry<Content> = {
        var r = SectionRegistry<Content>()
        r.register("glance") { c in
            let glance = c.withoutLogs
            return [.frontMatter { pages in try glance.report.glanceBlocks(glance, pages: pages) }]
        }
        r.register("calendar") { c in
            [try c.report.sectionHeading(.calendar, c)] + (try c.report.visuals.calendar(c.visual))
        }
        r.register("safety") { try $0.report.safetyBlocks($0) }
        r.register("charts") { c in
            [try c.report.sectionHeading(.charts, c)] + (try c.report.visuals.charts(c.visual))
        }
        r.register("patterns") { try $0.report.patternBlocks($0) }
        r.register("medications") { try $0.report.medicationBlocks($0) }
        r.register("episodes") { try $0.report.episodeBlocks($0) }
        r.register("details") { try $0.report.detailBlocks($0) }
        r.register("disclaimers") { try $0.report.disclaimerBlocks($0) }
        return r
    }()

    /// The range: `--from`/`--to`, else the last three calendar months through the as-of date.
    /// With `--to` alone: the three calendar months through it.
    static func range(_ options: HeadacheSummary.Options) -> (from: LocalDate, to: LocalDate) {
        let to = options.to ?? options.run.asOf
        return (options.from ?? HeadacheInsights.lastThreeMonths(through: min(to, options.run.asOf)).from, to)
    }

    /// The document for `input`, with the run's analysis (`HeadacheInsights.analyze`, premium,
    /// over the same logs, range, as-of date and daily context).
    public func document(_ input: Input) throws -> (Document, episodes: Int) {
        let options = input.options
        let range = Self.range(options)
        let asOf = options.run.asOf
        let episodes = HeadacheSummary.episodes(input.logs, from: range.from, to: range.to)
        let insights = HeadacheInsights.analyze(
            InsightsRequest(logs: input.logs, days: input.days, asOf: asOf, from: range.from, to: range.to, tier: .premium),
            config: config)
        let comparison = RangeComparison(logs: input.logs, days: input.days, from: range.from, to: range.to, asOf: asOf)
        let facts = DayFacts(logs: input.logs, days: input.days, from: comparison.previousFrom, to: range.to, asOf: asOf, config: config)
        let totals = facts.figures(from: range.from, to: range.to)
        let safety = HeadacheSummary.Safety(flags: Self.flags(insights.redFlags, episodes), overuse: insights.medicationOveruse)
        let base = try summary.content(episodes: episodes, range: range, safety: safety, totals: totals, options: options,
                                       title: try book.render(keys.title))
        let months = ReportPeriod.months(from: range.from, to: range.to, data: comparison.data)
        let showsAsOf = asOf - range.to <= config.thresholds.clinical.asOfBlocksWithinDays
        let content = Content(
            report: self, base: base, input: input, insights: insights, range: comparison, facts: facts,
            previous: comparison.comparable ? facts.figures(from: comparison.previousFrom, to: comparison.previousTo) : nil,
            months: months,
            medications: MedicationUseList(logs: input.logs, from: range.from, to: range.to, asOf: asOf, config: config),
            showsAsOfBlocks: showsAsOf,
            visual: ClinicalVisualData(logs: input.logs, episodes: episodes, days: input.days, from: range.from, to: range.to,
                                       asOf: asOf, insights: insights, facts: facts, data: comparison.data, config: config))
        let list = Self.sectionList(input.sections, default: layout.sections)
        var blocks = try Self.sections.blocks(list, content)
        if list.first != Self.glanceId { blocks = try summary.header(base) + blocks }
        let continuation = try base.shortPatientName.map {
            try book.render(keys.continuationPatient, ["name": $0, "from": base.fromText, "to": base.toText])
        } ?? book.render(keys.continuation, ["from": base.fromText, "to": base.toText])
        var template = try summary.pageTemplate(continuation: continuation, skippedCount: options.skippedCount, caption: base.caption)
        template.balancesLastPage = true
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

    // MARK: - Shared pieces

    /// The structure levels of the report's headings (H1–H3), nested as a reader meets them: the
    /// title (which has no bookmark) H1, each section H2, a section's parts and each episode's
    /// title H3 — the outline's levels, one deeper under the title.
    enum Level {
        static let section = 2, part = 3
    }

    /// `block` as a heading at structure level `level` (a heading another report builds).
    static func atLevel(_ block: Block, _ level: Int) -> Block {
        guard var heading = block.element as? Heading else { return block }
        heading.structureLevel = level
        return .heading(heading)
    }

    /// A section's heading: outline level 1, H2 under the title, kept with what follows.
    func sectionHeading(_ section: Section, _ c: Content) throws -> Block {
        sectionHeading(headings[section] ?? section.rawValue, c)
    }

    func sectionHeading(_ text: String, _ c: Content) -> Block {
        var h = Heading(text, style: c.base.heading, outlineLevel: 1, spaceBefore: layout.sectionSpaceBefore, spaceAfter: 6)
        h.structureLevel = Level.section
        return .heading(h)
    }

    /// A subheading inside a section: outline level 2, H3.
    func subheading(_ text: String, _ c: Content, spaceBefore: Double = 8) -> Block {
        var h = Heading(text, style: c.base.subheading, outlineLevel: 2, spaceBefore: spaceBefore, spaceAfter: 3)
        h.structureLevel = Level.part
        return .heading(h)
    }

    /// A paragraph of the report: body text that keeps two lines on each side of a page break;
    /// kept with what follows when it introduces it (`introduces`).
    func paragraph(_ text: String, _ c: Content, caption: Bool = false, spaceAfter: Double = 4, introduces: Bool = false) -> Block {
        let block = Block.paragraph(Paragraph(text, style: caption ? c.base.caption : c.base.body, spaceAfter: spaceAfter,
                                              lineControl: .widowsAndOrphans))
        return introduces ? .keptWithNext(block) : block
    }

    /// A table in the report's style: text at `tableTextSize`, header repeated, at least
    /// `minimumRowsAtBreak` rows at a page's foot; the first cell of each row labels it (a row
    /// header cell for a screen reader) unless `rowHeaders` says otherwise.
    func table(_ name: String, columns: [TableColumn], header: [String], rows: [TableRow], c: Content,
               zebra: Bool = true, spaceAfter: Double = 6, rowHeaders: Int = 1) -> Table {
        let brand = summary.brand, p = brand.palette
        var t = Table(
            name: name, columns: columns, header: header, rows: rows,
            headerStyle: brand.style(\.bodyFamily, layout.tableTextSize, .semibold, p.tableHeaderText),
            bodyStyle: brand.style(\.bodyFamily, layout.tableTextSize, .regular, p.textPrimary),
            headerFill: p.tableHeaderFill, zebraFill: zebra ? p.zebra : nil,
            cellPadding: EdgeInsets(horizontal: summary.table.padding.left, vertical: layout.tablePaddingY),
            minHeaderHeight: summary.table.headerHeight, minRowHeight: layout.tableRowHeight,
            spaceAfter: spaceAfter, rowSplitting: .atLineBoundaries, rowHeaderColumns: rowHeaders)
        t.minimumRowsAtBreak = layout.minimumRowsAtBreak
        return t
    }

    /// The free summary's episode table at the report's table size, flagged episodes marked.
    func episodeBlocks(_ c: Content) throws -> [Block] {
        var blocks = try summary.episodeBlocks(c.base, textSize: layout.tableTextSize, widths: layout.episodeTable,
                                               paddingY: layout.tablePaddingY, minimumRowsAtBreak: layout.minimumRowsAtBreak,
                                               flagged: Set(c.base.safety.flags.map(\.log.id)))
        if let first = blocks.first { blocks[0] = Self.atLevel(first, Level.section) }
        return blocks
    }

    /// "Jul 2026, 1–15" for a month covered in part, "Jul 2026" for a whole one.
    func monthLabel(_ p: ReportPeriod, short: Bool = true) throws -> String {
        guard case .month(let m) = p.kind else { return try summary.format.date(p.start) }
        let g = keys.glance, f = summary.format
        let month = short ? try f.shortMonthYear(year: m.year, month: m.month) : try f.monthYear(year: m.year, month: m.month)
        guard let covered = p.covered else { return try book.render(g.noDataMonth, ["month": month]) }
        if p.isWhole { return month }
        let first = covered.lowerBound.components.day, last = covered.upperBound.components.day
        return first == last ? try book.render(g.partialMonthOneDay, ["month": month, "day": String(first)])
            : try book.render(g.partialMonth, ["month": month, "first": String(first), "last": String(last)])
    }
}
