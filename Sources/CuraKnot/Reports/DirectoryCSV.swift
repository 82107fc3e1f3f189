import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Ingest
import ReportKit

/// The directory as CSV: a header of the provider columns of 10-data-formats.md (so the file reads
/// back with `care ingest`), one row per provider in directory order, written by the one CSV writer
/// (`CSVWriter`: text neutralised against spreadsheet formula injection, the same fields the
/// provider reader reads as text); notes and rating only for family.
public enum DirectoryCSV {
    static let standardFields: [ProviderField] = [.id, .circleId, .name, .role, .organization, .phone, .email, .address, .lastVisit]
    static let familyFields: [ProviderField] = [.notes, .rating]

    public static func text(_ entries: [Provider], content: DirectoryContent) -> String {
        let fields = standardFields + (content == .family ? familyFields : [])
        var csv = CSVWriter(columns: fields.map(\.csvName))
        for group in Directory.groups(entries) {
            for e in group.entries { csv.append(fields) { e.value(of: $0) } }
        }
        return csv.text
    }
}

extension Provider {
    /// The value of `field` as the CSV writes it (nil when unknown).
    func value(of field: ProviderField) -> String? {
        switch field {
        case .id: return id
        case .circleId: return circleId
        case .name: return name
        case .role: return role
        case .organization: return organization
        case .phone: return phone
        case .email: return email
        case .address: return address
        case .notes: return notes
        case .rating: return rating.map(String.init)
        case .lastVisit: return lastVisit?.description
        }
    }
}
