import CCairo

/// Line breaking with Pango (`PANGO_WRAP_WORD_CHAR`) in time linear in the text's length.
///
/// Pango reshapes the rest of a run at every line it breaks, so one long run (a 16,000-character
/// word, a huge paragraph) costs the square of its length. Texts longer than `wholeTextBytes` are
/// therefore broken window by window: each window is laid out alone, the lines that cannot depend
/// on text past its end are kept, and the next window starts where the first line not kept starts.
/// Pango breaks greedily, and a line's break looks ahead at most to the end of the word crossing
/// it, which lies within the next line or is itself longer than a line; so every line but the
/// last two of a window is the line Pango gives for the whole text. A window that starts inside a
/// paragraph starts with an invisible mark (LRM or RLM) giving it the direction Pango found for
/// that paragraph, which decides how mixed-direction text is measured.
extension FontEntry {
    /// Texts up to this many UTF-8 bytes are laid out in one piece.
    static let wholeTextBytes = 1024
    /// The first window size in UTF-8 bytes; it doubles while a window gives fewer than 3 lines.
    /// Later windows hold about `linesPerWindow` lines of the size of those just kept: Pango's cost
    /// per window grows with its lines times its length, and at least two lines are laid out again.
    static let windowBytes = 512
    static let linesPerWindow = 6

    /// The first `limit` lines of `text` broken at `width` (explicit "\n" breaks a line; trailing
    /// spaces and line breaks are not part of a line).
    func wrap(_ text: String, width: Double, limit: Int, window firstWindow: Int = FontEntry.windowBytes) -> [String] {
        pango_layout_set_width(layout, pangoUnits(max(1, width)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        defer { pango_layout_set_width(layout, -1) }
        let bytes = Array(text.utf8)
        var lines: [String] = []
        var start = 0
        var direction: [UInt8] = []
        var window = max(4, firstWindow)
        while lines.count < limit {
            let whole = bytes.count - start <= max(Self.wholeTextBytes, window)
            let end = whole ? bytes.count : scalarBoundary(bytes, start + window)
            let (ranges, directions) = lineRanges(bytes, start..<end, after: direction)
            let keep = whole ? ranges.count : ranges.count - 2
            if !whole && keep < 1 {
                window *= 2
                continue
            }
            for r in ranges.prefix(min(keep, limit - lines.count)) {
                lines.append(String(decoding: bytes[r], as: UTF8.self))
            }
            if whole { break }
            let next = ranges[keep].lowerBound
            window = max(16, (next - start) / keep * Self.linesPerWindow)
            start = next
            direction = startsParagraph(bytes, start) ? [] : directions[keep]
        }
        return lines.isEmpty ? [""] : lines
    }

    /// The first byte offset at or after `i` that starts a Unicode scalar (or the end).
    private func scalarBoundary(_ bytes: [UInt8], _ i: Int) -> Int {
        var i = min(i, bytes.count)
        while i < bytes.count, bytes[i] & 0xC0 == 0x80 { i += 1 }
        return i
    }

    /// Whether a paragraph starts at byte `i` (the text's start, or after a line or paragraph
    /// separator).
    private func startsParagraph(_ bytes: [UInt8], _ i: Int) -> Bool {
        if i == 0 || bytes[i - 1] == 10 || bytes[i - 1] == 13 { return true }
        return i >= 3 && bytes[i - 3] == 0xE2 && bytes[i - 2] == 0x80 && bytes[i - 1] == 0xA9
    }

    /// The lines Pango makes of `bytes[range]` preceded by `mark`: as ranges of `bytes` from each
    /// line's start to its end without trailing spaces, tabs and line breaks, and for each line
    /// the mark that gives its paragraph's direction.
    private func lineRanges(_ bytes: [UInt8], _ range: Range<Int>, after mark: [UInt8])
        -> (ranges: [Range<Int>], directions: [[UInt8]])
    {
        shapedBytes += range.count
        let text = mark + bytes[range]
        text.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress, buf.count > 0 else { pango_layout_set_text(layout, "", 0); return }
            base.withMemoryRebound(to: CChar.self, capacity: buf.count) { p in
                pango_layout_set_text(layout, p, Int32(clamping: buf.count))
            }
        }
        let n = pango_layout_get_line_count(layout)
        var out: [Range<Int>] = []
        var directions: [[UInt8]] = []
        out.reserveCapacity(Int(max(0, n)))
        directions.reserveCapacity(Int(max(0, n)))
        for i in 0..<max(0, n) {
            guard let line = pango_layout_get_line_readonly(layout, i) else { continue }
            let offset = max(0, Int(line.pointee.start_index) - mark.count)
            let start = range.lowerBound + min(range.count, offset)
            var end = min(range.upperBound, start + max(0, Int(line.pointee.length) - (i == 0 ? mark.count : 0)))
            while end > start, bytes[end - 1] == 32 || bytes[end - 1] == 10 || bytes[end - 1] == 13 || bytes[end - 1] == 9 {
                end -= 1
            }
            out.append(start..<end)
            let rtl = pango_layout_line_get_resolved_direction(line) == PANGO_DIRECTION_RTL
            directions.append(rtl ? [0xE2, 0x80, 0x8F] : [0xE2, 0x80, 0x8E])
        }
        return (out, directions)
    }
}

/// `points` in Pango units, clamped to what Pango's 32-bit sizes hold (NaN counts as 0).
func pangoUnits(_ points: Double) -> Int32 {
    let units = (points * Double(PANGO_SCALE)).rounded(.down)
    guard units.isFinite else { return units > 0 ? .max : (units < 0 ? .min : 0) }
    return Int32(clamping: Int64(max(-9e18, min(9e18, units))))
}
