import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Everything `templates/` holds for one app: the wording, parsed once per run, and the settings
/// files, each decoded by the report that uses it.
public struct TemplateSet: Sendable {
    public let directory: URL
    public let app: String
    public let wording: Wording

    public init(directory: URL, app: String = "aurae") throws {
        self.directory = directory
        self.app = app
        wording = try Wording(directory: directory, app: app)
    }

    /// `templates/thresholds/<app>.json`.
    public var thresholdsFile: String { "thresholds/\(app).json" }
    /// `templates/medications/<app>.json`.
    public var medicationsFile: String { "medications/\(app).json" }
    /// `templates/brand/<app>.json`.
    public var brandFile: String { "brand/\(app).json" }
    /// A report's layout, `templates/reports/<name>.json`.
    public func reportFile(_ name: String) -> String { "reports/\(name).json" }

    /// Decodes one settings file of this set.
    public func decode<T: Decodable>(_ type: T.Type, file: String) throws -> T {
        try ConfigFile.decode(type, directory: directory, file: file)
    }

    /// Reads one settings file of this set as a tree, for a type that reads its keys by hand
    /// (`ConfigNode`).
    public func node(file: String) throws -> ConfigNode {
        try ConfigNode.read(directory: directory, file: file)
    }
}
