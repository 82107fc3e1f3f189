import Ingest
import ReportKit

/// Headache logs as CSV in the input schema: the documented header (every column the reader
/// accepts, in its order), one row per log, written by the one CSV writer (`CSVWriter`: CRLF line
/// ends, text neutralised against formula injection).
enum HeadacheExportCSV {
    /// A log whose text CSV cannot hold: a list item with `;`, or a medication name or dose with
    /// `;` or `|` (the separators of those fields, which have no escape).
    struct Unrepresentable: Error {
        var field: String
        var source: SourceLocation?
    }

    static func write(_ logs: [HeadacheLog]) throws -> String {
        var csv = CSVWriter(columns: HeadacheLogSchema.fields.map(\.csvName))
        for log in logs {
            csv.append(try zip(HeadacheLogSchema.fields, HeadacheLogSchema.values(log)).map { field, value in
                try value.map { try cell($0, field: field, log: log) } ?? .value(nil)
            })
        }
        return csv.text
    }

    static func cell(_ value: SchemaValue, field: SchemaField, log: HeadacheLog) throws -> CSVCell {
        func refuse() -> Unrepresentable {
            Unrepresentable(field: field.group.map { $0 + "." + field.key } ?? field.key, source: log.source)
        }
        switch value {
        case .text(let s): return .text(s)
        case .symbol(let s), .number(let s): return .value(s)
        case .bool(let b): return .value(b ? "true" : "false")
        case .list(let items):
            guard !items.contains(where: { $0.contains(";") }) else { throw refuse() }
            return .text(items.joined(separator: ";"))
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
            return .text(parts.joined(separator: ";"))
        }
    }
}
