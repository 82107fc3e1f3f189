#if canImport(Glibc)
import Glibc
#endif

/// Where a report's bytes go: a file written whole or not at all, or standard output (`-`).
public struct OutputTarget: Sendable, Equatable {
    /// The file to write; `-` is standard output.
    public var path: String
    /// Where a replaced file goes once written, instead of being synced and renamed into place
    /// at once: a batch makes each user's files durable together, off its workers.
    public var deferred: DeferredCommits?

    public init(path: String) { self.path = path }

    public init(path: String, deferringTo deferred: DeferredCommits) {
        self.path = path; self.deferred = deferred
    }

    public static func == (a: OutputTarget, b: OutputTarget) -> Bool { a.path == b.path && a.deferred === b.deferred }

    public static let standardOutput = OutputTarget(path: "-")

    public var isStandardOutput: Bool { path == "-" }

    /// The target as messages name it: "standard output", or the path.
    public var displayName: String { isStandardOutput ? "standard output" : path }

    /// The first of `inputs` that is the file this target would replace, or nil. Files are
    /// compared by device and inode, so another spelling of the path or a symbolic link is found
    /// too; `-` among the inputs is standard input as it is open now. Only an existing regular
    /// file counts: FIFOs and devices are not replaced.
    public func clobbers(_ inputs: [String]) -> String? {
        guard !isStandardOutput else { return nil }
        var out = stat()
        guard stat(path, &out) == 0, out.st_mode & S_IFMT == S_IFREG else { return nil }
        return inputs.first { input in
            var st = stat()
            let found = input == "-" ? fstat(STDIN_FILENO, &st) == 0 : stat(input, &st) == 0
            return found && st.st_dev == out.st_dev && st.st_ino == out.st_ino
        }
    }

    /// Writes `text` whole or not at all.
    public func write(_ text: String) throws {
        try write { try $0.write(text) }
    }

    /// Runs `body` with an `AtomicFile` for the target: committed when `body` returns (or
    /// handed to `deferred`, written out but not yet in place), abandoned (the old file left
    /// untouched) when it or the commit throws.
    public func write(_ body: (AtomicFile) throws -> Void) throws {
        let file = try AtomicFile(path: path)
        do {
            try body(file)
            if let deferred, file.replacesTarget {
                try file.flushBuffered()
                deferred.add(file)
            } else {
                try file.commit()
            }
        } catch {
            file.abandon()
            throw error
        }
    }
}
