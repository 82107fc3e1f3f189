import Ingest
import ReportKit

/// Headache logs as CSV in the input schema: the documented header (every column the reader
/// accepts, in its order), one row per log, CRLF line ends, text neutralised against formula
/// injection (`CSVFormula`).
enum HeadacheExportCSV {
    /// A log whose text CSV cannot hold: a list item with `;`, or a medication name or dose with
    /// `;` or `|` (the separators of those fields, which have no escape).
    struct Unrepresentable: Error {
        var field: String
        var source: SourceLocation?
    }

    static func write(_ logs: [HeadacheLog]) throws -> String {
        var out = HeadacheLogSchema.fields.map { plainCell($0.csvName) }.joined(separator: ",") + "\r\n"
        for log in logs {
            let cells = try zip(HeadacheLogSchema.fields, HeadacheLogSchema.values(log)).map { field, value in
                try value.map { try cell($0, field: field, log: log) } ?? ""
            }
            out += cells.joined(separator: ",") + "\r\n"
        }
        return out
    }

    static func cell(_ value: SchemaValue, field: SchemaField, log: HeadacheLog) throws -> String {
        func refuse() -> Unrepresentable {
            Unrepresentable(field: field.group.map { $0 + "." + field.key } ?? field.key, source: log.source)
        }
        switch value {
        case .text(let s): return textCell(s)
        case .symbol(let s), .number(let s): return plainCell(s)
        case .bool(let b): return plainCell(b ? "true" : "false")
        case .list(let items):
            guard !items.contains(where: { $0.contains(";") }) else { throw refuse() }
            return textCell(items.joined(separator: ";"))
        case .entries(let entries):
            let parts = try entries.map { members in
                try members.map { m -> String in
                    guard let v = m.value else { return "" }
                    switch v {
                    case .text(let s), .symbol(let s), .number(let s):
                        guard !s.contains(";") && !s.contains("|") else { throw refuse() }
                        return s
                    case .bool(let b): return b ? "true" : "false"
                    case .list, .entries: throw refuse()
                    }
                }.joined(separator: "|")
            }
            return textCell(parts.joined(separator: ";"))
        }
    }

    /// A text field: neutralised, then quoted when needed.
    static func textCell(_ s: String) -> String { plainCell(CSVFormula.neutralised(s)) }

    /// A field as is, quoted (RFC 4180) when it holds a quote, a comma or a line break, or starts
    /// or ends with a space or tab (which the reader would trim off an unquoted field).
    static func plainCell(_ s: String) -> String {
        let u = s.utf8
        let needsQuotes = u.contains { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: ",") || $0 == 0x0A || $0 == 0x0D }
            || u.first.map(isBlank) == true || u.last.map(isBlank) == true
        guard needsQuotes else { return s }
        var quoted = "\""
        for ch in s.unicodeScalars {
            if ch == "\"" { quoted += "\"\"" } else { quoted.unicodeScalars.append(ch) }
        }
        return quoted + "\""
    }

    private static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
}
