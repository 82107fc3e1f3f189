import Foundation
import Ingest

/// One provider as the care network directory shows it (spec 40-care-circle.md). The CLI makes
/// these from Care's `Provider`; `notes` and `rating` are shown only with `familyContent`.
public struct DirectoryEntry: Equatable, Sendable {
    public var id: String
    public var circleId: String
    public var name: String
    public var role: String?
    public var organization: String?
    public var phone: String?
    public var email: String?
    public var address: String?
    public var notes: String?
    public var rating: Int?
    public var lastVisit: LocalDate?

    public init(id: String, circleId: String, name: String, role: String? = nil, organization: String? = nil,
                phone: String? = nil, email: String? = nil, address: String? = nil, notes: String? = nil,
                rating: Int? = nil, lastVisit: LocalDate? = nil) {
        self.id = id; self.circleId = circleId; self.name = name; self.role = role
        self.organization = organization; self.phone = phone; self.email = email; self.address = address
        self.notes = notes; self.rating = rating; self.lastVisit = lastVisit
    }
}

/// The providers of one role, sorted by name.
public struct DirectoryGroup: Equatable, Sendable {
    /// The role as written (trimmed); nil for providers without one.
    public var role: String?
    public var entries: [DirectoryEntry]
}

/// What the directory holds for a tier: everything, or everything but the family's notes and ratings.
public enum DirectoryContent: Sendable {
    case standard, family
}

public enum Directory {
    /// `entries` grouped by role (roles compared case-insensitively, in alphabetical order; providers
    /// without a role last), each group sorted by name, then id.
    public static func groups(_ entries: [DirectoryEntry]) -> [DirectoryGroup] {
        var byRole: [String: [DirectoryEntry]] = [:]
        var shown: [String: String] = [:]
        var noRole: [DirectoryEntry] = []
        for e in entries {
            let role = e.role?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            if role.isEmpty { noRole.append(e); continue }
            let key = role.lowercased()
            byRole[key, default: []].append(e)
            if shown[key].map({ role < $0 }) ?? true { shown[key] = role }
        }
        func sorted(_ list: [DirectoryEntry]) -> [DirectoryEntry] {
            list.sorted { a, b in
                let x = a.name.lowercased(), y = b.name.lowercased()
                if x != y { return x < y }
                return a.name != b.name ? a.name < b.name : a.id < b.id
            }
        }
        var result = byRole.keys.sorted().map { DirectoryGroup(role: shown[$0], entries: sorted(byRole[$0] ?? [])) }
        if !noRole.isEmpty { result.append(DirectoryGroup(role: nil, entries: sorted(noRole))) }
        return result
    }

    /// `text` when it has something besides white space, else nil.
    static func present(_ text: String?) -> String? {
        guard let t = text?.trimmingCharacters(in: .whitespacesAndNewlines), !t.isEmpty else { return nil }
        return t
    }
}

/// The export formats, told by the output file's extension.
public enum DirectoryFormat: String, CaseIterable, Sendable {
    case pdf, csv, vcf

    /// The format for `path`'s extension (case-insensitive), or nil.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }
}
