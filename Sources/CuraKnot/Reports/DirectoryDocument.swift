import Catalog
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Render
import ReportKit

/// The care network directory PDF of one care circle (spec 40-care-circle.md), meant to be read at
/// a hospital desk or handed to a new caregiver: a title naming whom it is for, then per role one
/// outline heading and one card per provider, sorted by name — organization, phone, email,
/// address and last visit ("—" where empty), the family tier adding the rating ("4 of 5") and the
/// notes — in type of at least 10 pt. Every page after the first names the circle again.
public struct DirectoryDocument {
    /// Every wording key the directory (PDF, listing and vCard) renders.
    struct Keys: WordingKeySet {
        let wordmark = WordingKey("directory.wordmark")
        let appName = WordingKey("directory.appName")
        let generatedBy = WordingKey("directory.generatedBy")
        let title = WordingKey("directory.title")
        let documentSubject = WordingKey("directory.documentSubject", "recipient", "count")
        let generated = WordingKey("directory.generated", "date")
        let count = WordingKey("directory.count", "count")
        let countOne = WordingKey("directory.countOne")
        let empty = WordingKey("directory.empty")
        let noRole = WordingKey("directory.noRole")
        let continuation = WordingKey("directory.continuation", "recipient")
        let pageNumber = WordingKey("directory.pageNumber", "page", "pages")
        let rating = WordingKey("directory.rating", "rating")
        let ratingValue = WordingKey("directory.ratingValue", "rating")
        let none = WordingKey("directory.none")
        let fields = WordingKeyFamily<Field>("directory.fields")

        var declaredKeys: [WordingKey] {
            keys(wordmark, appName, generatedBy, title, documentSubject, generated, count, countOne,
                 empty, noRole, continuation, pageNumber, rating, ratingValue, none, fields)
        }
    }

    /// The lines of a card (`directory.fields.<case>`); rating and notes for the family tier only.
    enum Field: String, CaseIterable {
        case organization, phone, email, address, lastVisit, rating, notes
    }

    let keys = Keys()
    let book: Phrasebook
    let brand: CuraKnotBrand
    let layout: DirectoryLayout
    let format: CareFormat

    /// Loads and checks the brand, the layout and every wording key (templates of app `curaknot`).
    public init(templates: TemplateSet) throws {
        book = try templates.wording.compile(keys)
        brand = try CuraKnotBrand(templates: templates)
        layout = try DirectoryLayout(templates: templates)
        format = try CareFormat(templates: templates)
    }

    /// The heading of a role group.
    func roleTitle(_ group: DirectoryGroup) throws -> String {
        try group.role ?? book.render(keys.noRole)
    }

    /// The sentence for a rating, e.g. "Rating: 4 of 5" (listing and vCard).
    func ratingText(_ rating: Int) throws -> String { try book.render(keys.rating, ["rating": String(rating)]) }

    /// The directory of one circle's providers, for `recipient`.
    public func document(_ entries: [Provider], content: DirectoryContent, recipient: CareRecipient, run: RunInfo) throws -> Document {
        let w = book, k = keys, p = brand.palette
        let body = brand.style(\.bodyFamily, brand.bodySize, .regular, p.textPrimary)
        let caption = brand.style(\.bodyFamily, brand.captionSize, .regular, p.caption)
        let heading = brand.style(\.headingFamily, brand.headingSize, .semibold, p.textSecondary)
        let who = try format.recipient(recipient.isolated)
        var blocks: [Block] = [
            .paragraph(Paragraph(try w.render(k.wordmark),
                                 style: brand.style(\.headingFamily, brand.wordmarkSize, .semibold, p.textSecondary), spaceAfter: 8)),
            .heading(Heading(try w.render(k.title), style: brand.style(\.headingFamily, brand.titleSize, .bold, p.textSecondary),
                             outlineLevel: nil, spaceAfter: 4)),
        ]
        if let who {
            blocks.append(.paragraph(Paragraph(who, style: brand.style(\.bodyFamily, layout.card.valueSize, .semibold, p.textSecondary),
                                               spaceAfter: 2)))
        }
        blocks += [
            .paragraph(Paragraph(entries.count == 1 ? try w.render(k.countOne) : try w.render(k.count, ["count": String(entries.count)]),
                                 style: body, spaceAfter: 2)),
            .paragraph(Paragraph(try w.render(k.generated, ["date": try format.date(run.generatedOn)]), style: caption)),
            .rule(Rule(height: brand.accentBarHeight, color: p.accentBar, spaceBefore: 8, spaceAfter: 10)),
        ]
        if entries.isEmpty {
            blocks.append(.paragraph(Paragraph(try w.render(k.empty), style: body)))
        }
        for group in Directory.groups(entries) {
            blocks.append(.heading(Heading(try roleTitle(group), style: heading, outlineLevel: 1, spaceBefore: 6, spaceAfter: 6)))
            for e in group.entries { blocks.append(try card(e, content: content)) }
        }
        // An input without providers and without --circle names no one: the title stands alone.
        let metadata = DocumentMetadata(
            title: try w.render(k.title),
            subject: try who.map { try w.render(k.documentSubject, ["recipient": $0, "count": String(entries.count)]) } ?? w.render(k.title),
            author: try w.render(k.appName), creator: run.creator, creationDate: run.generatedAt)
        let running = try who.map { try w.render(k.continuation, ["recipient": $0]) } ?? w.render(k.title)
        return Document(metadata: metadata, template: try pageTemplate(running: running, caption: caption), blocks: blocks)
    }

    /// One provider's card, kept on one page: the name on a tinted band, then a line per field —
    /// its label and its value, "—" when unknown.
    func card(_ e: Provider, content: DirectoryContent) throws -> Block {
        let c = layout.card, p = brand.palette
        let none = try book.render(keys.none)
        var fields: [(Field, String?)] = [(.organization, e.organization), (.phone, e.phone), (.email, e.email), (.address, e.address),
                                          (.lastVisit, try e.lastVisit.map(format.date))]
        if content == .family {
            fields += [(.rating, try e.rating.map { try book.render(keys.ratingValue, ["rating": String($0)]) }), (.notes, e.notes)]
        }
        let label = brand.style(\.bodyFamily, c.labelSize, .regular, p.caption)
        let rows = try fields.map { field, value in
            TableRow([TableCell(try book.render(keys.fields[field])), TableCell(Directory.present(value) ?? none)],
                     fill: p.zebra, tag: "provider \(e.id) \(field.rawValue)")
        }
        let table = Table(
            name: "provider \(e.id)", columns: [TableColumn(.fixed(c.labelWidth), style: label), TableColumn(.flexible(1))], header: [], rows: rows,
            headerStyle: label, bodyStyle: brand.style(\.bodyFamily, c.valueSize, .regular, p.textPrimary),
            cellPadding: EdgeInsets(horizontal: c.paddingX, vertical: c.paddingY), spaceAfter: c.spacing,
            rowSplitting: .truncatingCells, rowHeaderColumns: 1)
        var name = Paragraph(Directory.present(e.name) ?? e.id, style: brand.style(\.bodyFamily, c.nameSize, .semibold, p.textSecondary),
                             fill: p.tableHeaderFill, padding: EdgeInsets(horizontal: c.paddingX, vertical: c.paddingY + 1.5))
        // The card's heading (H3, under its role's H2): a reader moving from heading to heading,
        // or from table to table, hears whose card it is.
        name.role = .heading(3)
        return .keepTogether([.paragraph(name), .table(table)])
    }

    /// The page: size and margins from the layout, "Generated by CuraKnot" and "Page X of Y" in
    /// every footer, and the running header naming the circle on every page after the first.
    func pageTemplate(running: String, caption: TextStyle) throws -> PageTemplate {
        let footer = brand.style(\.bodyFamily, brand.footerSize, .regular, brand.palette.caption)
        return layout.page.template(generatedBy: try book.render(keys.generatedBy), pageNumber: try book.phrase(keys.pageNumber),
                                    footer: footer, continuation: Paragraph(running, style: caption, spaceAfter: 6))
    }
}
