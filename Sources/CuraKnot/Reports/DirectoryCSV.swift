import Foundation
import Ingest
import ReportKit

/// The directory as CSV: a header of the provider columns of 10-data-formats.md (so the file reads
/// back with `care ingest`), one row per provider in directory order, text neutralised against
/// spreadsheet formula injection and quoted as RFC 4180 needs; notes and rating only for family.
public enum DirectoryCSV {
    static let standardColumns = ["id", "circle_id", "name", "role", "organization", "phone", "email", "address", "last_visit"]
    static let familyColumns = ["notes", "rating"]

    public static func text(_ entries: [Provider], content: DirectoryContent) -> String {
        var lines = [(standardColumns + (content == .family ? familyColumns : [])).joined(separator: ",")]
        for group in Directory.groups(entries) {
            for e in group.entries {
                var fields = [e.id, e.circleId, e.name, e.role, e.organization, e.phone, e.email, e.address].map { field($0) }
                fields.append(e.lastVisit?.description ?? "")
                if content == .family {
                    fields.append(field(e.notes))
                    fields.append(e.rating.map(String.init) ?? "")
                }
                lines.append(fields.joined(separator: ","))
            }
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// One text field: neutralised, then quoted when it holds a comma, quote, CR or LF.
    static func field(_ value: String?) -> String {
        guard let value else { return "" }
        let safe = CSVFormula.neutralised(value)
        guard safe.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return safe }
        return "\"" + safe.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
