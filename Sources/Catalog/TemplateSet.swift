import Foundation

/// Everything `templates/` holds for one app, loaded once per run.
public struct TemplateSet: Sendable {
    public let directory: URL
    public let wording: Wording
    public let brand: JSONFile
    public let thresholds: JSONFile
    public let medications: JSONFile

    public init(directory: URL, app: String = "aurae") throws {
        self.directory = directory
        wording = try Wording(directory: directory, app: app)
        brand = try JSONFile(directory: directory, relativePath: "brand/\(app).json")
        thresholds = try JSONFile(directory: directory, relativePath: "thresholds/\(app).json")
        medications = try JSONFile(directory: directory, relativePath: "medications/\(app).json")
    }

    /// A report's layout and section list, `templates/reports/<name>.json`.
    public func report(_ name: String) throws -> JSONFile {
        try JSONFile(directory: directory, relativePath: "reports/\(name).json")
    }
}
