import Catalog
import Quoting
import Render
import ReportKit

/// Runs the care network directory: the plain listing for standard output (grouped by circle,
/// then role), or one circle's export (PDF, CSV or vCard by the output's extension) written
/// atomically.
public struct DirectoryJob {
    let directory: DirectoryDocument

    public init(templates: TemplateSet) throws { directory = try DirectoryDocument(templates: templates) }

    /// The plain listing: the title, then per circle its name and per role its providers (name ·
    /// organization · phone · email · address · last visit; family adds the rating and notes).
    public func listing(_ circles: [(circleId: String?, records: [Provider])], content: DirectoryContent,
                        recipientName: String? = nil) throws -> String {
        let w = directory.book, k = directory.keys
        var lines = [try w.render(k.title)]
        for circle in circles {
            // Every value from the input goes through Quote.text: no control sequence reaches the
            // terminal, no line break in a note or a name starts a line of its own.
            let recipient = CareRecipient(name: recipientName, circleId: circle.circleId).quoted
            if let who = try directory.format.recipient(recipient) {
                lines += ["", who]
            }
            if circle.records.isEmpty { lines.append(try w.render(k.empty)) }
            for group in Directory.groups(circle.records) {
                lines.append("")
                lines.append(Quote.text(try directory.roleTitle(group)))
                for e in group.entries {
                    var parts = [e.name, e.organization, e.phone, e.email, e.address].compactMap { Directory.present($0).map { Quote.text($0) } }
                    if let visit = e.lastVisit { parts.append(visit.description) }
                    if content == .family, let rating = e.rating { parts.append(try directory.ratingText(rating)) }
                    lines.append("  " + parts.joined(separator: " · "))
                    if content == .family, let notes = Directory.present(e.notes) { lines.append("    " + Quote.text(notes)) }
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The PDF document of one circle's providers (everything before layout).
    public func document(_ entries: [Provider], content: DirectoryContent, recipient: CareRecipient, run: RunInfo) throws -> Document {
        try directory.document(entries, content: content, recipient: recipient, run: run)
    }

    /// The tiers a request needs: an export (`-o`) needs plus; the listing is in every tier.
    public static func gates(export: Bool) -> [TierGate<CareTier>] { export ? [CareGates.directoryExport] : [] }

    /// Writes one circle's `entries` as `format` to the context's output, whole or not at all;
    /// returns the PDF's page count (nil for CSV and vCard).
    @discardableResult
    public func write(_ entries: [Provider], content: DirectoryContent, format: DirectoryFormat, recipient: CareRecipient,
                      in context: ReportContext) throws -> Int? {
        switch format {
        case .csv:
            try context.writeText(DirectoryCSV.text(entries, content: content))
            return nil
        case .vcf:
            try context.writeText(try DirectoryVCard.text(entries, content: content, ratingText: directory.ratingText))
            return nil
        case .pdf:
            return try context.writePDF(try document(entries, content: content, recipient: recipient, run: context.run))
        }
    }
}
