/// Spreadsheet formula-injection neutralisation of CSV text fields (spec 90-quality.md), the one
/// rule every CSV writer (`CSVWriter`) and reader (`Ingestor`) of the tool applies:
///
/// - a text is split into its leading white space (Unicode White_Space other than tab and carriage
///   return, which are triggers themselves) and the rest;
/// - a writer puts one `'` between the two when the rest matches `^'*[=+\-@\t\r]` (and quotes a
///   field that starts or ends with white space, see `CSVWriter`), so that no spreadsheet import
///   option — LibreOffice's "trim spaces" with "evaluate formulas" included — sees a formula;
/// - a reader, before any trimming, takes exactly one `'` away when the rest matches
///   `^'+[=+\-@\t\r]`.
///
/// So text survives an export and a read whatever it holds, and export → import → export gives
/// the same bytes.
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

    /// The length in bytes of the leading white space of UTF-8 `b`: Unicode White_Space scalars
    /// (space, line feed, vertical tab, form feed, U+0085, no-break and the other Unicode spaces,
    /// line and paragraph separators) except tab and carriage return.
    @inlinable
    static func leadingSpaceBytes<C: Collection>(_ b: C) -> Int where C.Element == UInt8 {
        var n = 0
        var it = b.makeIterator()
        while let c0 = it.next() {
            let width: Int
            switch c0 {
            case 0x20, 0x0A, 0x0B, 0x0C:
                width = 1
            case 0xC2:
                guard let c1 = it.next(), c1 == 0x85 || c1 == 0xA0 else { return n }
                width = 2
            case 0xE1:
                guard it.next() == 0x9A, it.next() == 0x80 else { return n }
                width = 3
            case 0xE2:
                guard let c1 = it.next(), let c2 = it.next() else { return n }
                guard (c1 == 0x80 && ((0x80...0x8A).contains(c2) || c2 == 0xA8 || c2 == 0xA9 || c2 == 0xAF))
                        || (c1 == 0x81 && c2 == 0x9F) else { return n }
                width = 3
            case 0xE3:
                guard it.next() == 0x80, it.next() == 0x80 else { return n }
                width = 3
            default:
                return n
            }
            n += width
        }
        return n
    }

    /// Whether a writer adds a `'` to `text` (its rest after leading white space matches
    /// `^'*[=+\-@\t\r]`).
    public static func needsNeutralising(_ text: String) -> Bool {
        let u = text.utf8
        return quotesBeforeTrigger(u.dropFirst(leadingSpaceBytes(u))) != nil
    }

    /// `text` as a CSV writer writes a text field: with one `'` after its leading white space when
    /// the rest matches `^'*[=+\-@\t\r]`, unchanged otherwise.
    public static func neutralised(_ text: String) -> String {
        let u = text.utf8
        let n = leadingSpaceBytes(u)
        guard quotesBeforeTrigger(u.dropFirst(n)) != nil else { return text }
        let split = u.index(u.startIndex, offsetBy: n)
        return String(text[..<split]) + "'" + String(text[split...])
    }

    /// A text field as read, before any trimming: the first `'` after the leading white space
    /// removed when what follows it matches `^'+[=+\-@\t\r]`; nothing else changes (a quoted field
    /// keeps its white space; libcsv has already trimmed spaces and tabs around an unquoted one).
    /// When there is leading white space, the bytes are moved within the reader's own row buffer.
    @inlinable
    public static func readText(_ raw: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        let n = leadingSpaceBytes(raw)
        guard let quotes = quotesBeforeTrigger(raw[n...]), quotes > 0 else { return raw }
        if n == 0 { return UnsafeRawBufferPointer(rebasing: raw[1...]) }
        // Drop the byte at `n` by moving the white space one byte to the right.
        let m = UnsafeMutableRawBufferPointer(mutating: raw)
        var i = n
        while i > 0 { m[i] = m[i - 1]; i -= 1 }
        return UnsafeRawBufferPointer(rebasing: raw[1...])
    }
}
