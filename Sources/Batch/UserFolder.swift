#if canImport(Glibc)
import Glibc
#endif

/// One user's input folder, `USERS_DIR/<userId>/`: the headache log exports (every `.json` and
/// `.csv` file but the daily context, merged in name order) and the daily context
/// (`days.json`, else `days.csv`) when there is one.
public struct UserFolder: Sendable, Equatable {
    public var userId: String
    /// The folder path as the messages name it (`USERS_DIR/<userId>`).
    public var path: String
    /// File names of the log exports, in byte order.
    public var exports: [String]
    /// File name of the daily context, if any.
    public var days: String?

    static let dayNames = ["days.json", "days.csv"]

    /// Lists the folder's files (hidden files and sub-folders are not inputs).
    public init(userId: String, usersDir: String) {
        self.userId = userId
        path = usersDir.hasSuffix("/") ? usersDir + userId : usersDir + "/" + userId
        let names = UserFolder.entries(of: path).filter { $0.isFile }.map(\.name)
        exports = names.filter { name in
            let lower = name.lowercased()
            return (lower.hasSuffix(".json") || lower.hasSuffix(".csv")) && !UserFolder.dayNames.contains(lower)
        }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        days = UserFolder.dayNames.first { want in names.contains(want) }
    }

    /// Every input file name, exports first then the daily context.
    public var inputNames: [String] { exports + (days.map { [$0] } ?? []) }

    public func file(_ name: String) -> String { path + "/" + name }

    /// The user ids under `usersDir`: its non-hidden sub-folders, in byte order of their names (a
    /// stable order whatever the file system returns). Nil when the folder cannot be read.
    public static func userIds(in usersDir: String) -> [String]? {
        guard let dir = opendir(usersDir) else { return nil }
        closedir(dir)
        return entries(of: usersDir).filter { $0.isFolder }.map(\.name)
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// The non-hidden entries of `path`, read one at a time, with whether each is a regular file
    /// or a folder (symbolic links followed).
    static func entries(of path: String) -> [(name: String, isFile: Bool, isFolder: Bool)] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var out: [(String, Bool, Bool)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            var st = stat()
            guard stat(path + "/" + name, &st) == 0 else { continue }
            let kind = st.st_mode & S_IFMT
            out.append((name, kind == S_IFREG, kind == S_IFDIR))
        }
        return out
    }
}
