import Foundation

/// Paths inside the checkout, found from this file's location (tests never read `../shared`).
public enum TestPaths {
    public static let repoRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static let templates = repoRoot.appendingPathComponent("templates")
    public static let samples = repoRoot.appendingPathComponent("samples")

    /// A new empty folder under the system temporary directory, removed with everything in it
    /// when the test process ends (kept when `REPORT_KEEP_TEST_FILES` is set, to look at a
    /// failure's files).
    public static func temporaryDirectory(_ label: String = "report-tests") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        Made.add(url)
        return url
    }

    /// The folders `temporaryDirectory` made, removed at exit.
    private enum Made {
        nonisolated(unsafe) static var folders: [URL] = []
        static let lock = NSLock()
        static let removeAtExit: Void = {
            atexit {
                guard ProcessInfo.processInfo.environment["REPORT_KEEP_TEST_FILES"] == nil else { return }
                Made.lock.lock()
                defer { Made.lock.unlock() }
                for folder in Made.folders { try? FileManager.default.removeItem(at: folder) }
            }
        }()

        static func add(_ url: URL) {
            _ = removeAtExit
            lock.lock()
            defer { lock.unlock() }
            folders.append(url)
        }
    }
}
