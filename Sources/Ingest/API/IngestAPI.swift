/// Where input is read from: a file path, or `-` for standard input (shown as `<stdin>`).
public struct InputSource: Hashable, Sendable {
    public var path: String
    public init(path: String) { self.path = path }

    public var isStandardInput: Bool { path == "-" }

    /// The name used in messages: the path as given, or `<stdin>`.
    public var displayName: String { isStandardInput ? "<stdin>" : path }
}

/// The format of an input. Chosen from the extension (`.json`, `.csv`, case-insensitive) unless
/// forced with `IngestOptions.format`. Standard input and files with another extension are
/// sniffed: a first non-blank character `[` or `{` means JSON, anything else CSV.
public enum InputFormat: String, Sendable, CaseIterable {
    case json, csv
}

/// Hard limits that protect against hostile or runaway input. Exceeding any of them is an error
/// (never a crash), reported with the file and position where the limit was hit.
public struct IngestLimits: Hashable, Sendable {
    /// Largest single field or JSON string/number, in input bytes.
    public var maxFieldBytes: Int
    /// Most records over all inputs of one read.
    public var maxRecords: Int
    /// Deepest JSON nesting of arrays and objects (the top-level value is depth 1).
    public var maxDepth: Int
    /// Most fields in one CSV row (the header included).
    public var maxColumns: Int
    /// Largest input, in bytes (files, FIFOs, devices and standard input alike): reading stops
    /// one byte past it (`--max-input-bytes`).
    public var maxFileBytes: Int
    /// How long to wait for a process to open a named FIFO for writing before giving up, in
    /// milliseconds (standard input is never timed out).
    public var writerWaitMilliseconds: Int

    public init(maxFieldBytes: Int = 1 << 20, maxRecords: Int = 5_000_000, maxDepth: Int = 64,
                maxColumns: Int = 1024, maxFileBytes: Int = 512 << 20, writerWaitMilliseconds: Int = 10_000) {
        self.maxFieldBytes = max(1, maxFieldBytes)
        self.maxRecords = max(0, maxRecords)
        // Clamped so that the (recursive) parser can never exhaust the stack.
        self.maxDepth = min(max(1, maxDepth), 4096)
        self.maxColumns = max(1, maxColumns)
        self.maxFileBytes = max(0, maxFileBytes)
        self.writerWaitMilliseconds = max(0, writerWaitMilliseconds)
    }

    public static let `default` = IngestLimits()
}

public struct IngestOptions: Hashable, Sendable {
    /// Report invalid records as warnings and skip them instead of failing.
    public var skipInvalid: Bool
    /// Most errors (and most warnings) kept; the rest are counted in a final note.
    public var maxErrors: Int
    public var limits: IngestLimits
    /// Forces the format of every input; `nil` chooses by extension.
    public var format: InputFormat?

    public init(skipInvalid: Bool = false, maxErrors: Int = 50, limits: IngestLimits = .default,
                format: InputFormat? = nil) {
        self.skipInvalid = skipInvalid
        self.maxErrors = max(1, maxErrors)
        self.limits = limits
        self.format = format
    }
}

public struct IngestResult<Record> {
    /// Valid records in input order (files in the order given, records in file order).
    public var records: [Record]
    /// Warnings: unknown columns/keys (one per name) and, with `skipInvalid`, skipped records.
    public var warnings: [Diagnostic]
    /// Number of invalid records skipped (only with `skipInvalid`).
    public var skipped: Int
    /// Total bytes read from all inputs.
    public var bytesRead: Int

    public init(records: [Record] = [], warnings: [Diagnostic] = [], skipped: Int = 0, bytesRead: Int = 0) {
        self.records = records; self.warnings = warnings; self.skipped = skipped; self.bytesRead = bytesRead
    }
}

public enum IngestError: Error, CustomStringConvertible {
    /// Invalid input: at most `maxErrors` errors, then one "N more errors not shown" note.
    case invalid([Diagnostic])
    /// An input could not be opened or read (exit status 1 upstream).
    case unreadable(path: String, reason: String)
    /// A library the reader needs could not be loaded (`CDelayLoad`): why (exit status 4 upstream).
    case library(String)

    public var description: String {
        switch self {
        case .invalid(let diagnostics):
            return diagnostics.map(\.description).joined(separator: "\n")
        case .unreadable(let path, let reason):
            return "report: error: cannot read \(Diagnostic.escapingControls(path)): \(reason)"
        case .library(let why):
            return why
        }
    }

    public var diagnostics: [Diagnostic] {
        if case .invalid(let d) = self { return d }
        return []
    }

    /// How many errors the input has: those shown and those a closing note says were not shown
    /// (warnings are not counted); 1 for an input that cannot be read.
    public var errorCount: Int {
        guard case .invalid(let d) = self else { return 1 }
        return d.reduce(0) { $0 + ($1.severity == .error ? $1.represents : 0) }
    }

    /// The closing line of a failed read: "60 errors in the input; nothing was written".
    public var closingLine: String {
        let n = errorCount
        return "\(n) error\(n == 1 ? "" : "s") in the input; nothing was written"
    }
}

extension IngestResult: Sendable where Record: Sendable {}
