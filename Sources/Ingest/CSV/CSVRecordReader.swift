import CCSV
import CDelayLoad

// RFC 4180 CSV records via libcsv, with what libcsv leaves to the caller:
// - opened with CSV_STRICT | CSV_STRICT_FINI | CSV_REPALL_NL, so stray quotes and an
//   unterminated quote at end of input are errors, and every unquoted line break is reported;
// - line numbers are tracked here (line breaks between records and inside quoted fields; LF,
//   CRLF and lone CR each count once), so every record knows its FIRST line;
// - blank lines are skipped; a UTF-8 BOM at the start is stripped;
// - fields are checked for NUL bytes and invalid UTF-8 (reported per row, see `CSVRow.problem`);
// - field size and field count are limited (`maxFieldBytes`, `maxColumns`).
// Field counts are NOT compared here (the caller knows the header); libcsv trims unquoted
// leading/trailing spaces and tabs.

/// Syntax and limit errors of the CSV reader (field number as the column).
public typealias CSVSyntaxError = InputSyntaxError

/// One record, valid only during the callback that receives it.
public struct CSVRow {
    public enum Problem: Hashable, Sendable { case nulByte, invalidUTF8 }
    /// 1-based line on which the record starts.
    public let line: Int
    /// Number of fields.
    public let count: Int
    /// The first field (0-based index) holding a NUL byte or invalid UTF-8, if any.
    public let problem: (field: Int, kind: Problem)?
    let buffer: UnsafePointer<UInt8>
    let ends: UnsafePointer<Int>

    /// The raw bytes of field `i` (0-based), unquoted and unescaped.
    @inline(__always) public func field(_ i: Int) -> UnsafeRawBufferPointer {
        precondition(i >= 0 && i < count, "CSV field index out of range")
        let start = i == 0 ? 0 : ends[i - 1]
        return UnsafeRawBufferPointer(start: buffer + start, count: ends[i] - start)
    }

    public func string(_ i: Int) -> String { String(decoding: field(i), as: UTF8.self) }

    public var strings: [String] { (0..<count).map(string) }
}

public final class CSVRecordReader {
    let limits: IngestLimits

    public init(limits: IngestLimits = .default) { self.limits = limits }

    /// Parses `data`, calling `onRow` for every non-blank record in order. Errors thrown by
    /// `onRow` stop parsing and are rethrown; syntax and limit errors throw `CSVSyntaxError`.
    public func parse(_ data: UnsafeRawBufferPointer, chunkSize: Int = 1 << 18,
                      onRow: (CSVRow) throws -> Void) throws {
        // libcsv is loaded when CSV is first read, not at start (CDelayLoad).
        if let why = report_library_load(REPORT_LIBRARY_CSV) { throw IngestError.library(String(cString: why)) }
        try withoutActuallyEscaping(onRow) { onRow in
            let state = CSVState(limits: limits, onRow: onRow)
            var parser = csv_parser()
            guard csv_init(&parser, UInt8(CSV_STRICT | CSV_STRICT_FINI | CSV_REPALL_NL)) == 0 else {
                throw CSVSyntaxError(line: 1, column: 1, message: "cannot initialise the CSV parser")
            }
            defer { csv_free(&parser) }
            let opaque = Unmanaged.passUnretained(state).toOpaque()
            var start = 0
            if data.count >= 3, data[0] == 0xEF, data[1] == 0xBB, data[2] == 0xBF { start = 3 }
            let base = data.baseAddress
            var pos = start
            while pos < data.count, let base {
                let len = min(chunkSize, data.count - pos)
                let consumed = csv_parse(&parser, base + pos, len, csvFieldCallback, csvRowCallback, opaque)
                if let e = state.failure { throw e }
                if consumed != len || csv_error(&parser) != CSV_SUCCESS {
                    let err = csv_error(&parser)
                    if err == CSV_EPARSE {
                        throw state.syntaxError("invalid quoting: a '\"' inside an unquoted field or text after a closing quote")
                    }
                    throw state.syntaxError("CSV parser error: " + String(cString: csv_strerror(err)))
                }
                pos += len
            }
            let fini = csv_fini(&parser, csvFieldCallback, csvRowCallback, opaque)
            if let e = state.failure { throw e }
            if fini != 0 {
                throw state.syntaxError("unterminated quoted field at end of input")
            }
        }
    }

    /// Convenience for tests and tools: every record as (first line, field strings).
    public static func records(_ bytes: [UInt8], limits: IngestLimits = .default) throws -> [(line: Int, fields: [String])] {
        var out: [(line: Int, fields: [String])] = []
        try bytes.withUnsafeBytes { buf in
            try CSVRecordReader(limits: limits).parse(buf) { row in out.append((row.line, row.strings)) }
        }
        return out
    }
}

final class CSVState {
    let onRow: (CSVRow) throws -> Void
    let maxFieldBytes: Int
    let maxColumns: Int
    var buffer: UnsafeMutablePointer<UInt8>
    var bufferCapacity = 4096
    var used = 0
    var ends: UnsafeMutablePointer<Int>
    var endsCapacity = 64
    var fieldCount = 0
    var line = 1
    var recordLine = 1
    var lastTerminatorWasCR = false
    var problemField = -1
    var problemKind = CSVRow.Problem.nulByte
    var failure: Error?

    init(limits: IngestLimits, onRow: @escaping (CSVRow) throws -> Void) {
        self.onRow = onRow
        maxFieldBytes = limits.maxFieldBytes
        maxColumns = limits.maxColumns
        buffer = .allocate(capacity: bufferCapacity)
        ends = .allocate(capacity: endsCapacity)
    }

    deinit {
        buffer.deallocate()
        ends.deallocate()
    }

    func syntaxError(_ message: String) -> CSVSyntaxError {
        // Inside a record the error belongs to the record's first line; before its first field
        // completes, `line` is still the line where the record starts.
        CSVSyntaxError(line: fieldCount > 0 ? recordLine : line, column: fieldCount + 1, message: message)
    }

    @inline(__always) func field(_ src: UnsafeRawPointer?, _ len: Int) {
        if failure != nil { return }
        if fieldCount == 0 { recordLine = line }
        lastTerminatorWasCR = false
        if fieldCount >= maxColumns {
            failure = CSVSyntaxError(line: recordLine, column: fieldCount + 1,
                                     message: "more than \(maxColumns) fields in a row (limit)")
            return
        }
        if len > maxFieldBytes {
            failure = CSVSyntaxError(line: recordLine, column: fieldCount + 1,
                                     message: "field longer than the limit of \(maxFieldBytes) bytes")
            return
        }
        if used + len > bufferCapacity { growBuffer(used + len) }
        if fieldCount == endsCapacity { growEnds() }
        if len > 0, let src {
            let s = src.assumingMemoryBound(to: UInt8.self)
            (buffer + used).update(from: s, count: len)
            // Scan once: line breaks (quoted fields), NUL bytes, non-ASCII.
            var high: UInt8 = 0
            var i = 0
            while i < len {
                let b = s[i]
                high |= b
                if b < 0x0E {
                    if b == 0x0A {
                        line += 1
                    } else if b == 0x0D {
                        if !(i + 1 < len && s[i + 1] == 0x0A) { line += 1 }
                    } else if b == 0, problemField < 0 {
                        problemField = fieldCount; problemKind = .nulByte
                    }
                }
                i += 1
            }
            if high & 0x80 != 0, problemField < 0,
               firstInvalidUTF8(UnsafeRawBufferPointer(start: s, count: len)) != nil {
                problemField = fieldCount; problemKind = .invalidUTF8
            }
            used += len
        }
        ends[fieldCount] = used
        fieldCount += 1
    }

    @inline(__always) func row(_ terminator: Int32) {
        if failure != nil { return }
        let fields = fieldCount
        if terminator == 0x0A {
            if !(lastTerminatorWasCR && fields == 0) { line += 1 }
            lastTerminatorWasCR = false
        } else if terminator == 0x0D {
            line += 1
            lastTerminatorWasCR = true
        } else {
            lastTerminatorWasCR = false
        }
        guard fields > 0 else { return }   // blank line
        let row = CSVRow(line: recordLine, count: fields,
                         problem: problemField >= 0 ? (problemField, problemKind) : nil,
                         buffer: buffer, ends: ends)
        do { try onRow(row) } catch { failure = error }
        fieldCount = 0
        used = 0
        problemField = -1
    }

    func growBuffer(_ needed: Int) {
        var c = bufferCapacity
        while c < needed { c = c > Int.max / 2 ? needed : c * 2 }
        let nb = UnsafeMutablePointer<UInt8>.allocate(capacity: c)
        nb.update(from: buffer, count: used)
        buffer.deallocate()
        buffer = nb
        bufferCapacity = c
    }

    func growEnds() {
        let c = endsCapacity * 2
        let ne = UnsafeMutablePointer<Int>.allocate(capacity: c)
        ne.update(from: ends, count: fieldCount)
        ends.deallocate()
        ends = ne
        endsCapacity = c
    }
}

private func csvFieldCallback(_ field: UnsafeMutableRawPointer?, _ len: Int, _ data: UnsafeMutableRawPointer?) {
    guard let data else { return }
    // The state outlives the parse; borrowing it avoids a retain/release per field.
    Unmanaged<CSVState>.fromOpaque(data)._withUnsafeGuaranteedRef { $0.field(UnsafeRawPointer(field), len) }
}

private func csvRowCallback(_ terminator: Int32, _ data: UnsafeMutableRawPointer?) {
    guard let data else { return }
    Unmanaged<CSVState>.fromOpaque(data)._withUnsafeGuaranteedRef { $0.row(terminator) }
}
