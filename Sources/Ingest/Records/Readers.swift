import Foundation
/// Reads headache logs (`logs`) from JSON and CSV inputs, merged in the order given.
public enum HeadacheLogReader {
    public static func read(_ sources: [InputSource], options: IngestOptions = IngestOptions()) throws -> IngestResult<HeadacheLog> {
        try Ingestor<HeadacheLogDraft>(options: options).run(sources)
    }

    /// Reads one in-memory input (for tests, benchmarks and the fuzz targets). `name` is used in messages.
    public static func read(bytes: [UInt8], name: String, format: InputFormat,
                            options: IngestOptions = IngestOptions()) throws -> IngestResult<HeadacheLog> {
        try Ingestor<HeadacheLogDraft>(options: options).run(bytes: bytes, name: name, format: format)
    }
}

/// Reads daily context (`days`) from JSON and CSV inputs, merged in the order given.
public enum DayContextReader {
    public static func read(_ sources: [InputSource], options: IngestOptions = IngestOptions()) throws -> IngestResult<DayContext> {
        try Ingestor<DayContextDraft>(options: options).run(sources)
    }

    public static func read(bytes: [UInt8], name: String, format: InputFormat,
                            options: IngestOptions = IngestOptions()) throws -> IngestResult<DayContext> {
        try Ingestor<DayContextDraft>(options: options).run(bytes: bytes, name: name, format: format)
    }
}

/// Thrown internally to stop reading every input (record limit reached).
struct StopReading: Error {}
/// Thrown internally to stop reading the current input.
struct StopFile: Error {}

/// The top-level record keys of the other record kinds (a wrong one is an error).
private let allRecordKeys = ["logs", "days", "handoffs", "expenses", "providers", "benchmarks"]

final class Ingestor<D: RecordDraft> {
    let options: IngestOptions
    var records: [D.Record] = []
    var errors: [Diagnostic] = []
    var errorCount = 0
    var warnings: [Diagnostic] = []
    var warningCount = 0
    var skipped = 0
    var bytesRead = 0
    var recordCount = 0
    var unknownNames: Set<String> = []
    /// Where each unique key was first seen: input index, line, column (resolved lazily).
    var firstSeen: [String: (file: Int32, line: Int32, column: Int32)] = [:]
    var fileNames: [String] = []

    // The input being read.
    var file = ""
    var json: JSONParser?

    /// JSON paths and their CSV column names, longest path first: messages about a CSV record
    /// name the column the user sees (`onset_at`), messages about JSON the key (`onsetAt`).
    let csvNames: [(path: String, column: String)]

    init(options: IngestOptions) {
        self.options = options
        csvNames = D.Field.allCases.map { ($0.path, $0.csvName) }.sorted { $0.0.count > $1.0.count }
    }

    /// `message` with the JSON field paths it names replaced by their CSV column names, for CSV
    /// input (only before the first quoted value, which is the user's data).
    func csvMessage(_ message: String) -> String {
        let quote = message.firstIndex(of: "\"") ?? message.endIndex
        var head = String(message[..<quote])
        for (path, column) in csvNames {
            var searchStart = head.startIndex
            while let r = head.range(of: path, range: searchStart..<head.endIndex) {
                let before = r.lowerBound == head.startIndex ? nil : head[head.index(before: r.lowerBound)]
                let after = r.upperBound == head.endIndex ? nil : head[r.upperBound]
                let boundary: (Character?) -> Bool = { c in c.map { !($0.isLetter || $0.isNumber || $0 == "_") } ?? true }
                if boundary(before) && (after == nil || after == " " || after == "[" || after == "." || after == "," || after == ";") {
                    head.replaceSubrange(r, with: column)
                    searchStart = head.index(r.lowerBound, offsetBy: column.count)
                } else {
                    searchStart = r.upperBound
                }
            }
        }
        return head + message[quote...]
    }

    func run(_ sources: [InputSource]) throws -> IngestResult<D.Record> {
        do {
            for source in sources {
                switch try readInput(source, maxBytes: options.limits.maxFileBytes) {
                case .tooLarge(let size):
                    addError(Diagnostic(.error, "input is \(size) bytes, over the limit of \(options.limits.maxFileBytes) bytes",
                                        at: SourceLocation(file: source.displayName, line: 1, column: 1)))
                case .bytes(let bytes):
                    try ingest(bytes, name: source.displayName,
                               format: chooseFormat(source, forced: options.format, bytes: bytes))
                }
            }
        } catch is StopReading {}
        return try result()
    }

    func run(bytes: [UInt8], name: String, format: InputFormat) throws -> IngestResult<D.Record> {
        do {
            if bytes.count > options.limits.maxFileBytes {
                addError(Diagnostic(.error, "input is \(bytes.count) bytes, over the limit of \(options.limits.maxFileBytes) bytes",
                                    at: SourceLocation(file: name, line: 1, column: 1)))
            } else {
                try ingest(bytes, name: name, format: format)
            }
        } catch is StopReading {}
        return try result()
    }

    func result() throws -> IngestResult<D.Record> {
        if errorCount > 0 {
            var all = errors
            if errorCount > errors.count {
                let more = errorCount - errors.count
                all.append(Diagnostic(.error, "\(more) more error\(more == 1 ? "" : "s") not shown", at: nil))
            }
            // Warnings (unknown columns, …) come first, so a failed run still shows them.
            throw IngestError.invalid(warnings + all)
        }
        var w = warnings
        if warningCount > warnings.count {
            let more = warningCount - warnings.count
            w.append(Diagnostic(.warning, "\(more) more warning\(more == 1 ? "" : "s") not shown", at: nil))
        }
        return IngestResult(records: records, warnings: w, skipped: skipped, bytesRead: bytesRead)
    }

    func ingest(_ bytes: [UInt8], name: String, format: InputFormat) throws {
        bytesRead += bytes.count
        file = name
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

    func locate(_ pos: Pos) -> SourceLocation {
        if pos.lineStart < 0 { return SourceLocation(file: file, line: pos.line, column: pos.offset) }
        guard let json else { return SourceLocation(file: file, line: pos.line, column: 1) }
        let (l, c) = json.lineAndColumn(of: JSONPosition(offset: pos.offset, line: pos.line, lineStart: pos.lineStart))
        return SourceLocation(file: file, line: l, column: c)
    }

    func addError(_ d: Diagnostic) {
        errorCount += 1
        if errors.count < options.maxErrors { errors.append(d) }
    }

    func addWarning(_ d: Diagnostic) {
        warningCount += 1
        if warnings.count < options.maxErrors { warnings.append(d) }
    }

    /// A problem with one record: an error, or with `skipInvalid` a warning.
    func recordProblem(_ issue: Issue) {
        var issue = issue
        if issue.pos.lineStart < 0 { issue.message = csvMessage(issue.message) }
        if options.skipInvalid {
            warningCount += 1
            if warnings.count < options.maxErrors {
                warnings.append(Diagnostic(.warning, issue.message, at: locate(issue.pos)))
            }
        } else {
            errorCount += 1
            if errors.count < options.maxErrors {
                errors.append(Diagnostic(.error, issue.message, at: locate(issue.pos)))
            }
        }
    }

    /// A problem with the input as a whole: always an error; stops reading this input.
    func fileError(_ message: String, line: Int, column: Int) -> StopFile {
        addError(Diagnostic(.error, message, at: SourceLocation(file: file, line: line, column: column)))
        return StopFile()
    }

    func warnUnknown(_ what: String, _ name: String, _ pos: Pos) {
        let key = what + "\u{0}" + name
        guard unknownNames.insert(key).inserted else { return }
        addWarning(Diagnostic(.warning, "unknown \(what) \(Diagnostic.quote(name)) ignored", at: locate(pos)))
    }

    // MARK: Records

    func countRecord(_ pos: Pos) throws {
        recordCount += 1
        if recordCount > options.limits.maxRecords {
            addError(Diagnostic(.error, "more than \(options.limits.maxRecords) records (limit)", at: locate(pos)))
            throw StopReading()
        }
    }

    /// Ends a record. `broken`: the record could not be read at all (wrong field count, not an
    /// object, bad bytes), so its fields are not checked further.
    func complete(_ draft: inout D, recordPos: Pos, broken: Bool = false) {
        let record = broken ? nil : draft.finish(recordPos: recordPos, locate: locate)
        if let record, let key = draft.uniqueKey {
            if let first = firstSeen[key.key] {
                let where_ = SourceLocation(file: fileNames[Int(first.file)], line: Int(first.line), column: Int(first.column))
                recordProblem(Issue(pos: key.pos, message: "duplicate \(D.uniqueName); first seen at \(where_)"))
                if options.skipInvalid { skipped += 1 }
                return
            }
            let loc = locate(key.pos)
            firstSeen[key.key] = (Int32(truncatingIfNeeded: fileNames.count - 1),
                                  Int32(clamping: loc.line), Int32(clamping: loc.column))
            records.append(record)
            return
        }
        for issue in draft.issues { recordProblem(issue) }
        if options.skipInvalid { skipped += 1 }
    }

    // MARK: JSON

    func ingestJSON(_ buf: UnsafeRawBufferPointer) throws {
        let parser = JSONParser(buf, limits: options.limits)
        json = parser
        let ctx = JSONRecordContext(parser: parser, warnUnknown: { [unowned self] name, pos in
            self.warnUnknown("key", name, pos)
        })
        do {
            switch try parser.peekKind() {
            case .array:
                try readRecordArray(ctx)
            case .object:
                var found = false
                var wrong = false
                try parser.readObject { key, keyPos in
                    let k = makeString(key)
                    if k == D.recordsKey {
                        if found {
                            throw parser.error("duplicate key \"\(D.recordsKey)\"", at: keyPos)
                        }
                        found = true
                        guard try parser.peekKind() == .array else {
                            throw parser.error("\"\(D.recordsKey)\" must be an array of records", at: parser.position)
                        }
                        try readRecordArray(ctx)
                    } else if k == "schemaVersion" {
                        let pos = parser.position
                        let v = try ctx.scalar()
                        var ok = false
                        if case .number(let b) = v, case .value(let d) = parseDecimal(b), d == 1 { ok = true }
                        if !ok {
                            let (l, c) = parser.lineAndColumn(of: pos)
                            addError(Diagnostic(.error, "unsupported schemaVersion \(v.found) (expected 1)",
                                                at: SourceLocation(file: file, line: l, column: c)))
                        }
                    } else if allRecordKeys.contains(k) {
                        wrong = true
                        let (l, c) = parser.lineAndColumn(of: keyPos)
                        addError(Diagnostic(.error, "expected \"\(D.recordsKey)\" records, found \"\(k)\"",
                                            at: SourceLocation(file: file, line: l, column: c)))
                        try parser.skipValue()
                    } else {
                        try ctx.unknownKey("", key, keyPos)
                    }
                }
                try parser.expectEnd()
                if !found && !wrong {
                    throw fileError("no \"\(D.recordsKey)\" array in the top-level object", line: 1, column: 1)
                }
                return
            default:
                let pos = parser.position
                let (l, c) = parser.lineAndColumn(of: pos)
                throw fileError("expected an array of records or an object with \"\(D.recordsKey)\"", line: l, column: c)
            }
            try parser.expectEnd()
        } catch let e as JSONSyntaxError {
            throw fileError(e.message, line: e.line, column: e.column)
        }
    }

    func readRecordArray(_ ctx: JSONRecordContext) throws {
        let parser = ctx.parser
        try parser.readArray { _ in
            let start = parser.position
            let recordPos = ctx.pos(start)
            try countRecord(recordPos)
            var draft = D()
            if try parser.peekKind() == .object {
                try parser.readObject { key, keyPos in try draft.readJSONMember(key, keyPos, ctx) }
            } else {
                let v = try ctx.scalar()
                draft.issues.append(Issue(pos: recordPos, message: "each record must be an object, found " + v.found))
                complete(&draft, recordPos: recordPos, broken: true)
                return
            }
            complete(&draft, recordPos: recordPos)
        }
    }

    // MARK: CSV

    func ingestCSV(_ buf: UnsafeRawBufferPointer) throws {
        var columns: [D.Field?]? = nil
        var headerLine = 0
        let byName: [String: D.Field] = Dictionary(D.Field.allCases.map { (normalizedColumnName($0.csvName), $0) },
                                                   uniquingKeysWith: { a, _ in a })
        do {
            try CSVRecordReader(limits: options.limits).parse(buf) { row in
                guard let mapping = columns else {
                    columns = try readHeader(row, byName)
                    headerLine = row.line
                    return
                }
                try countRecord(.csv(line: row.line, field: 1))
                var draft = D()
                var broken = true
                if row.count != mapping.count {
                    draft.issues.append(Issue(pos: .csv(line: row.line, field: min(row.count, mapping.count) + 1),
                                              message: "expected \(mapping.count) fields, found \(row.count)"))
                } else if let problem = row.problem {
                    let name = mapping[problem.field].map { $0.csvName } ?? "field \(problem.field + 1)"
                    let what = problem.kind == .nulByte ? "a NUL byte" : "invalid UTF-8"
                    draft.issues.append(Issue(pos: .csv(line: row.line, field: problem.field + 1),
                                              message: "\(name) contains \(what)"))
                } else {
                    broken = false
                    for i in 0..<mapping.count {
                        guard let f = mapping[i] else { continue }
                        let b = trimmed(row.field(i))
                        draft.set(f, b.isEmpty ? .null : .text(b), at: .csv(line: row.line, field: i + 1))
                    }
                }
                complete(&draft, recordPos: .csv(line: row.line, field: 1), broken: broken)
            }
        } catch let e as CSVSyntaxError {
            throw fileError(e.message, line: e.line, column: e.column)
        }
        if columns == nil {
            throw fileError("no header row (the input is empty)", line: max(headerLine, 1), column: 1)
        }
    }

    func readHeader(_ row: CSVRow, _ byName: [String: D.Field]) throws -> [D.Field?] {
        if let problem = row.problem {
            throw fileError("header contains \(problem.kind == .nulByte ? "a NUL byte" : "invalid UTF-8")",
                            line: row.line, column: problem.field + 1)
        }
        var mapping: [D.Field?] = []
        mapping.reserveCapacity(row.count)
        var present: [D.Field: Int] = [:]
        for i in 0..<row.count {
            let raw = makeString(trimmed(row.field(i)))
            if let f = byName[normalizedColumnName(raw)] {
                if let first = present[f] {
                    throw fileError("duplicate column \(Diagnostic.quote(raw)) (also column \(first))",
                                    line: row.line, column: i + 1)
                }
                present[f] = i + 1
                mapping.append(f)
            } else {
                if !raw.isEmpty { warnUnknown("column", raw, .csv(line: row.line, field: i + 1)) }
                mapping.append(nil)
            }
        }
        let missing = D.requiredFields.filter { present[$0] == nil }
        if !missing.isEmpty {
            let names = missing.map(\.csvName).joined(separator: ", ")
            throw fileError("missing required column\(missing.count == 1 ? "" : "s") \(names)", line: row.line, column: 1)
        }
        return mapping
    }
}
