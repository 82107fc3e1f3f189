import Foundation
import TestSupport
import XCTest

/// What the batch tests share: the sample user tree, and reading an output folder back.
enum BatchSupport {
    static let users = TestPaths.samples.appendingPathComponent("users").path
    static let tiers = TestPaths.samples.appendingPathComponent("users/tiers.csv").path
    static let asOf = "2026-07-31"

    /// The arguments of a batch of the sample users into `out`.
    static func batchArguments(_ usersDir: String = users, out: String, _ extra: [String] = []) -> [String] {
        ["headache", "batch", usersDir, "-o", out, "--tiers", tiers, "--as-of", asOf] + extra
    }

    /// Every user output file under `out` (relative path → bytes), leaving out the manifests and
    /// run files.
    static func userFiles(_ out: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for user in try FileManager.default.contentsOfDirectory(atPath: out) {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: out + "/" + user, isDirectory: &isDir), isDir.boolValue else { continue }
            for name in try FileManager.default.contentsOfDirectory(atPath: out + "/" + user) {
                files[user + "/" + name] = try Data(contentsOf: URL(fileURLWithPath: out + "/" + user + "/" + name))
            }
        }
        return files
    }

    /// The manifest's lines as objects.
    static func manifest(_ path: String) throws -> [[String: Any]] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    /// A tree of `copies` × the valid sample users (ids `<user>-<n>`), for runs long enough to kill.
    static func largeTree(copies: Int) throws -> String {
        let dir = try TestPaths.temporaryDirectory("batch-users").path
        for user in ["u-alex", "u-bo", "u-dee", "u-eli", "u-fay", "u-gus", "u-hal", "u-cam"] {
            for n in 0..<copies {
                try FileManager.default.copyItem(atPath: users + "/" + user, toPath: "\(dir)/\(user)-\(n)")
            }
        }
        return dir
    }
}
