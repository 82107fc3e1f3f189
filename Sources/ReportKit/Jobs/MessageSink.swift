import Ingest

/// Where a run's warnings and progress go: the command line's console (standard error, text or
/// JSON lines), or nowhere (the batch keeps its own files).
public protocol MessageSink {
    func warning(_ text: String)
    /// Progress ("wrote …"), left out by a quiet console.
    func info(_ text: String)
    func print(_ diagnostics: [Diagnostic])
}

/// Messages nobody reads: the batch's jobs, and tests.
public struct SilentMessages: MessageSink {
    public init() {}
    public func warning(_ text: String) {}
    public func info(_ text: String) {}
    public func print(_ diagnostics: [Diagnostic]) {}
}

/// `count` and `noun`, with an "s" unless the count is one: "1 page", "3 episodes".
public func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

extension MessageSink {
    /// The one way inputs are read: the warnings of `result` printed as they come, then the
    /// number of invalid records left out (`--skip-invalid`) when there were any.
    public func reading<Record>(_ result: IngestResult<Record>) -> IngestResult<Record> {
        print(result.warnings)
        skipped(result.skipped)
        return result
    }

    /// "skipped N invalid records" when `count` is not zero.
    public func skipped(_ count: Int) {
        if count > 0 { warning("skipped \(counted(count, "invalid record"))") }
    }

    /// "wrote TARGET: PARTS" (progress).
    public func wrote(_ target: String, _ parts: [String]) {
        info("wrote \(target): \(parts.joined(separator: ", "))")
    }
}
