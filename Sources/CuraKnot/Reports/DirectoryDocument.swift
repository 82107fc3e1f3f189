import Catalog
import Foundation
import Render
import ReportKit

/// The care network directory PDF (spec 40-care-circle.md): a title, then per role one outline
/// heading and a table of its providers sorted by name; the family tier adds notes and ratings.
public struct DirectoryDocument {
    /// Every wording key the directory (PDF, listing and vCard) renders.
    struct Keys: WordingKeySet {
        let wordmark = WordingKey("directory.wordmark")
        let appName = WordingKey("directory.appName")
        let generatedBy = WordingKey("directory.generatedBy")
        let title = WordingKey("directory.title")
        let documentSubject = WordingKey("directory.documentSubject", "count")
        let generated = WordingKey("directory.generated", "date")
        let count = WordingKey("directory.count", "count")
        let countOne = WordingKey("directory.countOne")
        let empty = WordingKey("directory.empty")
        let noRole = WordingKey("directory.noRole")
        let continuation = WordingKey("directory.continuation")
        let pageNumber = WordingKey("directory.pageNumber", "page", "pages")
        let rating = WordingKey("directory.rating", "rating")
        let columns = WordingKeyFamily<Column>("directory.columns")
    }

    /// The table's columns (`directory.columns.<case>`); rating and notes for the family tier only.
    enum Column: String, CaseIterable {
        case name, organization, phone, email, address, lastVisit, rating, notes
    }

    let keys = Keys()
    let book: Phrasebook
    let brand: CuraKnotBrand
    let layout: DirectoryLayout

    /// Loads and checks the brand, the layout and every wording key (templates of app `curaknot`).
    public init(templates: TemplateSet) throws {
        book = try templates.wording.compile(keys)
        brand = try CuraKnotBrand(templates: templates)
        layout = try DirectoryLayout(templates: templates)
    }

    /// The heading of a role group.
    func roleTitle(_ group: DirectoryGroup) throws -> String {
        try group.role ?? book.render(keys.noRole)
    }

    /// The sentence for a rating, e.g. "Rating: 4 of 5".
    func ratingText(_ rating: Int) throws -> String { try book.render(keys.rating, ["rating": String(rating)]) }

    public func document(_ entries: [Provider], content: DirectoryContent, run: RunInfo) throws -> Document {
        let w = book, k = keys, p = brand.palette
        let body = brand.style(\.bodyFamily, brand.bodySize, .regular, p.textPrimary)
        let caption = brand.style(\.bodyFamily, brand.captionSize, .regular, p.caption)
        let heading = brand.style(\.headingFamily, brand.headingSize, .semibold, p.textSecondary)
        var blocks: [Block] = [
            .paragraph(Paragraph(try w.render(k.wordmark),
                                 style: brand.style(\.headingFamily, brand.wordmarkSize, .semibold, p.textSecondary), spaceAfter: 8)),
            .heading(Heading(try w.render(k.title), style: brand.style(\.headingFamily, brand.titleSize, .bold, p.textSecondary),
                             outlineLevel: nil, spaceAfter: 4)),
            .paragraph(Paragraph(entries.count == 1 ? try w.render(k.countOne) : try w.render(k.count, ["count": String(entries.count)]),
                                 style: body, spaceAfter: 2)),
            .paragraph(Paragraph(try w.render(k.generated, ["date": run.generatedOn.description]), style: caption)),
            .rule(Rule(height: brand.accentBarHeight, color: p.accentBar, spaceBefore: 8, spaceAfter: 10)),
        ]
        if entries.isEmpty {
            blocks.append(.paragraph(Paragraph(try w.render(k.empty), style: body)))
        }
        for group in Directory.groups(entries) {
            blocks.append(.heading(Heading(try roleTitle(group), style: heading, outlineLevel: 1, spaceBefore: 6, spaceAfter: 6)))
            blocks.append(.table(try table(group, content: content)))
        }
        let metadata = DocumentMetadata(
            title: try w.render(k.title), subject: try w.render(k.documentSubject, ["count": String(entries.count)]),
            author: try w.render(k.appName), creator: run.creator, creationDate: run.generatedAt)
        return Document(metadata: metadata, template: try pageTemplate(caption: caption), blocks: blocks)
    }

    /// One group's table: name, organization, phone, email, address, last visit, and for the
    /// family tier rating and notes. Long text wraps; a row never splits.
    func table(_ group: DirectoryGroup, content: DirectoryContent) throws -> Table {
        let c = layout.columns
        func headers(_ columns: [Column]) throws -> [String] { try columns.map { try book.render(keys.columns[$0]) } }
        var columns = [TableColumn(.fixed(c.name)), TableColumn(.fixed(c.organization)), TableColumn(.fixed(c.phone)),
                       TableColumn(.fixed(c.email)), TableColumn(.flexible(layout.addressFlex)), TableColumn(.fixed(c.lastVisit))]
        var header = try headers([.name, .organization, .phone, .email, .address, .lastVisit])
        if content == .family {
            columns += [TableColumn(.fixed(c.rating)), TableColumn(.flexible(layout.notesFlex))]
            header += try headers([.rating, .notes])
        }
        let rows = group.entries.map { e -> TableRow in
            var cells = [e.name, e.organization, e.phone, e.email, e.address].map { TableCell(Directory.present($0) ?? "") }
            cells.append(TableCell(e.lastVisit?.description ?? ""))
            if content == .family {
                cells.append(TableCell(e.rating.map(String.init) ?? ""))
                cells.append(TableCell(Directory.present(e.notes) ?? ""))
            }
            return TableRow(cells, tag: "provider \(e.id)")
        }
        return brand.table(name: "providers", columns: columns, header: header, rows: rows,
                           padding: EdgeInsets(horizontal: layout.paddingX, vertical: layout.paddingY),
                           headerHeight: layout.headerHeight, rowHeight: layout.rowHeight)
    }

    /// The page: size and margins from the layout, "Generated by CuraKnot" and "Page X of Y" in
    /// every footer, and a continuation line at the top of every page after the first.
    func pageTemplate(caption: TextStyle) throws -> PageTemplate {
        let footer = brand.style(\.bodyFamily, brand.footerSize, .regular, brand.palette.caption)
        return layout.page.template(generatedBy: try book.render(keys.generatedBy), pageNumber: try book.phrase(keys.pageNumber),
                                    footer: footer, continuation: Paragraph(try book.render(keys.continuation), style: caption, spaceAfter: 6))
    }
}
