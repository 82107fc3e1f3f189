import Quoting
#if canImport(Glibc)
import Glibc
#endif

/// One user's input folder, `USERS_DIR/<userId>/`: the headache log exports (every `.json` and
/// `.csv` file but the daily context, merged in name order) and the daily context
/// (`days.json`, else `days.csv`) when there is one. Names are matched ignoring ASCII letter case.
/// Whatever holds an input's name but cannot be read as one — a name that is not UTF-8, a FIFO,
/// a device, a dangling link, an unreadable folder — is a problem of the user (it is `invalid`),
/// never left out in silence.
public struct UserFolder: Sendable, Equatable {
    public var userId: String
    /// The folder path as the messages name it (`USERS_DIR/<userId>`).
    public var path: String
    /// File names of the log exports, in byte order.
    public var exports: [String]
    /// File name of the daily context, if any.
    public var days: String?
    /// Located messages (`PATH: error: …`) for what the folder holds under an input's name that
    /// cannot be read as input, and for a folder that cannot be read. A user with any is invalid.
    public var problems: [String]

    static let dayNames = ["days.json", "days.csv"]

    /// Lists the folder's files (hidden files and sub-folders are not inputs).
    public init(userId: String, usersDir: String) {
        self.userId = userId
        path = usersDir.hasSuffix("/") ? usersDir + userId : usersDir + "/" + userId
        var names: [String] = []
        problems = []
        let shownPath = Quote.escapingControls(path)
        switch UserFolder.entries(of: path) {
        case .failure(let reason):
            problems.append("\(shownPath): error: cannot read the folder: \(reason)")
        case .success(let entries):
            for entry in entries where UserFolder.isInputName(entry.bytes) {
                let shown = shownPath + "/" + (entry.name.map(Quote.escapingControls) ?? UserFolder.shown(entry.bytes))
                guard let name = entry.name else {
                    problems.append("\(shown): error: the file name is not valid UTF-8, so the file is not read: rename it")
                    continue
                }
                switch entry.kind {
                case .file: names.append(name)
                case .folder: continue
                case .other(let kind): problems.append("\(shown): error: it is \(kind); a user's inputs must be regular files")
                case .unreadable(let reason): problems.append("\(shown): error: cannot read it: \(reason)")
                }
            }
        }
        let byBytes: (String, String) -> Bool = { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        names.sort(by: byBytes)
        exports = names.filter { !UserFolder.dayNames.contains($0.lowercased()) }
        days = UserFolder.dayNames.lazy.compactMap { want in names.first { $0.lowercased() == want } }.first
        problems.sort(by: byBytes)
    }

    /// Every input file name, exports first then the daily context.
    public var inputNames: [String] { exports + (days.map { [$0] } ?? []) }

    public func file(_ name: String) -> String { path + "/" + name }

    /// The user ids under `usersDir`: its non-hidden sub-folders, in byte order of their names (a
    /// stable order whatever the file system returns). Nil when the folder cannot be read.
    public static func userIds(in usersDir: String) -> [String]? { (try? list(usersDir))?.ids }

    /// The users under `usersDir` — its sub-folders, and the names it cannot look at (a dangling
    /// link) — and apart the sub-folders whose names are not UTF-8 (so no user id), each in byte
    /// order of the names. Throws why when the folder cannot be read.
    public static func list(_ usersDir: String) throws -> Listing {
        let entries = try entries(of: usersDir).get()
        var listing = Listing()
        for entry in entries {
            // A folder is a user; so is a name that cannot be looked at (a link to a folder that
            // is gone, no permission), which its user's `errors.txt` then explains. Files are not.
            switch entry.kind {
            case .folder, .unreadable: break
            case .file, .other: continue
            }
            if let name = entry.name {
                listing.ids.append(name)
            } else {
                listing.badNames.append(BadName(bytes: entry.bytes, shown: shown(entry.bytes)))
            }
        }
        listing.ids.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        listing.badNames.sort { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        return listing
    }

    /// The sub-folders of a users folder.
    public struct Listing: Sendable, Equatable {
        public var ids: [String] = []
        public var badNames: [BadName] = []
    }

    /// A sub-folder whose name is not valid UTF-8: its bytes, and the name as shown (`shown`).
    public struct BadName: Sendable, Equatable {
        public var bytes: [UInt8]
        public var shown: String
    }

    /// A name's bytes as text: the UTF-8 parts as `Quote.text` shows them (so `\` is `\\`), each
    /// byte that is not part of valid UTF-8 as `\xHH`. No two names are shown alike, and nothing
    /// in one reaches a terminal raw.
    public static func shown(_ bytes: [UInt8]) -> String {
        var out = ""
        var run: [UInt8] = []
        var i = 0
        func flush() {
            if !run.isEmpty { out += Quote.text(String(decoding: run, as: UTF8.self)); run = [] }
        }
        while i < bytes.count {
            let b = bytes[i]
            let length = b < 0x80 ? 1 : (0xC2...0xDF).contains(b) ? 2 : (0xE0...0xEF).contains(b) ? 3 : (0xF0...0xF4).contains(b) ? 4 : 0
            if length > 0, i + length <= bytes.count, String(validating: bytes[i..<(i + length)], as: UTF8.self) != nil {
                run += bytes[i..<(i + length)]
                i += length
            } else {
                flush()
                let hex = Array("0123456789ABCDEF")
                out += "\\x" + String(hex[Int(b >> 4)]) + String(hex[Int(b & 15)])
                i += 1
            }
        }
        flush()
        return out
    }

    /// Whether a file name is one the batch reads: it ends in `.json` or `.csv`, in any case.
    static func isInputName(_ bytes: [UInt8]) -> Bool {
        let lower = bytes.suffix(5).map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        return lower.elementsEqual(".json".utf8) || lower.suffix(4).elementsEqual(".csv".utf8)
    }

    /// One entry of a folder: the name's bytes, the name when it is UTF-8, and what it is.
    struct Entry {
        enum Kind { case file, folder, other(String), unreadable(String) }
        var bytes: [UInt8]
        var name: String?
        var kind: Kind
    }

    /// The non-hidden entries of `path`, read one at a time by their bytes, with what each is
    /// (symbolic links followed); the reason when the folder cannot be read.
    static func entries(of path: String) -> Result<[Entry], Unreadable> {
        guard let dir = opendir(path) else { return .failure(Unreadable(String(cString: strerror(errno)))) }
        defer { closedir(dir) }
        var out: [Entry] = []
        while let entry = readdir(dir) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            guard let first = bytes.first, first != UInt8(ascii: ".") else { continue }
            var full = Array(path.utf8) + [UInt8(ascii: "/")] + bytes
            full.append(0)
            var st = stat()
            let kind: Entry.Kind
            if full.withUnsafeBufferPointer({ p in p.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &st) } }) != 0 {
                kind = .unreadable(String(cString: strerror(errno)))
            } else {
                switch st.st_mode & S_IFMT {
                case S_IFREG: kind = .file
                case S_IFDIR: kind = .folder
                default: kind = .other(BatchFile.irregularKind(st.st_mode) ?? "not a regular file")
                }
            }
            out.append(Entry(bytes: bytes, name: String(validating: bytes, as: UTF8.self), kind: kind))
        }
        return .success(out)
    }

    struct Unreadable: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
