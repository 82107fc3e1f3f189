import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Ingest
import ReportKit
import Quoting

/// The providers of one role, sorted by name.
public struct DirectoryGroup: Equatable, Sendable {
    /// The role as written (trimmed); nil for providers without one.
    public var role: String?
    public var entries: [Provider]
}

/// What the directory holds for a tier: everything, or everything but the family's notes and ratings.
public enum DirectoryContent: Sendable {
    case standard, family
}

public enum Directory {
    /// `entries` grouped by role (roles compared case-insensitively, in alphabetical order; providers
    /// without a role last), each group sorted by name, then id.
    public static func groups(_ entries: [Provider]) -> [DirectoryGroup] {
        var byRole: [String: [Provider]] = [:]
        var shown: [String: String] = [:]
        var noRole: [Provider] = []
        for e in entries {
            let role = e.role?.trimmed(.spacesAndNewlines) ?? ""
            if role.isEmpty { noRole.append(e); continue }
            let key = role.lowercased()
            byRole[key, default: []].append(e)
            if shown[key].map({ role < $0 }) ?? true { shown[key] = role }
        }
        func sorted(_ list: [Provider]) -> [Provider] {
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
        guard let t = text?.trimmed(.spacesAndNewlines), !t.isEmpty else { return nil }
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
