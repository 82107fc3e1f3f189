import Catalog
import Ingest
import Render
import ReportKit

/// The data the calendar and the charts draw: the same selection, days and analysis as the rest
/// of the report.
struct ClinicalVisualData: Sendable {
    /// Every log (acute days, headache days and cycle starts count over all of them).
    var logs: [HeadacheLog]
    /// Episodes with onset date in from...to (`HeadacheSummary.episodes`), oldest first.
    var episodes: [HeadacheLog]
    /// The daily-context records given with --days (nil without --days), unfiltered.
    var days: [DayContext]?
    var from: LocalDate
    var to: LocalDate
    var asOf: LocalDate
    /// HeadacheInsights.analyze over the same logs, from, to, asOf, days, tier premium.
    var insights: InsightsResult
    /// The days of the range (and the period before it).
    var facts: DayFacts
    /// The days with data: the first logged data through the as-of date.
    var data: ClosedRange<LocalDate>?
    /// The acute-medication days per ICHD-3 class for each calendar month of the range.
    var classMonths: [MonthClassDays]

    init(logs: [HeadacheLog], episodes: [HeadacheLog], days: [DayContext]?, from: LocalDate, to: LocalDate,
         asOf: LocalDate, insights: InsightsResult, facts: DayFacts, data: ClosedRange<LocalDate>?, config: InsightsConfig) {
        self.logs = logs; self.episodes = episodes; self.days = days; self.from = from; self.to = to
        self.asOf = asOf; self.insights = insights; self.facts = facts; self.data = data
        let months = ReportPeriod.months(from: from, to: to, data: data).compactMap { p -> YearMonth? in
            if case .month(let m) = p.kind { return m } else { return nil }
        }
        var acute = AcuteMedicationDays(from: from, through: min(to, asOf), config: config)
        acute.add(logs, config: config)
        classMonths = acute.classMonths(months, through: min(to, asOf), config: config)
    }

    /// The data of a range drawn on its own (the report builds it from what it computed for its
    /// other sections): the premium analysis, the days of the range and where it has data.
    static func of(_ logs: [HeadacheLog], days: [DayContext]?, from: LocalDate, to: LocalDate, asOf: LocalDate,
                   config: InsightsConfig) -> ClinicalVisualData {
        let insights = HeadacheInsights.analyze(InsightsRequest(logs: logs, days: days, asOf: asOf, from: from, to: to, tier: .premium),
                                                config: config)
        let range = RangeComparison(logs: logs, days: days, from: from, to: to, asOf: asOf)
        return ClinicalVisualData(logs: logs, episodes: HeadacheSummary.episodes(logs, from: from, to: to), days: days,
                                  from: from, to: to, asOf: asOf, insights: insights,
                                  facts: DayFacts(logs: logs, days: days, from: from, to: to, asOf: asOf, config: config),
                                  data: range.data, config: config)
    }

    /// The months of the range, each covered where the range meets the data.
    var months: [ReportPeriod] { ReportPeriod.months(from: from, to: to, data: data) }
}

/// The clinical report's calendar and charts, built once per run from templates.
struct ClinicalVisuals: Sendable {
    /// Every wording key the calendar and the charts render.
    struct Keys: WordingKeySet {
        let format = AuraeFormat.Keys(noBreak: true)
        let noData = WordingKey("chart.noData")
        let headacheDaysMonthHeading = WordingKey("chart.headacheDaysMonthHeading")
        let headacheDaysWeekHeading = WordingKey("chart.headacheDaysWeekHeading")
        let headacheDaysAxis = WordingKey("chart.headacheDaysAxis")
        let monthAxis = WordingKey("chart.monthAxis")
        let weekAxis = WordingKey("chart.weekAxis")
        let partialMonthLabel = WordingKey("chart.partialMonthLabel", "month", "first", "last")
        let partialMonthLabelOneDay = WordingKey("chart.partialMonthLabelOneDay", "month", "day")
        let weekLabel = WordingKey("chart.weekLabel", "day", "month")
        let trend = WordingKey("chart.trend")
        let trendMonth = WordingKey("chart.trendMonth", "slope")
        let trendWeek = WordingKey("chart.trendWeek", "slope")
        let partialCaption = WordingKey("chart.partialCaption")
        let partialCaptionWeek = WordingKey("chart.partialCaptionWeek")
        let severityHeading = WordingKey("chart.severityHeading")
        let episodesAxis = WordingKey("chart.episodesAxis")
        let severityAxis = WordingKey("chart.severityAxis")
        let classHeading = WordingKey("chart.classHeading")
        let classAxis = WordingKey("chart.classAxis", "label")
        let reference = WordingKey("chart.reference", "days")
        let noAcute = WordingKey("chart.noAcute")
        let cycleHeading = WordingKey("chart.cycleHeading")
        let cycleAxis = WordingKey("chart.cycleAxis")
        let cycleDayAxis = WordingKey("chart.cycleDayAxis")
        let cycleBefore = WordingKey("chart.cycleBefore", "day")
        /// A negative number with a real minus sign ("−0.69"), as the cycle labels write theirs.
        let negative = WordingKey("chart.negative", "value")
        let cycleAfter = WordingKey("chart.cycleAfter", "day")
        let cycleZero = WordingKey("chart.cycleZero")
        let cycleCount = WordingKey("chart.cycleCount", "cycles", "nearFrom", "nearTo", "count")
        let cycleNoStarts = WordingKey("chart.cycleNoStarts")
        let cycleNoDays = WordingKey("chart.cycleNoDays")
        let weekday = WordingKeyFamily<Int>("calendar.weekday", 1...7)
        let digit = WordingKeyFamily<Int>("calendar.digit", 1...5)
        let legendIntro = WordingKey("calendar.legendIntro")
        let legendSeverity = WordingKey("calendar.legendSeverity", "severity")
        let acuteMark = WordingKey("calendar.acuteMark")
        let legendAcute = WordingKey("calendar.legendAcute")
        let legendNotLogged = WordingKey("calendar.legendNotLogged")
        let legendBlankTracked = WordingKey("calendar.legendBlankTracked")
        let legendBlank = WordingKey("calendar.legendBlank")
        let legendOutside = WordingKey("calendar.legendOutside")
        /// The figures' alternative text, made from the numbers they draw.
        let alt = AltKeys()

        var declaredKeys: [WordingKey] {
            keys(format, noData, headacheDaysMonthHeading, headacheDaysWeekHeading, headacheDaysAxis,
                 monthAxis, weekAxis, partialMonthLabel, partialMonthLabelOneDay, weekLabel, trend,
                 trendMonth, trendWeek, partialCaption, partialCaptionWeek, severityHeading,
                 episodesAxis, severityAxis, classHeading, classAxis, reference, noAcute, cycleHeading,
                 cycleAxis, cycleDayAxis, cycleBefore, negative, cycleAfter, cycleZero, cycleCount,
                 cycleNoStarts, cycleNoDays, weekday, digit, legendIntro, legendSeverity, acuteMark,
                 legendAcute, legendNotLogged, legendBlankTracked, legendBlank, legendOutside, alt)
        }
    }

    /// The words a listener hears for each chart and calendar (a figure's `/Alt`).
    struct AltKeys: WordingKeySet {
        let item = WordingKey("chart.alt.item", "label", "value")
        let noData = WordingKey("chart.alt.noData", "label")
        let partialMonth = WordingKey("chart.alt.partialMonth", "month", "first", "last")
        let partialMonthOneDay = WordingKey("chart.alt.partialMonthOneDay", "month", "day")
        let week = WordingKey("chart.alt.week", "day", "month")
        let partialWeek = WordingKey("chart.alt.partialWeek", "day", "month", "from", "to")
        let partialWeekOneDay = WordingKey("chart.alt.partialWeekOneDay", "day", "month", "date")
        let headacheDaysMonth = WordingKey("chart.alt.headacheDaysMonth", "bars")
        let headacheDaysWeek = WordingKey("chart.alt.headacheDaysWeek", "bars")
        /// By direction (rising, falling, flat), for months and for weeks.
        let trendMonth = [WordingKey("chart.alt.trendRising", "slope"), WordingKey("chart.alt.trendFalling", "slope"),
                          WordingKey("chart.alt.trendFlat", "slope")]
        let trendWeek = [WordingKey("chart.alt.trendWeekRising", "slope"), WordingKey("chart.alt.trendWeekFalling", "slope"),
                         WordingKey("chart.alt.trendWeekFlat", "slope")]
        let severity = WordingKey("chart.alt.severity", "bars")
        let classDays = WordingKey("chart.alt.classDays", "label", "bars")
        let reference = WordingKey.plural("chart.alt.reference", "days", "count", "months", by: "months")
        let referenceNotReached = WordingKey("chart.alt.referenceNotReached", "days")
        let cycle = WordingKey("chart.alt.cycle", "bars")
        let cycleDay = WordingKey("chart.alt.cycleDay", "day")
        let ratings = WordingKey("chart.alt.ratings", "bars")
        let calendar = WordingKey("calendar.alt.calendar", "months")
        /// Page 1's calendar in miniature: each month's headache days with those at severity
        /// 4–5 rather than each severity (the calendar section reads those).
        let miniCalendar = WordingKey("calendar.alt.miniCalendar", "months")
        let miniHeadache = WordingKey.plural("calendar.alt.miniHeadache", "month", "count", "severe")
        let month = WordingKey("calendar.alt.month", "headache", "acute")
        let monthTracked = WordingKey("calendar.alt.monthTracked", "headache", "acute", "untracked")
        let monthOutside = WordingKey("calendar.alt.monthOutside", "month")
        let calendarPartialMonth = WordingKey("calendar.alt.partialMonth", "month", "first", "last")
        let headache = WordingKey.plural("calendar.alt.headache", "month", "count", "levels")
        let noHeadache = WordingKey("calendar.alt.noHeadache", "month")
        let level = WordingKey("calendar.alt.level", "count", "severity")
        let acute = WordingKey.plural("calendar.alt.acute", "count")
        let noAcute = WordingKey("calendar.alt.noAcute")
        let untracked = WordingKey.plural("calendar.alt.untracked", "count")
        let legend = WordingKey("calendar.alt.legend", "intro", "items")
        let legendDigit = WordingKey("calendar.alt.legendDigit", "digit", "severity")
        let legendAcute = WordingKey("calendar.alt.legendAcute", "mark")
        let legendHatched = WordingKey("calendar.alt.legendHatched", "text")
        let legendCrossHatched = WordingKey("calendar.alt.legendCrossHatched", "text")

        var declaredKeys: [WordingKey] {
            keys(item, noData, partialMonth, partialMonthOneDay, week, partialWeek, partialWeekOneDay,
                 headacheDaysMonth, headacheDaysWeek, trendMonth, trendWeek, severity, classDays,
                 reference, referenceNotReached, cycle, cycleDay, ratings, calendar, miniCalendar,
                 miniHeadache, month, monthTracked, monthOutside, calendarPartialMonth, headache,
                 noHeadache, level, acute, noAcute, untracked, legend, legendDigit, legendAcute,
                 legendHatched, legendCrossHatched)
        }
    }

    let keys = Keys()
    let book: Phrasebook
    let brand: AuraeBrand
    let format: AuraeFormat
    let layout: VisualsLayout
    let config: InsightsConfig

    init(templates: TemplateSet, brand: AuraeBrand, config: InsightsConfig) throws {
        book = try templates.wording.compile(keys)
        self.brand = brand
        format = try AuraeFormat(book, noBreak: true)
        layout = try VisualsLayout(templates: templates)
        self.config = config
    }

    /// A wording key without placeholders.
    func text(_ key: WordingKey) throws -> String { try book.render(key) }

    /// A chart's bars as a listener hears them in its alternative text: "label: value", in
    /// order (a `nil` value is a period without data).
    func spokenBars(_ items: [(label: String, value: String?)]) throws -> String {
        let a = keys.alt
        return try items.map { item in
            try item.value.map { try book.render(a.item, ["label": item.label, "value": $0]) }
                ?? book.render(a.noData, ["label": item.label])
        }.joined(separator: format.listSeparator)
    }

    /// One month grid per month in from...to, the legend under the first row. No section
    /// heading (the report adds it).
    func calendar(_ data: ClinicalVisualData) throws -> [Block] {
        try CalendarBuilder(visuals: self, data: data, mini: false).blocks(months: data.months)
    }

    /// The most recent `months` months of the range in miniature, with the legend.
    func miniCalendar(_ data: ClinicalVisualData, months: Int) throws -> [Block] {
        try CalendarBuilder(visuals: self, data: data, mini: true).blocks(months: Array(data.months.suffix(months)))
    }

    /// The charts, each with its own subheading (outline level 2). No section heading.
    func charts(_ data: ClinicalVisualData) throws -> [Block] {
        try ChartsBuilder(visuals: self, data: data).blocks()
    }

    // MARK: - Styles

    /// The fonts of the calendar and the charts (`ClinicalReport.fonts`).
    var fonts: [FontSpec] {
        let c = layout.calendar, ch = layout.charts
        let body: [(Double, FontWeight)] = [(c.titleSize, .semibold), (c.weekdaySize, .regular), (c.dayNumberSize, .regular),
                                            (c.legendSize, .regular), (c.digitSize, .semibold), (c.miniDigitSize, .semibold),
                                            (c.markSize, .regular), (ch.labelSize, .regular), (ch.valueSize, .semibold),
                                            (ch.titleSize, .regular)]
        return body.map { brand.font(\.bodyFamily, $0.0, $0.1) } + [brand.font(\.headingFamily, ch.subheadingSize, .semibold)]
    }

    func style(_ size: Double, _ weight: FontWeight = .regular, _ color: Color? = nil) -> TextStyle {
        brand.style(\.bodyFamily, size, weight, color ?? brand.palette.textPrimary)
    }

    /// The bar chart style at the layout's sizes.
    var chartStyle: Chart.Style {
        let c = layout.charts, v = brand.visuals
        return Chart.Style(label: style(c.labelSize, .regular, brand.palette.caption),
                           value: style(c.valueSize, .semibold), title: style(c.titleSize, .regular, brand.palette.caption),
                           empty: style(brand.bodySize, .regular, brand.palette.caption), bar: v.chartBar, background: v.chartBackground,
                           axis: v.chartAxis, grid: v.chartGrid, trend: v.chartTrend, trendWidth: c.trendWidth,
                           plotHeight: c.plotHeight, barThickness: c.barThickness, emptyHeight: c.emptyHeight)
    }

    /// A heading over one chart: outline level 2, H3 (a part of the charts section).
    func subheading(_ key: WordingKey) throws -> Block {
        let c = layout.charts
        var h = Heading(try text(key), style: brand.style(\.headingFamily, c.subheadingSize, .semibold, brand.palette.textSecondary),
                        outlineLevel: 2, spaceBefore: c.subheadingSpaceBefore, spaceAfter: c.subheadingSpaceAfter)
        h.structureLevel = ClinicalReport.Level.part
        return .heading(h)
    }

    /// A caption paragraph (progress states, trend sentences).
    func caption(_ s: String) -> Block {
        .paragraph(Paragraph(s, style: style(brand.captionSize, .regular, brand.palette.caption),
                             spaceAfter: layout.charts.spaceAfter, lineControl: .widowsAndOrphans))
    }
}
