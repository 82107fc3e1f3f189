import Foundation

/// Paths inside the checkout, found from this file's location (tests never read `../shared`).
public enum TestPaths {
    public static let repoRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static let templates = repoRoot.appendingPathComponent("templates")
    public static let samples = repoRoot.appendingPathComponent("samples")

    /// A new empty folder under the system temporary directory.
    public static func temporaryDirectory(_ label: String = "report-tests") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
