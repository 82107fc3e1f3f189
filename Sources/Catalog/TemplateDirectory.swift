import FoundationEssentials
import Ingest
#if canImport(Glibc)
import Glibc
#endif

/// Finds the `templates/` folder: the approved wording, thresholds, brand settings and report
/// section lists that the code reads at run time.
///
/// Looked up in order: an explicit path (`--templates`), `$REPORT_TEMPLATES`, then `templates/`
/// beside the executable or in any folder above it (which finds the checkout's `templates/`
/// from `.build/release/report`), then `../share/report/templates` beside the executable.
public enum TemplateDirectory {
    public static let marker = "wording/aurae.json"

    public static func locate(explicit: String? = nil,
                              environment: [String: String] = ProcessEnvironment.values("REPORT_TEMPLATES"),
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
