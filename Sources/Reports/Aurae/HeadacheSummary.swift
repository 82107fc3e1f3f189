import Catalog
import Foundation
import Ingest
import Render

/// The Aurae free summary PDF (spec 30-reports.md): brand header, date range, the safety items
/// when present, and one table row per episode, oldest first.
public struct HeadacheSummary {
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
        public enum Condition: String, Sendable { case primary, secondary, auraVisual }
        public var log: HeadacheLog
        public var condition: Condition
        public init(log: HeadacheLog, condition: Condition) { self.log = log; self.condition = condition }
    }

    /// The safety items: flagged episodes in range, and the medication-overuse awareness notice
    /// for the as-of month.
    public struct Safety: Sendable {
        public var flags: [Flag]
        public var overuseWarning: Bool
        public var acuteDays: Int
        public var overuseMonth: (year: Int, month: Int)
        public init(flags: [Flag], overuseWarning: Bool, acuteDays: Int, overuseMonth: (year: Int, month: Int)) {
            self.flags = flags; self.overuseWarning = overuseWarning
            self.acuteDays = acuteDays; self.overuseMonth = overuseMonth
        }
    }

    let templates: TemplateSet
    let brand: AuraeBrand
    let format: AuraeFormat
    let table: SummaryTable
    let layout: JSONFile

    public init(templates: TemplateSet) throws {
        self.templates = templates
        brand = try AuraeBrand(templates.brand)
        format = try AuraeFormat(templates.wording)
        layout = try templates.report("aurae-summary")
        table = try SummaryTable(layout: layout, wording: templates.wording)
        try templates.wording.require(Self.wordingUses)
    }

    static let wordingUses: [(key: String, placeholders: Set<String>)] = [
        ("brand.generatedBy", []), ("brand.wordmark", []), ("brand.appName", []),
        ("disclaimer.compactFooter", []),
        ("summary.documentTitle", []), ("summary.documentSubject", ["from", "to"]),
        ("summary.title", []), ("summary.patient", ["name"]), ("summary.dateRange", ["from", "to"]),
        ("summary.generated", ["date"]), ("summary.safetyHeading", []), ("summary.episodesHeading", []),
        ("summary.episodeCount", ["count"]), ("summary.episodeCountOne", []), ("summary.empty", ["from", "to"]),
        ("summary.continuation", ["from", "to"]), ("summary.pageNumber", ["page", "pages"]),
        ("summary.skipped", ["count"]),
        ("redFlag.heading", []), ("redFlag.intro", []), ("redFlag.primaryCondition", ["severity"]),
        ("redFlag.secondaryCondition", []), ("redFlag.auraVisualCondition", []),
        ("redFlag.primaryGroup", []), ("redFlag.secondaryGroup", []),
        ("safety.redFlagPrimary", []), ("safety.redFlagSecondary", []),
        ("safety.overuseWarning", []), ("safety.whenToSeekCare", []),
        ("overuse.heading", ["month"]), ("overuse.pointer", []), ("overuse.count", ["days", "month"]),
        ("columns.condition", []),
    ]

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

    public func document(logs inRange: [HeadacheLog], range: (from: LocalDate, to: LocalDate),
                         safety: Safety, options: Options) throws -> Document {
        let w = templates.wording
        let p = brand.palette
        let fromText = format.date(range.from), toText = format.date(range.to)

        let body = brand.style(\.bodyFamily, brand.bodySize, .regular, p.textPrimary)
        let caption = brand.style(\.bodyFamily, brand.captionSize, .regular, p.caption)
        let heading = brand.style(\.headingFamily, brand.headingSize, .semibold, p.textSecondary)
        let subheading = brand.style(\.headingFamily, brand.bodySize + 1, .semibold, p.textSecondary)
        let footerStyle = brand.style(\.bodyFamily, brand.footerSize, .regular, p.caption)

        var blocks: [Block] = []
        for section in try layout.strings("sections") {
            switch section {
            case "header":
                blocks += try header(options: options, fromText: fromText, toText: toText, body: body, caption: caption)
            case "safety":
                blocks += try safetyBlocks(safety, heading: heading, subheading: subheading, body: body, caption: caption)
            case "episodes":
                blocks.append(.heading(Heading(try w.render("summary.episodesHeading"), style: heading,
                                               outlineLevel: 1, spaceBefore: 6, spaceAfter: 6)))
                if inRange.isEmpty {
                    blocks.append(.paragraph(Paragraph(try w.render("summary.empty", ["from": fromText, "to": toText]),
                                                       style: body, spaceAfter: 6)))
                } else {
                    let countText = inRange.count == 1 ? try w.render("summary.episodeCountOne")
                        : try w.render("summary.episodeCount", ["count": inRange.count])
                    blocks.append(.paragraph(Paragraph(countText, style: caption, spaceAfter: 6)))
                    blocks.append(.table(table.table(inRange, format: format, brand: brand)))
                }
            default:
                throw CatalogError.wrongType(file: layout.name, key: "sections", expected: "header, safety or episodes, not \(section)")
            }
        }

        let generatedBy = try w.render("brand.generatedBy")
        let compact = try w.render("disclaimer.compactFooter")
        let pageNumber = try w.fast("summary.pageNumber", ["page", "pages"])
        let skippedLine = options.skippedCount > 0 ? try w.render("summary.skipped", ["count": options.skippedCount]) : nil
        let continuation = try w.render("summary.continuation", ["from": fromText, "to": toText])
        let page = try layout.object("page")
        let template = PageTemplate(
            size: Size(width: try page.number("width"), height: try page.number("height")),
            margins: EdgeInsets(top: try page.number("marginTop"), left: try page.number("marginLeft"),
                                bottom: try page.number("marginBottom"), right: try page.number("marginRight")),
            footer: { ctx in
                var lines: [[BandText]] = []
                if let skippedLine { lines.append([BandText(skippedLine, style: footerStyle, alignment: .leading)]) }
                lines.append([
                    BandText(generatedBy, style: footerStyle, alignment: .leading),
                    BandText(compact, style: footerStyle, alignment: .center),
                    BandText(pageNumber.render([String(ctx.pageNumber), String(ctx.pageCount)]), style: footerStyle, alignment: .trailing),
                ])
                return lines
            },
            continuationHeader: [
                .paragraph(Paragraph(continuation, style: caption, spaceAfter: 6)),
            ])
        let metadata = DocumentMetadata(
            title: try w.render("summary.documentTitle"),
            subject: try w.render("summary.documentSubject", ["from": range.from.description, "to": range.to.description]),
            author: try w.render("brand.appName"),
            creator: options.run.creator,
            creationDate: options.run.generatedAt)
        return Document(metadata: metadata, template: template, blocks: blocks)
    }

    func header(options: Options, fromText: String, toText: String, body: TextStyle, caption: TextStyle) throws -> [Block] {
        let w = templates.wording
        let p = brand.palette
        let markHeight = brand.markSize * brand.markAspect
        let wordmarkStyle = brand.style(\.wordmarkFamily, brand.wordmarkSize, .semibold, p.textSecondary)
        var shapes = brand.markShapes(size: brand.markSize, at: Point(x: 0, y: 0))
        shapes.append(.text(try w.render("brand.wordmark"),
                            origin: Point(x: brand.markSize + 8, y: (markHeight - brand.wordmarkSize * 1.25) / 2),
                            style: wordmarkStyle))
        var blocks: [Block] = [.drawing(Drawing(size: Size(width: brand.markSize + 80, height: markHeight), shapes: shapes, spaceAfter: 10))]
        blocks.append(.heading(Heading(try w.render("summary.title"),
                                       style: brand.style(\.headingFamily, brand.titleSize, .bold, p.textSecondary),
                                       outlineLevel: 1, spaceAfter: 4)))
        if let name = options.patientName?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty {
            blocks.append(.paragraph(Paragraph(try w.render("summary.patient", ["name": name]), style: body, spaceAfter: 2)))
        }
        blocks.append(.paragraph(Paragraph(try w.render("summary.dateRange", ["from": fromText, "to": toText]), style: body, spaceAfter: 2)))
        blocks.append(.paragraph(Paragraph(try w.render("summary.generated", ["date": format.date(options.run.generatedOn)]), style: caption)))
        blocks.append(.rule(Rule(height: brand.accentBarHeight, color: p.accentBar, spaceBefore: 8, spaceAfter: 10)))
        return blocks
    }

    func safetyBlocks(_ safety: Safety, heading: TextStyle, subheading: TextStyle, body: TextStyle, caption: TextStyle) throws -> [Block] {
        guard !safety.flags.isEmpty || safety.overuseWarning else { return [] }
        let w = templates.wording
        let p = brand.palette
        let banner = brand.style(\.bodyFamily, brand.bodySize, .regular, p.safetyText)
        var blocks: [Block] = [.heading(Heading(try w.render("summary.safetyHeading"), style: heading,
                                                outlineLevel: 1, spaceBefore: 0, spaceAfter: 6))]
        if !safety.flags.isEmpty {
            blocks.append(.heading(Heading(try w.render("redFlag.heading"), style: subheading, outlineLevel: 2, spaceAfter: 3)))
            blocks.append(.paragraph(Paragraph(try w.render("redFlag.intro"), style: caption, spaceAfter: 4)))
            var rows: [TableRow] = []
            for flag in safety.flags {
                let condition: String
                switch flag.condition {
                case .primary: condition = try w.render("redFlag.primaryCondition", ["severity": format.severity(flag.log.severity)])
                case .secondary: condition = try w.render("redFlag.secondaryCondition")
                case .auraVisual: condition = try w.render("redFlag.auraVisualCondition")
                }
                rows.append(TableRow([
                    TableCell(format.date(flag.log.onsetAt.localDate)), TableCell(format.time(flag.log.onsetAt)),
                    TableCell(format.severity(flag.log.severity), fill: brand.severitySurface(flag.log.severity)),
                    TableCell(condition),
                ]))
            }
            blocks.append(.table(Table(
                name: "flagged episodes",
                columns: [TableColumn(.fixed(table.columns.first?.column.fixedWidth ?? 56)), TableColumn(.fixed(30)),
                          TableColumn(.fixed(70)), TableColumn(.flexible(1))],
                header: [try w.render("columns.date"), try w.render("columns.time"), try w.render("columns.severity"),
                         try w.render("columns.condition")],
                rows: rows,
                headerStyle: brand.style(\.bodyFamily, brand.tableSize, .semibold, p.tableHeaderText),
                bodyStyle: brand.style(\.bodyFamily, brand.tableSize, .regular, p.textPrimary),
                headerFill: p.safetyFill, zebraFill: nil, cellPadding: table.padding,
                minHeaderHeight: table.headerHeight, minRowHeight: table.rowHeight, spaceAfter: 6)))
            let tiers = Set(safety.flags.map(\.condition))
            if tiers.contains(.primary) {
                blocks.append(.keepTogether([
                    .paragraph(Paragraph(try w.render("redFlag.primaryGroup"), style: subheading, spaceAfter: 2)),
                    .paragraph(Paragraph(try w.render("safety.redFlagPrimary"), style: banner, spaceAfter: 6,
                                         fill: p.safetyFill, padding: EdgeInsets(all: 6))),
                ]))
            }
            if tiers.contains(.secondary) {
                blocks.append(.keepTogether([
                    .paragraph(Paragraph(try w.render("redFlag.secondaryGroup"), style: subheading, spaceAfter: 2)),
                    .paragraph(Paragraph(try w.render("safety.redFlagSecondary"), style: banner, spaceAfter: 6,
                                         fill: p.safetyFill, padding: EdgeInsets(all: 6))),
                ]))
            }
        }
        if safety.overuseWarning {
            let month = format.monthYear(year: safety.overuseMonth.year, month: safety.overuseMonth.month)
            blocks.append(.keepTogether([
                .heading(Heading(try w.render("overuse.heading", ["month": month]), style: subheading, outlineLevel: 2, spaceBefore: 4, spaceAfter: 3)),
                .paragraph(Paragraph(try w.render("overuse.count", ["days": safety.acuteDays, "month": month]), style: caption, spaceAfter: 4)),
                .paragraph(Paragraph(try w.render("safety.overuseWarning"), style: banner, spaceAfter: 4,
                                     fill: p.safetyFill, padding: EdgeInsets(all: 6))),
                .paragraph(Paragraph(try w.render("overuse.pointer"), style: body, spaceAfter: 6)),
            ]))
        }
        blocks.append(.rule(Rule(height: 0.5, color: p.rule, spaceBefore: 2, spaceAfter: 8)))
        return blocks
    }
}

extension TableColumn {
    var fixedWidth: Double? {
        if case .fixed(let w) = width { return w }
        return nil
    }
}
