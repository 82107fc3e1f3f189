/// Where a report's bytes go: a file written whole or not at all, or standard output (`-`).
public struct OutputTarget: Sendable, Equatable {
    /// The file to write; `-` is standard output.
    public var path: String

    public init(path: String) { self.path = path }

    public static let standardOutput = OutputTarget(path: "-")

    public var isStandardOutput: Bool { path == "-" }

    /// Runs `body` with an `AtomicFile` for the target: committed when `body` returns, abandoned
    /// (the old file left untouched) when it or the commit throws.
    public func write(_ body: (AtomicFile) throws -> Void) throws {
        let file = try AtomicFile(path: path)
        do {
            try body(file)
            try file.commit()
        } catch {
            file.abandon()
            throw error
        }
    }
}
