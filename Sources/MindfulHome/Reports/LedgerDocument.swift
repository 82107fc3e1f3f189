import Catalog
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Render
import ReportKit

/// The Mindful Home peanut ledger PDF (spec 50-companion-apps.md): one A4 page for the fridge
/// with the balance, the completed rules and chores by category in the seed's swatches, and the
/// rewards in the basket.
public struct LedgerDocument {
    let brand: MindfulHomeBrand
    let layout: LedgerLayout
    let english, dutch: LedgerWording

    /// Loads and checks the brand, the layout and the wording of every language (templates of
    /// app `mindfulhome`).
    public init(templates: TemplateSet) throws {
        brand = try MindfulHomeBrand(templates: templates)
        layout = try LedgerLayout(templates: templates)
        english = try LedgerWording(.en, wording: templates.wording)
        dutch = try LedgerWording(.nl, wording: templates.wording)
    }

    func wording(_ language: LedgerLanguage) -> LedgerWording {
        switch language {
        case .en: return english
        case .nl: return dutch
        }
    }

    /// The ledger of `tasks` with `balance`, in `language`.
    public func document(_ tasks: [HomeTask], balance: PeanutBalance, language: LedgerLanguage, run: RunInfo) throws -> Document {
        let w = wording(language), p = brand.palette
        let body = brand.style(\.bodyFamily, brand.bodySize, .regular, p.textPrimary)
        let caption = brand.style(\.bodyFamily, brand.captionSize, .regular, p.caption)
        let heading = brand.style(\.headingFamily, brand.headingSize, .semibold, p.textSecondary)
        var blocks: [Block] = [
            .paragraph(Paragraph(try w.render(\.wordmark), style: brand.style(\.headingFamily, brand.wordmarkSize, .semibold, p.wordmark),
                                 spaceAfter: 6)),
            .heading(Heading(try w.render(\.title), style: brand.style(\.headingFamily, brand.titleSize, .bold, p.textSecondary),
                             outlineLevel: nil, spaceAfter: 4)),
            .paragraph(Paragraph(try w.render(\.generated, ["date": run.generatedOn.description]), style: caption)),
            .rule(Rule(height: brand.accentBarHeight, color: p.accentBar, spaceBefore: 8, spaceAfter: 12)),
            .heading(Heading(try w.render(\.balance), style: heading, outlineLevel: 1, spaceAfter: 4)),
            .paragraph(Paragraph(try w.peanuts(balance.value), style: brand.style(\.headingFamily, brand.balanceSize, .bold, p.textSecondary),
                                 fill: p.balanceFill, padding: EdgeInsets(horizontal: 12, vertical: 8))),
            .paragraph(Paragraph(try w.render(\.totals, ["earned": try w.peanuts(balance.earned), "spent": try w.peanuts(balance.spent)]),
                                 style: body, spaceBefore: 6, spaceAfter: 8)),
            .heading(Heading(try w.render(\.completedHeading), style: heading, outlineLevel: 1, spaceBefore: 8, spaceAfter: 6)),
        ]
        let completed = Self.ordered(tasks.filter { $0.kind != .reward && $0.isCompleted })
        if completed.isEmpty { blocks.append(.paragraph(Paragraph(try w.render(\.noneCompleted), style: body, spaceAfter: 8))) }
        for category in TaskCategory.allCases {
            let inCategory = completed.filter { $0.category == category }
            if inCategory.isEmpty { continue }
            blocks.append(.table(try categoryTable(category, inCategory, w)))
        }
        blocks.append(.heading(Heading(try w.render(\.basketHeading), style: heading, outlineLevel: 1, spaceBefore: 8, spaceAfter: 6)))
        let basket = Self.ordered(tasks.filter { $0.kind == .reward && $0.inBasket })
        if basket.isEmpty {
            blocks.append(.paragraph(Paragraph(try w.render(\.basketEmpty), style: body)))
        } else {
            blocks.append(.table(try basketTable(basket, w)))
        }
        let metadata = DocumentMetadata(title: try w.render(\.title), subject: try w.render(\.documentSubject),
                                        author: try w.render(\.wordmark), creator: run.creator, creationDate: run.generatedAt,
                                        language: language.rawValue)
        return Document(metadata: metadata, template: try pageTemplate(w, caption: caption), blocks: blocks)
    }

    /// Oldest first (tasks without `createdAt` before all others), ties by id.
    static func ordered(_ tasks: [HomeTask]) -> [HomeTask] {
        tasks.sorted { ($0.createdAt?.epochSeconds ?? .min, $0.id) < ($1.createdAt?.epochSeconds ?? .min, $1.id) }
    }

    /// One category's completed tasks: the header in the swatch's selected colours, the rows on
    /// its default background, the peanuts in its text colour.
    func categoryTable(_ category: TaskCategory, _ tasks: [HomeTask], _ w: LedgerWording) throws -> Table {
        let swatch = brand.swatch(category)
        let rows = try tasks.map { t in
            TableRow([TableCell(t.title), TableCell(try w.kind(t.kind)), peanutsCell(try w.peanuts(t.peanuts), swatch)],
                     fill: swatch.background, tag: "task \(t.id)")
        }
        return table("category \(category.rawValue)", rows: rows,
                     header: [try w.category(category), try w.render(\.columnKind), try w.render(\.columnPeanuts)],
                     headerFill: swatch.backgroundSelected, headerText: swatch.textSelected)
    }

    /// The rewards in the basket, each row on its category's default background.
    func basketTable(_ rewards: [HomeTask], _ w: LedgerWording) throws -> Table {
        let rows = try rewards.map { t in
            let swatch = brand.swatch(t.category)
            return TableRow([TableCell(t.title), TableCell(try w.category(t.category)), peanutsCell(try w.peanuts(t.peanuts), swatch)],
                            fill: swatch.background, tag: "reward \(t.id)")
        }
        return table("basket", rows: rows,
                     header: [try w.render(\.columnReward), try w.render(\.columnCategory), try w.render(\.columnPeanuts)],
                     headerFill: brand.palette.balanceFill, headerText: brand.palette.textSecondary)
    }

    func peanutsCell(_ text: String, _ swatch: MindfulHomeBrand.Swatch) -> TableCell {
        TableCell(text, style: brand.style(\.bodyFamily, brand.tableSize, .semibold, swatch.text))
    }

    func table(_ name: String, rows: [TableRow], header: [String], headerFill: Color, headerText: Color) -> Table {
        Table(
            name: name,
            columns: [TableColumn(.flexible(1)), TableColumn(.fixed(layout.kindWidth)),
                      TableColumn(.fixed(layout.peanutsWidth), alignment: .trailing)],
            header: header, rows: rows,
            headerStyle: brand.style(\.bodyFamily, brand.tableSize, .semibold, headerText),
            bodyStyle: brand.style(\.bodyFamily, brand.tableSize, .regular, brand.palette.textPrimary),
            headerFill: headerFill, cellPadding: EdgeInsets(horizontal: layout.paddingX, vertical: layout.paddingY),
            minHeaderHeight: layout.headerHeight, minRowHeight: layout.rowHeight, spaceAfter: 10,
            rowSplitting: .truncatingCells, rowHeaderColumns: 1)
    }

    /// The page: size and margins from the layout, "Generated by Mindful Home" and "Page X of Y"
    /// in every footer, a continuation line on any page after the first.
    func pageTemplate(_ w: LedgerWording, caption: TextStyle) throws -> PageTemplate {
        let footer = brand.style(\.bodyFamily, brand.footerSize, .regular, brand.palette.caption)
        return layout.page.template(generatedBy: try w.render(\.generatedBy), pageNumber: try w.book.phrase(w.keys.pageNumber),
                                    footer: footer, continuation: Paragraph(try w.render(\.continuation), style: caption, spaceAfter: 6))
    }
}
