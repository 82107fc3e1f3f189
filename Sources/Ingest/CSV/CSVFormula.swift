/// Spreadsheet formula-injection neutralisation of CSV text fields (docs/export.md): a writer adds
/// one `'` in front of text matching `^'*[=+\-@\t\r]`, and the readers take exactly one away from
/// text matching `^'+[=+\-@\t\r]`, so text survives an export and a read whatever it holds.
public enum CSVFormula {
    /// `=`, `+`, `-`, `@`, tab or carriage return: what a spreadsheet may start a formula with.
    @inlinable @inline(__always)
    static func isTrigger(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "=") || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: "@")
            || b == 0x09 || b == 0x0D
    }

    /// The number of leading `'` when `b` matches `^'*[=+\-@\t\r]`, else nil.
    @inlinable
    static func quotesBeforeTrigger<C: Collection>(_ b: C) -> Int? where C.Element == UInt8 {
        var quotes = 0
        for c in b {
            if c == UInt8(ascii: "'") { quotes += 1; continue }
            return isTrigger(c) ? quotes : nil
        }
        return nil
    }

    /// `text` as a CSV writer writes a text field: with one more leading `'` when it matches
    /// `^'*[=+\-@\t\r]`, unchanged otherwise.
    public static func neutralised(_ text: String) -> String {
        quotesBeforeTrigger(text.utf8) == nil ? text : "'" + text
    }

    /// A text field as read: leading white space skipped, the first `'` removed when what is left
    /// matches `^'+[=+\-@\t\r]`, then trailing white space trimmed. (A neutralised leading tab or
    /// carriage return is kept; everything else is trimmed as every CSV field is.)
    @inlinable
    public static func readText(_ raw: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var lo = 0
        while lo < raw.count && isASCIISpace(raw[lo]) { lo += 1 }
        if let quotes = quotesBeforeTrigger(raw[lo...]), quotes > 0 { lo += 1 }
        var hi = raw.count
        while hi > lo && isASCIISpace(raw[hi - 1]) { hi -= 1 }
        return UnsafeRawBufferPointer(rebasing: raw[lo..<hi])
    }
}
