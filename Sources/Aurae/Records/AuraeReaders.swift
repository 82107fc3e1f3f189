import Ingest

/// Reads headache logs (`logs`) from JSON and CSV inputs, merged in the order given.
public enum HeadacheLogReader {
    public static func read(_ sources: [InputSource], options: IngestOptions = IngestOptions()) throws -> IngestResult<HeadacheLog> {
        try RecordReader<HeadacheLogDraft>.read(sources, options: options)
    }

    /// Reads one in-memory input (for tests, benchmarks and the fuzz targets). `name` is used in messages.
    public static func read(bytes: [UInt8], name: String, format: InputFormat,
                            options: IngestOptions = IngestOptions()) throws -> IngestResult<HeadacheLog> {
        try RecordReader<HeadacheLogDraft>.read(bytes: bytes, name: name, format: format, options: options)
    }
}

/// Reads daily context (`days`) from JSON and CSV inputs, merged in the order given.
public enum DayContextReader {
    public static func read(_ sources: [InputSource], options: IngestOptions = IngestOptions()) throws -> IngestResult<DayContext> {
        try RecordReader<DayContextDraft>.read(sources, options: options)
    }

    public static func read(bytes: [UInt8], name: String, format: InputFormat,
                            options: IngestOptions = IngestOptions()) throws -> IngestResult<DayContext> {
        try RecordReader<DayContextDraft>.read(bytes: bytes, name: name, format: format, options: options)
    }
}

/// The top-level record keys of the Aurae export family: a `logs` file given as `days` (or as
/// another kind of the family) is reported as the wrong kind of file.
let auraeRecordsKeys = ["logs", "days", "handoffs", "expenses", "providers", "benchmarks"]
