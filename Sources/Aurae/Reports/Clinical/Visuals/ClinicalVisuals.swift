import Catalog
import Ingest
import Render
import ReportKit

/// The data the calendar and the charts draw: the same selection and analysis as the rest of the report.
struct ClinicalVisualData: Sendable {
    /// Episodes with onset date in from...to (`HeadacheSummary.episodes`), oldest first (ties by id), active ones
    /// included. `to` is the as-of date or before it, except when `--to` is given without `--as-of`.
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
    /// Every wording key the calendar and the charts render.
    struct Keys: WordingKeySet {
        let format = AuraeFormat.Keys()
        let progress = WordingKey("patterns.progress")
        let frequencyHeading = WordingKey("chart.frequencyHeading")
        let severityHeading = WordingKey("chart.severityHeading")
        let medicationHeading = WordingKey("chart.medicationHeading")
        let cycleHeading = WordingKey("chart.cycleHeading")
        let noData = WordingKey("chart.noData")
        let episodesAxis = WordingKey("chart.episodesAxis")
        let monthAxis = WordingKey("chart.monthAxis")
        let weekAxis = WordingKey("chart.weekAxis")
        let weekLabel = WordingKey("chart.weekLabel", "week")
        let trend = WordingKey("chart.trend")
        let trendCaption = WordingKey("chart.trendCaption", "slope", "period")
        let periodMonth = WordingKey("chart.periodMonth")
        let periodWeek = WordingKey("chart.periodWeek")
        let severityAxis = WordingKey("chart.severityAxis")
        let medicationAxis = WordingKey("chart.medicationAxis")
        let medicationCategory = WordingKey("chart.medicationCategory")
        let ratingValue = WordingKey("chart.ratingValue", "mean", "count")
        let phaseAxis = WordingKey("chart.phaseAxis")
        let phase = WordingKeyFamily<CyclePhase>("chart.phase")
        let phaseLetter = WordingKeyFamily<CyclePhase>("chart.phaseLetter")
        let legendPhase = WordingKey("chart.legendPhase", "letter", "phase")
        let timelineTitle = WordingKey("chart.timelineTitle")
        let timelineEpisode = WordingKey("chart.timelineEpisode")
        let timelineUnlogged = WordingKey("chart.timelineUnlogged")
        let weekday = WordingKeyFamily<Int>("calendar.weekday", 1...7)
        let letter = WordingKeyFamily<Int>("calendar.letter", 1...5)
        let legendSeverity = WordingKey("calendar.legendSeverity", "letter", "severity")
        let acuteMark = WordingKey("calendar.acuteMark")
        let legendAcute = WordingKey("calendar.legendAcute")
        let legendOutside = WordingKey("calendar.legendOutside")
        let legendIntro = WordingKey("calendar.legendIntro")
    }

    let keys = Keys()
    let book: Phrasebook
    let brand: AuraeBrand
    let format: AuraeFormat
    let layout: VisualsLayout
    let config: InsightsConfig

    init(templates: TemplateSet, brand: AuraeBrand) throws {
        book = try templates.wording.compile(keys)
        self.brand = brand
        format = try AuraeFormat(book)
        layout = try VisualsLayout(templates: templates)
        config = try InsightsConfig(templates: templates)
    }

    /// A wording key without placeholders.
    func text(_ key: WordingKey) throws -> String { try book.render(key) }

    /// One month grid per month in from...to, plus a legend. No section heading (the report adds it).
    func calendar(_ data: ClinicalVisualData) throws -> [Block] {
        try CalendarBuilder(visuals: self, data: data).blocks()
    }

    /// The four charts, each with its own subheading (outline level 2). No section heading.
    func charts(_ data: ClinicalVisualData) throws -> [Block] {
        try ChartsBuilder(visuals: self, data: data).blocks()
    }

    // MARK: - Styles

    func style(_ size: Double, _ weight: FontWeight = .regular, _ color: Color? = nil) -> TextStyle {
        brand.style(\.bodyFamily, size, weight, color ?? brand.palette.textPrimary)
    }

    /// The bar chart style at the layout's sizes.
    var chartStyle: Chart.Style {
        let c = layout.charts, v = brand.visuals
        return Chart.Style(label: style(c.labelSize, .regular, brand.palette.caption),
                           value: style(c.valueSize, .semibold), title: style(c.titleSize, .medium, brand.palette.caption),
                           empty: style(brand.bodySize, .regular, brand.palette.caption), bar: v.chartBar, background: v.chartBackground,
                           axis: v.chartAxis, grid: v.chartGrid, trend: v.chartTrend, trendWidth: c.trendWidth,
                           plotHeight: c.plotHeight, barThickness: c.barThickness, emptyHeight: c.emptyHeight)
    }

    /// A level-2 heading over one chart.
    func subheading(_ key: WordingKey) throws -> Block {
        let c = layout.charts
        return .heading(Heading(try text(key), style: brand.style(\.headingFamily, c.subheadingSize, .semibold,
                                                                  brand.palette.textSecondary),
                                outlineLevel: 2, spaceBefore: c.subheadingSpaceBefore, spaceAfter: c.subheadingSpaceAfter))
    }

    /// A caption paragraph (progress states, trend sentences).
    func caption(_ s: String) -> Block {
        .paragraph(Paragraph(s, style: style(brand.captionSize, .regular, brand.palette.caption),
                             spaceAfter: layout.charts.spaceAfter, lineControl: .widowsAndOrphans))
    }
}
