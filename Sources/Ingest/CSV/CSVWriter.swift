/// One cell of an exported CSV row.
public enum CSVCell: Sendable, Equatable {
    /// Free text (ids, names, notes, descriptions, lists of them): neutralised against spreadsheet
    /// formula injection (`CSVFormula`); the readers undo it for the fields they read as text
    /// (`RecordField.isText`).
    case text(String?)
    /// A value that is what it looks like — a number (`-12.50` stays a number), a date, a
    /// timestamp, a code or a boolean — written as is.
    case value(String?)
}

/// The one CSV writer of every export (headache logs, expenses, the care directory): RFC 4180,
/// CRLF line ends, a header row, text neutralised against formula injection (`CSVFormula`), and a
/// field quoted when it holds a quote, a comma or a line break, or starts or ends with white space
/// (which an unquoted field would lose, and which some spreadsheet import options trim before they
/// look for a formula). What it writes, `RecordReader` reads back to the same records, and
/// writing those again gives the same bytes.
public struct CSVWriter {
    public private(set) var text: String

    /// A writer holding the header row of `columns`.
    public init(columns: [String]) {
        text = ""
        append(columns.map { .value($0) })
    }

    /// Appends one row.
    public mutating func append(_ cells: [CSVCell]) {
        var first = true
        for cell in cells {
            if !first { text += "," }
            first = false
            text += Self.field(cell)
        }
        text += "\r\n"
    }

    /// Appends one record's row: for each field its value, as a text cell when the readers read
    /// the field as text (`isText`), so that writer and reader apply the same rule to it.
    public mutating func append<F: RecordField>(_ fields: [F], _ value: (F) -> String?) {
        append(fields.map { f in f.isText ? .text(value(f)) : .value(value(f)) })
    }

    /// One cell as written: neutralised when it is text, then quoted when needed.
    public static func field(_ cell: CSVCell) -> String {
        switch cell {
        case .text(let s): return s.map { quoted(CSVFormula.neutralised($0)) } ?? ""
        case .value(let s): return s.map(quoted) ?? ""
        }
    }

    /// `s` quoted (inner quotes doubled) when it holds a quote, a comma, CR or LF, or starts or
    /// ends with white space; unchanged otherwise.
    static func quoted(_ s: String) -> String {
        let scalars = s.unicodeScalars
        let needsQuotes = s.utf8.contains { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: ",") || $0 == 0x0A || $0 == 0x0D }
            || scalars.first?.properties.isWhitespace == true || scalars.last?.properties.isWhitespace == true
        guard needsQuotes else { return s }
        var out = "\""
        for ch in scalars {
            if ch == "\"" { out += "\"\"" } else { out.unicodeScalars.append(ch) }
        }
        return out + "\""
    }
}
