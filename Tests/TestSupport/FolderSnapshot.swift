import Foundation

/// Every file of a folder (not its subfolders) with its bytes: to tell that a run wrote nothing —
/// no byte changed, no file created or removed.
public enum FolderSnapshot {
    public static func files(_ folder: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let url = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                out[name] = try Data(contentsOf: url)
            }
        }
        return out
    }
}
