import Foundation

/// Finds the `templates/` folder: the approved wording, thresholds, brand settings and report
/// section lists that the code reads at run time.
///
/// Looked up in order: an explicit path (`--templates`), `$REPORT_TEMPLATES`, then `templates/`
/// beside the executable or in any folder above it (which finds the checkout's `templates/`
/// from `.build/release/report`), then `../share/report/templates` beside the executable.
public enum TemplateDirectory {
    public static let marker = "wording/aurae.json"

    public static func locate(explicit: String? = nil,
                              environment: [String: String] = ProcessInfo.processInfo.environment,
                              executable: String = CommandLine.arguments.first ?? "") throws -> URL {
        if let explicit {
            let url = URL(fileURLWithPath: explicit)
            guard isTemplates(url) else { throw CatalogError.templatesNotFound(searched: [url.path]) }
            return url
        }
        var searched: [String] = []
        if let env = environment["REPORT_TEMPLATES"], !env.isEmpty {
            let url = URL(fileURLWithPath: env)
            if isTemplates(url) { return url }
            searched.append(url.path)
        }
        var dir = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        let share = dir.appendingPathComponent("../share/report/templates").standardizedFileURL
        for _ in 0..<8 {
            let candidate = dir.appendingPathComponent("templates")
            if isTemplates(candidate) { return candidate }
            searched.append(candidate.path)
            let parent = dir.deletingLastPathComponent()
            if parent.path == dir.path { break }
            dir = parent
        }
        if isTemplates(share) { return share }
        searched.append(share.path)
        throw CatalogError.templatesNotFound(searched: searched)
    }

    static func isTemplates(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(marker).path)
    }
}

public enum CatalogError: Error, CustomStringConvertible, Equatable {
    case templatesNotFound(searched: [String])
    case unreadable(file: String, reason: String)
    case missingKey(file: String, key: String)
    case wrongType(file: String, key: String, expected: String)
    case badTemplate(file: String, key: String, reason: String)
    case missingValue(key: String, placeholder: String)
    case unknownPlaceholder(key: String, placeholder: String)
    case badColor(file: String, key: String, value: String)

    public var description: String {
        switch self {
        case .templatesNotFound(let searched):
            return "cannot find the templates folder (looked in: \(searched.joined(separator: ", "))); pass --templates DIR or set REPORT_TEMPLATES"
        case .unreadable(let file, let reason): return "\(file): \(reason)"
        case .missingKey(let file, let key): return "\(file): missing key \"\(key)\""
        case .wrongType(let file, let key, let expected): return "\(file): \"\(key)\" must be \(expected)"
        case .badTemplate(let file, let key, let reason): return "\(file): \"\(key)\" is not a valid template: \(reason)"
        case .missingValue(let key, let placeholder): return "wording \"\(key)\": no value for {{\(placeholder)}}"
        case .unknownPlaceholder(let key, let placeholder): return "wording \"\(key)\": placeholder {{\(placeholder)}} is not one the code fills"
        case .badColor(let file, let key, let value): return "\(file): \"\(key)\" is not a colour: \(value)"
        }
    }
}
