/// Reads records of one kind from JSON and CSV inputs, merged in the order given: the entry point
/// for every record kind (`HeadacheLogReader` is `RecordReader<HeadacheLogDraft>`).
public enum RecordReader<Draft: RecordDraft> {
    @inlinable
    public static func read(_ sources: [InputSource], options: IngestOptions = IngestOptions()) throws -> IngestResult<Draft.Record> {
        try Ingestor<Draft>(options: options).run(sources)
    }

    /// Reads inputs already loaded (`LoadedInput.load`), in the order given: for a caller that
    /// had to look at the bytes first.
    @inlinable
    public static func read(_ inputs: [LoadedInput], options: IngestOptions = IngestOptions()) throws -> IngestResult<Draft.Record> {
        try Ingestor<Draft>(options: options).run(inputs)
    }

    /// Reads one in-memory input (for tests, benchmarks and the fuzz targets). `name` is used in messages.
    @inlinable
    public static func read(bytes: [UInt8], name: String, format: InputFormat,
                            options: IngestOptions = IngestOptions()) throws -> IngestResult<Draft.Record> {
        try Ingestor<Draft>(options: options).run(bytes: bytes, name: name, format: format)
    }
}

/// Thrown internally to stop reading every input (record limit reached).
@usableFromInline struct StopReading: Error { @usableFromInline init() {} }
/// Thrown internally to stop reading the current input.
@usableFromInline struct StopFile: Error { @usableFromInline init() {} }

/// One read of one record kind: collects records, errors and warnings over all inputs.
@usableFromInline final class Ingestor<D: RecordDraft> {
    @usableFromInline let options: IngestOptions
    @usableFromInline var records: [D.Record] = []
    @usableFromInline var errors: [Diagnostic] = []
    @usableFromInline var errorCount = 0
    @usableFromInline var warnings: [Diagnostic] = []
    @usableFromInline var warningCount = 0
    @usableFromInline var skipped = 0
    @usableFromInline var bytesRead = 0
    @usableFromInline var recordCount = 0
    @usableFromInline var unknownNames: Set<String> = []
    /// Where each unique key was first seen: input index, line, column (resolved lazily).
    @usableFromInline var firstSeen: [String: (file: Int32, line: Int32, column: Int32)] = [:]
    @usableFromInline var fileNames: [String] = []

    // The input being read.
    @usableFromInline var file = ""
    @usableFromInline var format = InputFormat.json
    @usableFromInline var json: JSONParser?

    @inlinable init(options: IngestOptions) { self.options = options }

    /// Reads each source whole and parses it before reading the next.
    @inlinable func run(_ sources: [InputSource]) throws -> IngestResult<D.Record> {
        do {
            for source in sources { try ingest(try LoadedInput.load(source, limits: options.limits)) }
        } catch is StopReading {}
        return try result()
    }

    @inlinable func run(_ inputs: [LoadedInput]) throws -> IngestResult<D.Record> {
        do {
            for input in inputs { try ingest(input) }
        } catch is StopReading {}
        return try result()
    }

    @inlinable func ingest(_ input: LoadedInput) throws {
        if let failure = input.failure { addError(failure) }
        guard let bytes = input.bytes else { return }
        try ingest(bytes, name: input.source.displayName, format: input.format(forced: options.format))
    }

    @inlinable func run(bytes: [UInt8], name: String, format: InputFormat) throws -> IngestResult<D.Record> {
        do {
            if bytes.count > options.limits.maxFileBytes {
                addError(Diagnostic(.error, tooLargeMessage(knownSize: bytes.count, maxBytes: options.limits.maxFileBytes),
                                    at: SourceLocation(file: name, line: 1, column: 1)))
            } else {
                try ingest(bytes, name: name, format: format)
            }
        } catch is StopReading {}
        return try result()
    }

    @inlinable func result() throws -> IngestResult<D.Record> {
        if errorCount > 0 {
            var all = errors
            if errorCount > errors.count { all.append(.notShown(errorCount - errors.count, .error)) }
            // Warnings (unknown columns, …) come first, so a failed run still shows them.
            throw IngestError.invalid(warnings + all)
        }
        var w = warnings
        if warningCount > warnings.count { w.append(.notShown(warningCount - warnings.count, .warning)) }
        return IngestResult(records: records, warnings: w, skipped: skipped, bytesRead: bytesRead)
    }

    @inlinable func ingest(_ bytes: [UInt8], name: String, format: InputFormat) throws {
        bytesRead += bytes.count
        file = name
        self.format = format
        fileNames.append(name)
        // Rough estimate (>= 100 bytes per record) so that the tables rarely grow.
        let estimate = min(bytes.count / 100, max(0, options.limits.maxRecords))
        firstSeen.reserveCapacity(firstSeen.count + estimate)
        records.reserveCapacity(records.count + estimate)
        json = nil
        do {
            try bytes.withUnsafeBytes { buf in
                switch format {
                case .json: try ingestJSON(buf)
                case .csv: try ingestCSV(buf)
                }
            }
        } catch is StopFile {}
        json = nil
    }

    // MARK: Diagnostics

    @inlinable func locate(_ pos: InputPosition) -> SourceLocation {
        if pos.lineStart < 0 { return SourceLocation(file: file, line: pos.line, column: pos.offset) }
        guard let json else { return SourceLocation(file: file, line: pos.line, column: 1) }
        let (l, c) = json.lineAndColumn(of: JSONPosition(offset: pos.offset, line: pos.line, lineStart: pos.lineStart))
        return SourceLocation(file: file, line: l, column: c)
    }

    @inlinable func addError(_ d: Diagnostic) {
        errorCount += 1
        if errors.count < options.maxErrors { errors.append(d) }
    }

    @inlinable func addWarning(_ d: Diagnostic) {
        warningCount += 1
        if warnings.count < options.maxErrors { warnings.append(d) }
    }

    /// A problem with one record: an error, or with `skipInvalid` a warning.
    @inlinable func recordProblem(_ issue: Issue) {
        if options.skipInvalid {
            warningCount += 1
            if warnings.count < options.maxErrors { warnings.append(diagnostic(.warning, issue)) }
        } else {
            errorCount += 1
            if errors.count < options.maxErrors { errors.append(diagnostic(.error, issue)) }
        }
    }

    @inlinable func diagnostic(_ severity: Diagnostic.Severity, _ issue: Issue) -> Diagnostic {
        Diagnostic(severity, issue.message(for: format), withoutValues: issue.messageWithoutValues(for: format),
                   at: locate(issue.pos))
    }

    /// A problem with the input as a whole: always an error; stops reading this input.
    @inlinable func fileError(_ message: String, withoutValues: String? = nil, line: Int, column: Int) -> StopFile {
        addError(Diagnostic(.error, message, withoutValues: withoutValues,
                            at: SourceLocation(file: file, line: line, column: column)))
        return StopFile()
    }

    /// Warns once per read about an unknown column or key: `prefix` is the known path it sits
    /// in (`weather.`), `name` the name read from the file, left out of the value-free message.
    @inlinable func warnUnknown(_ what: String, prefix: String = "", _ name: String, _ pos: InputPosition) {
        let key = what + "\u{0}" + prefix + name
        guard unknownNames.insert(key).inserted else { return }
        let within = prefix.isEmpty ? "" : " in \(prefix.dropLast())"
        addWarning(Diagnostic(.warning, "unknown \(what) \(Diagnostic.quote(prefix + name)) ignored",
                              withoutValues: "unknown \(what)\(within) ignored", at: locate(pos)))
    }

    // MARK: Records

    @inlinable func countRecord(_ pos: InputPosition) throws {
        recordCount += 1
        if recordCount > options.limits.maxRecords {
            addError(Diagnostic(.error, "more than \(options.limits.maxRecords) records (limit)", at: locate(pos)))
            throw StopReading()
        }
    }

    /// Ends a record. `broken`: the record could not be read at all (wrong field count, not an
    /// object, bad bytes), so its fields are not checked further.
    @inlinable func complete(_ draft: inout D, recordPos: InputPosition, broken: Bool = false) {
        guard let record = broken ? nil : draft.finish(recordPos: recordPos, locate: locate) else {
            for issue in draft.issues { recordProblem(issue) }
            if options.skipInvalid { skipped += 1 }
            return
        }
        if let key = draft.uniqueKey {
            if let first = firstSeen[key.key] {
                let where_ = SourceLocation(file: fileNames[Int(first.file)], line: Int(first.line), column: Int(first.column))
                recordProblem(Issue(field: D.uniqueField, problem: .duplicate(firstSeen: where_), pos: key.pos))
                if options.skipInvalid { skipped += 1 }
                return
            }
            let loc = locate(key.pos)
            firstSeen[key.key] = (Int32(truncatingIfNeeded: fileNames.count - 1),
                                  Int32(clamping: loc.line), Int32(clamping: loc.column))
        }
        records.append(record)
    }
}
