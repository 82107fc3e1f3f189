#if canImport(Glibc)
import Glibc
#endif

/// How an output path is written, decided from what it names when the write starts.
///
/// A regular file (or a name that does not exist yet) is replaced atomically; a symbolic link is
/// followed to its final target, which is replaced atomically while the link stays; a FIFO or a
/// character device (`/dev/null`, a terminal, `/dev/stdout`) is written directly, with no
/// temporary file and no rename; `-` is standard output. Folders, block devices and sockets are
/// refused.
enum OutputPath: Equatable {
    case standardOutput
    /// Opened and written as it is (FIFO, character device, or a `/proc` magic link).
    case direct
    /// Written to a temporary file in the folder of `final`, then renamed over `final`.
    case replace(final: String)

    /// The most symbolic links followed before giving up, as the kernel does (`ELOOP`).
    static let maxLinks = 40

    /// Classifies `path`; throws `AtomicFile.Failure.cannotCreate` for what cannot be written.
    static func resolve(_ path: String) throws -> OutputPath {
        if path == "-" { return .standardOutput }
        var current = path
        for _ in 0..<maxLinks {
            var st = stat()
            if lstat(current, &st) != 0 {
                if errno == ENOENT { return .replace(final: current) }
                throw AtomicFile.Failure.cannotCreate(path: path, reason: String(cString: strerror(errno)))
            }
            switch st.st_mode & S_IFMT {
            case S_IFREG:
                return .replace(final: current)
            case S_IFLNK where isInProc(folder(of: current)):
                // `/dev/stdout` and `/dev/fd/1` end in `/proc/self/fd/1`, whose "target" may be
                // `pipe:[…]`: the kernel opens what it stands for, so it is written directly.
                return .direct
            case S_IFLNK:
                guard let target = readLink(current) else {
                    throw AtomicFile.Failure.cannotCreate(path: path, reason: String(cString: strerror(errno)))
                }
                current = target.hasPrefix("/") ? target : folder(of: current) + "/" + target
            case S_IFIFO, S_IFCHR:
                return .direct
            case S_IFDIR:
                throw AtomicFile.Failure.cannotCreate(path: path, reason: "it is a folder")
            default:
                throw AtomicFile.Failure.cannotCreate(path: path, reason: "not a regular file, FIFO or character device")
            }
        }
        throw AtomicFile.Failure.cannotCreate(path: path, reason: String(cString: strerror(ELOOP)))
    }

    /// The folder part of `path` (`.` for a bare name, `/` for a name in the root).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`.
    static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Whether `folder`, with its links resolved, is inside `/proc` (whose links are not paths).
    static func isInProc(_ folder: String) -> Bool {
        guard let real = realpath(folder, nil) else { return false }
        defer { free(real) }
        return String(cString: real).hasPrefix("/proc/")
    }

    /// The text of the symbolic link at `path`, or nil (with `errno` set).
    static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n >= 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
