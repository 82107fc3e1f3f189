import Catalog
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Ingest
import Render
import ReportKit
import Quoting

/// The Aurae free summary PDF (spec 30-reports.md): brand header, date range, the safety items
/// when present, and one table row per episode, oldest first.
public struct HeadacheSummary: Sendable {
    public struct Options: Sendable {
        public var from: LocalDate?
        public var to: LocalDate?
        public var patientName: String?
        /// Invalid records skipped with `--skip-invalid`, shown in the footer.
        public var skippedCount: Int
        public var run: RunInfo
        public init(from: LocalDate? = nil, to: LocalDate? = nil, patientName: String? = nil,
                    skippedCount: Int = 0, run: RunInfo) {
            self.from = from; self.to = to; self.patientName = patientName
            self.skippedCount = skippedCount; self.run = run
        }
    }

    /// A flagged episode as the safety list shows it.
    public struct Flag: Sendable {
        public var log: HeadacheLog
        public var tier: RedFlagTier
        public init(log: HeadacheLog, tier: RedFlagTier) { self.log = log; self.tier = tier }
    }

    /// The safety items: flagged episodes in range, and the medication-overuse awareness notice
    /// for the as-of month.
    public struct Safety: Sendable {
        public var flags: [Flag]
        public var overuse: MedicationOveruse
        public init(flags: [Flag], overuse: MedicationOveruse) { self.flags = flags; self.overuse = overuse }
    }

    /// Every wording key the summary renders.
    struct Keys: WordingKeySet, Sendable {
        let format: AuraeFormat.Keys
        let generatedBy = WordingKey("brand.generatedBy")
        let wordmark = WordingKey("brand.wordmark")
        let markAlternative = WordingKey("brand.markAlternative")
        let appName = WordingKey("brand.appName")
        let compactFooter = WordingKey("disclaimer.compactFooter")
        let documentTitle = WordingKey("summary.documentTitle")
        let documentSubject = WordingKey("summary.documentSubject", "from", "to")
        let title = WordingKey("summary.title")
        let patient = WordingKey("summary.patient", "name")
        let dateRange = WordingKey("summary.dateRange", "from", "to")
        let generated = WordingKey("summary.generated", "date")
        let safetyHeading = WordingKey("summary.safetyHeading")
        let episodesHeading = WordingKey("summary.episodesHeading")
        let episodeCount = WordingKey.plural("summary.episodeCount", "count")
        let empty = WordingKey("summary.empty", "from", "to")
        let continuation = WordingKey("summary.continuation", "from", "to")
        let continuationPatient = WordingKey("summary.continuationPatient", "name", "from", "to")
        let totals = WordingKey("summary.totals", "episodes", "headacheDays", "acuteDays")
        let pageNumber = WordingKey("summary.pageNumber", "page", "pages")
        let skipped = WordingKey.plural("summary.skipped", "count")
        let flaggedNote = WordingKey("summary.flaggedNote")
        let flagMark = WordingKey("summary.flagMark")
        let redFlagHeading = WordingKey("redFlag.heading")
        let redFlagIntro = WordingKey("redFlag.intro")
        let primaryCondition = WordingKey("redFlag.primaryCondition", "severity")
        let secondaryCondition = WordingKey("redFlag.secondaryCondition")
        let auraVisualCondition = WordingKey("redFlag.auraVisualCondition")
        let primaryGroup = WordingKey("redFlag.primaryGroup")
        let secondaryGroup = WordingKey("redFlag.secondaryGroup")
        let redFlagPrimary = WordingKey("safety.redFlagPrimary")
        let redFlagSecondary = WordingKey("safety.redFlagSecondary")
        let overuseWarning = WordingKey("safety.overuseWarning")
        let overuseHeading = WordingKey("overuse.heading", "month")
        let overusePointer = WordingKey("overuse.pointer")
        let overuseCount = WordingKey.plural("overuse.count", "days", "month", by: "days")
        /// The episode table's headings, `columns.<key>`, whichever columns the layout shows.
        let tableColumns = WordingKeyFamily<SummaryLayout.ColumnKey>("columns")
        let safetyColumns = WordingKeyFamily<SafetyColumn>("columns")
        init(noBreak: Bool) { format = AuraeFormat.Keys(noBreak: noBreak) }

        var declaredKeys: [WordingKey] {
            keys(format, generatedBy, wordmark, markAlternative, appName, compactFooter, documentTitle,
                 documentSubject, title, patient, dateRange, generated, safetyHeading, episodesHeading,
                 episodeCount, empty, continuation, continuationPatient, totals, pageNumber, skipped,
                 flaggedNote, flagMark, redFlagHeading, redFlagIntro, primaryCondition,
                 secondaryCondition, auraVisualCondition, primaryGroup, secondaryGroup, redFlagPrimary,
                 redFlagSecondary, overuseWarning, overuseHeading, overusePointer, overuseCount,
                 tableColumns, safetyColumns)
        }
    }

    /// The columns of the flagged-episodes table, in order (`columns.<case>`).
    enum SafetyColumn: String, CaseIterable { case date, time, severity, condition }

    let keys: Keys
    let book: Phrasebook
    let brand: AuraeBrand
    let format: AuraeFormat
    let table: SummaryTable
    let layout: SummaryLayout

    /// Loads and checks everything the summary uses: layout, brand, and every wording key.
    /// `noBreak`: durations and temperatures with a no-break space (the clinical report's).
    public init(templates: TemplateSet, noBreak: Bool = false) throws {
        layout = try SummaryLayout(templates: templates, name: "aurae-summary")
        keys = Keys(noBreak: noBreak)
        book = try templates.wording.compile(keys)
        brand = try AuraeBrand(templates: templates)
        format = try AuraeFormat(book, noBreak: noBreak)
        table = try SummaryTable(layout: layout, book: book, headers: keys.tableColumns)
        try Self.sections.check(layout.sections, file: templates.reportFile("aurae-summary"), key: "sections")
    }

    /// The episodes the report lists: onset local date within the range, oldest first, ties by id.
    public static func episodes(_ logs: [HeadacheLog], from: LocalDate, to: LocalDate) -> [HeadacheLog] {
        logs.filter {
            let d = $0.onsetAt.localDate
            return d >= from && d <= to
        }.sorted {
            $0.onsetAt != $1.onsetAt ? $0.onsetAt < $1.onsetAt : $0.id < $1.id
        }
    }

    /// The range shown: `--from` (else the first episode's date, else the as-of date) to `--to`
    /// (else the as-of date).
    public static func range(_ logs: [HeadacheLog], options: Options) -> (from: LocalDate, to: LocalDate) {
        let to = options.to ?? options.run.asOf
        let from = options.from ?? logs.lazy.map { $0.onsetAt.localDate }.filter { $0 <= to }.min() ?? to
        return (from, to)
    }

    /// What every section builder of one document gets.
    struct Content: Sendable {
        let summary: HeadacheSummary
        var episodes: [HeadacheLog]
        let safety: Safety
        let options: Options
        let fromText, toText: String
        /// The range's totals for the header's line of totals (`nil`: no such line).
        let totals: PeriodFigures?
        /// The trimmed patient name, `nil` when none was given.
        /// The name as given, set apart from the text around it when it is written right to left
        /// (`PrintableText.isolated`).
        var patientName: String? { givenName.map(PrintableText.isolated) }
        private var givenName: String? { options.patientName?.trimmed(.spacesAndNewlines).nilIfEmpty }
        /// The patient name cut to `runningNameCharacters` characters (with "…"): on one line in
        /// the running header of every page.
        var shortPatientName: String? {
            givenName.map { PrintableText.isolated(summary.format.notes($0, limit: summary.layout.runningNameCharacters)) }
        }
        /// The title under the brand header (the document's one H1, not a bookmark: the
        /// outline lists the sections).
        let title: String
        let body, caption, heading, subheading: TextStyle
    }

    /// The section input for `episodes` in `range`, in the brand's text styles; shared with the
    /// clinical report, which reuses the header, safety and episode sections.
    func content(episodes: [HeadacheLog], range: (from: LocalDate, to: LocalDate), safety: Safety, totals: PeriodFigures?,
                 options: Options, title: String) throws -> Content {
        let p = brand.palette
        return Content(
            summary: self, episodes: episodes, safety: safety, options: options,
            fromText: try format.date(range.from), toText: try format.date(range.to), totals: totals,
            title: title,
            body: brand.style(\.bodyFamily, brand.bodySize, .regular, p.textPrimary),
            caption: brand.style(\.bodyFamily, brand.captionSize, .regular, p.caption),
            heading: brand.style(\.headingFamily, brand.headingSize, .semibold, p.textSecondary),
            subheading: brand.style(\.headingFamily, brand.bodySize + 1, .semibold, p.textSecondary))
    }

    /// The fonts the summary's layout measures: the title's and `textFonts`
    /// (`ReportJob.fonts`; `FontPreloadTests` checks the list against the layout).
    var fonts: [FontSpec] { [titleFont] + textFonts }

    var titleFont: FontSpec { brand.font(\.headingFamily, brand.titleSize, .bold) }

    /// The fonts of the text the clinical report shares with the summary: the caption, the body,
    /// the section headings, the tables and the footer, the safety subheadings.
    var textFonts: [FontSpec] {
        [brand.font(\.bodyFamily, brand.captionSize), brand.font(\.bodyFamily, brand.bodySize),
         brand.font(\.headingFamily, brand.headingSize, .semibold), brand.font(\.bodyFamily, brand.tableSize),
         brand.font(\.bodyFamily, brand.tableSize, .semibold), brand.font(\.bodyFamily, brand.footerSize),
         brand.font(\.headingFamily, brand.bodySize + 1, .semibold)]
    }

    /// The summary's sections by the ids `templates/reports/aurae-summary.json` lists.
    static let sections: SectionRegistry<Content> = {
        var r = SectionRegistry<Content>()
        r.register("header") { try $0.summary.header($0) }
        r.register("safety") { try $0.summary.safetyBlocks($0) }
        r.register("episodes") { try $0.summary.episodeBlocks($0) }
        return r
    }()

    public func document(logs inRange: [HeadacheLog], range: (from: LocalDate, to: LocalDate),
                         safety: Safety, totals: PeriodFigures, options: Options) throws -> Document {
        let w = book, k = keys
        let content = try self.content(episodes: inRange, range: range, safety: safety, totals: totals, options: options,
                                   title: try w.render(k.title))
        let blocks = try Self.sections.blocks(layout.sections, content)
        let continuation = try content.shortPatientName.map {
            try w.render(k.continuationPatient, ["name": $0, "from": content.fromText, "to": content.toText])
        } ?? w.render(k.continuation, ["from": content.fromText, "to": content.toText])
        let template = try pageTemplate(continuation: continuation, skippedCount: options.skippedCount, caption: content.caption)
        let metadata = DocumentMetadata(
            title: try w.render(k.documentTitle),
            subject: try w.render(k.documentSubject, ["from": range.from.description, "to": range.to.description]),
            author: try w.render(k.appName),
            creator: options.run.creator,
            creationDate: options.run.generatedAt)
        return Document(metadata: metadata, template: template, blocks: blocks)
    }

    /// The Aurae page: the summary layout's size and margins, the footer ("Generated by Aurae",
    /// the compact disclaimer, "Page X of Y", and the skipped-records line when records were
    /// skipped) and `continuation` at the top of every page after the first.
    func pageTemplate(continuation: String, skippedCount: Int, caption: TextStyle) throws -> PageTemplate {
        let w = book, k = keys
        let footerStyle = brand.style(\.bodyFamily, brand.footerSize, .regular, brand.palette.caption)
        let generatedBy = try w.render(k.generatedBy)
        let compact = try w.render(k.compactFooter)
        let pageNumber = try w.phrase(k.pageNumber)
        let skippedLine = skippedCount > 0 ? try w.render(k.skipped, ["count": String(skippedCount)]) : nil
        let page = layout.page
        return PageTemplate(
            size: Size(width: page.width, height: page.height),
            margins: EdgeInsets(top: page.marginTop, left: page.marginLeft, bottom: page.marginBottom, right: page.marginRight),
            footer: { ctx in
                var lines: [[BandText]] = []
                if let skippedLine { lines.append([BandText(skippedLine, style: footerStyle, alignment: .leading)]) }
                lines.append([
                    BandText(generatedBy, style: footerStyle, alignment: .leading),
                    BandText(compact, style: footerStyle, alignment: .center),
                    BandText(try pageNumber.render(["page": String(ctx.pageNumber), "pages": String(ctx.pageCount)]),
                             style: footerStyle, alignment: .trailing),
                ])
                return lines
            },
            continuationHeader: [
                .paragraph(Paragraph(continuation, style: caption, spaceAfter: 6)),
            ])
    }

    /// The brand mark and the "aurae" wordmark.
    func markBlock(spaceAfter: Double = 10) throws -> Block {
        let p = brand.palette
        let markHeight = brand.markSize * brand.markAspect
        let wordmarkStyle = brand.style(\.wordmarkFamily, brand.wordmarkSize, .semibold, p.textSecondary)
        var shapes = brand.markShapes(size: brand.markSize, at: Point(x: 0, y: 0))
        shapes.append(.text(try book.render(keys.wordmark),
                            origin: Point(x: brand.markSize + 8, y: (markHeight - brand.wordmarkSize * 1.25) / 2),
                            style: wordmarkStyle))
        return .drawing(Drawing(size: Size(width: brand.markSize + 80, height: markHeight), shapes: shapes, spaceAfter: spaceAfter,
                                alternativeText: try book.render(keys.markAlternative)))
    }

    func header(_ c: Content) throws -> [Block] {
        let w = book, k = keys
        let options = c.options, body = c.body, caption = c.caption
        let p = brand.palette
        var blocks: [Block] = [try markBlock()]
        blocks.append(.heading(Heading(c.title,
                                       style: TextStyle(font: titleFont, color: p.textSecondary),
                                       outlineLevel: nil, spaceAfter: 4)))
        if let name = c.patientName {
            blocks.append(.paragraph(Paragraph(try w.render(k.patient, ["name": name]), style: body, spaceAfter: 2)))
        }
        blocks.append(.paragraph(Paragraph(try w.render(k.dateRange, ["from": c.fromText, "to": c.toText]), style: body, spaceAfter: 2)))
        if let t = c.totals {
            blocks.append(.paragraph(Paragraph(try totalsLine(t), style: body, spaceAfter: 2)))
        }
        blocks.append(.paragraph(Paragraph(try w.render(k.generated, ["date": format.date(options.run.generatedOn)]), style: caption)))
        blocks.append(.rule(Rule(height: brand.accentBarHeight, color: p.accentBar, spaceBefore: 8, spaceAfter: 10)))
        return blocks
    }

    /// "12 episodes · 15 headache days · 9 days with acute medication".
    func totalsLine(_ t: PeriodFigures) throws -> String {
        try book.render(keys.totals, ["episodes": format.episodes(t.episodes), "headacheDays": format.headacheDays(t.headacheDays),
                                     "acuteDays": format.acuteDays(t.acuteDays)])
    }

    func safetyBlocks(_ c: Content) throws -> [Block] {
        let safety = c.safety
        guard !safety.flags.isEmpty || safety.overuse.warning else { return [] }
        var blocks: [Block] = [try safetyHeading(c)]
        blocks += try safetyItems(c)
        blocks.append(.rule(Rule(height: 0.5, color: brand.palette.rule, spaceBefore: 2, spaceAfter: 8)))
        return blocks
    }

    /// The "Safety" heading, outline level 1.
    func safetyHeading(_ c: Content) throws -> Block {
        .heading(Heading(try book.render(keys.safetyHeading), style: c.heading, outlineLevel: 1, spaceBefore: 0, spaceAfter: 6))
    }

    /// The safety items without heading: the flagged episodes with their banners, and the
    /// medication-overuse awareness text when it applies.
    func safetyItems(_ c: Content) throws -> [Block] {
        let safety = c.safety, subheading = c.subheading, body = c.body, caption = c.caption
        let w = book, k = keys
        let p = brand.palette
        let banner = brand.style(\.bodyFamily, brand.bodySize, .regular, p.safetyText)
        var blocks: [Block] = []
        if !safety.flags.isEmpty {
            blocks.append(.heading(Heading(try w.render(k.redFlagHeading), style: subheading, outlineLevel: 2, spaceAfter: 3)))
            blocks.append(.paragraph(Paragraph(try w.render(k.redFlagIntro), style: caption, spaceAfter: 4)))
            var rows: [TableRow] = []
            for flag in safety.flags {
                let condition: String
                switch flag.tier {
                case .primary: condition = try w.render(k.primaryCondition, ["severity": format.severity(flag.log.severity)])
                case .secondary: condition = try w.render(k.secondaryCondition)
                case .auraVisual: condition = try w.render(k.auraVisualCondition)
                }
                rows.append(TableRow([
                    TableCell(try format.date(flag.log.onsetAt.localDate)), TableCell(format.time(flag.log.onsetAt)),
                    TableCell(format.severity(flag.log.severity), fill: brand.severitySurface(flag.log.severity)),
                    TableCell(condition),
                ], tag: SummaryTable.rowTag(flag.log)))
            }
            blocks.append(.table(Table(
                name: "flagged episodes",
                columns: [TableColumn(.fixed(table.columns.first?.column.fixedWidth ?? 56)), TableColumn(.fixed(30)),
                          TableColumn(.fixed(70)), TableColumn(.flexible(1))],
                header: try SafetyColumn.allCases.map { try w.render(k.safetyColumns[$0]) },
                rows: rows,
                headerStyle: brand.style(\.bodyFamily, brand.tableSize, .semibold, p.tableHeaderText),
                bodyStyle: brand.style(\.bodyFamily, brand.tableSize, .regular, p.textPrimary),
                headerFill: p.safetyFill, zebraFill: nil, cellPadding: table.padding,
                minHeaderHeight: table.headerHeight, minRowHeight: table.rowHeight, spaceAfter: 6,
                rowSplitting: .truncatingCells, rowHeaderColumns: 1)))
            let tiers = Set(safety.flags.map(\.tier))
            if tiers.contains(.primary) {
                blocks.append(.keepTogether([
                    .paragraph(groupTitle(try w.render(k.primaryGroup), subheading)),
                    .paragraph(Paragraph(try w.render(k.redFlagPrimary), style: banner, spaceAfter: 6,
                                         fill: p.safetyFill, padding: EdgeInsets(all: 6))),
                ]))
            }
            if tiers.contains(.secondary) {
                blocks.append(.keepTogether([
                    .paragraph(groupTitle(try w.render(k.secondaryGroup), subheading)),
                    .paragraph(Paragraph(try w.render(k.redFlagSecondary), style: banner, spaceAfter: 6,
                                         fill: p.safetyFill, padding: EdgeInsets(all: 6))),
                ]))
            }
        }
        if safety.overuse.warning {
            let month = try format.monthYear(year: safety.overuse.month.year, month: safety.overuse.month.month)
            blocks.append(.keepTogether([
                .heading(Heading(try w.render(k.overuseHeading, ["month": month]), style: subheading, outlineLevel: 2,
                                 spaceBefore: 4, spaceAfter: 3)),
                .paragraph(Paragraph(try w.render(k.overuseCount, ["days": String(safety.overuse.acuteDays), "month": month]),
                                     style: caption, spaceAfter: 4)),
                .paragraph(Paragraph(try w.render(k.overuseWarning), style: banner, spaceAfter: 4,
                                     fill: p.safetyFill, padding: EdgeInsets(all: 6))),
                .paragraph(Paragraph(try w.render(k.overusePointer), style: body, spaceAfter: 6)),
            ]))
        }
        return blocks
    }

    /// The title of a group of flagged episodes: a heading (H4) under "Flagged episodes", so that
    /// a reader moving from heading to heading finds it; not in the outline.
    private func groupTitle(_ text: String, _ style: TextStyle) -> Paragraph {
        var title = Paragraph(text, style: style, spaceAfter: 2)
        title.role = .heading(4)
        return title
    }

    /// The episode table under its heading; `textSize` (the brand's table size by default) and
    /// `minimumRowsAtBreak` for a report that sets its own, `flagged` episodes marked.
    func episodeBlocks(_ c: Content, textSize: Double? = nil, widths: [SummaryLayout.ColumnKey: Double] = [:],
                       paddingY: Double? = nil, minimumRowsAtBreak: Int = 1, flagged: Set<String> = []) throws -> [Block] {
        let w = book, k = keys
        var blocks: [Block] = [.heading(Heading(try w.render(k.episodesHeading), style: c.heading,
                                                outlineLevel: 1, spaceBefore: 6, spaceAfter: 6))]
        if c.episodes.isEmpty {
            blocks.append(.paragraph(Paragraph(try w.render(k.empty, ["from": c.fromText, "to": c.toText]), style: c.body, spaceAfter: 6)))
        } else {
            var countText = try w.render(k.episodeCount, ["count": String(c.episodes.count)])
            if !flagged.isEmpty { countText += " " + (try w.render(k.flaggedNote)) }
            blocks.append(.keptWithNext(.paragraph(Paragraph(countText, style: c.caption, spaceAfter: 6))))
            let flag = flagged.isEmpty ? nil : try w.render(k.flagMark)
            var t = try table.table(c.episodes, format: format, brand: brand, textSize: textSize, widths: widths,
                                    flagged: flagged, flagMark: flag)
            t.minimumRowsAtBreak = minimumRowsAtBreak
            if let paddingY { t.cellPadding.top = paddingY; t.cellPadding.bottom = paddingY }
            blocks.append(.table(t))
        }
        return blocks
    }
}

extension TableColumn {
    var fixedWidth: Double? {
        if case .fixed(let w) = width { return w }
        return nil
    }
}
