/// Measures text for the layout engine. Layout never talks to Pango directly: production code
/// passes a `PangoMeasurer`, unit tests a `FixedWidthMeasurer`.
public protocol TextMeasurer: AnyObject {
    /// `ascent` is the distance from the top of a line box to the baseline; `height` is the line
    /// advance (natural line height × `style.lineSpacing`).
    func lineMetrics(_ style: TextStyle) -> (ascent: Double, height: Double)
    /// Width of `text` set on one line.
    func width(_ text: String, style: TextStyle) -> Double
    /// Lines of `text` broken to fit `width`; an explicit "\n" breaks a line. Every line holds at
    /// least one character, so a too-narrow width still makes progress.
    func wrap(_ text: String, style: TextStyle, width: Double) -> [String]
    /// The first `limit` lines of `wrap(text, style:width:)` (at least one), in time that grows
    /// with those lines, not with the rest of the text.
    func wrap(_ text: String, style: TextStyle, width: Double, limit: Int) -> [String]
    /// `text` on one line (line breaks become spaces), cut and ended with "…" if it is wider
    /// than `width`.
    func truncate(_ text: String, style: TextStyle, width: Double) -> String
    /// A page of the document is laid out: its text will be drawn (page numbers and the like
    /// may still change). A measurer that also draws may start preparing that text. Called on
    /// the layout's thread, once per page of each layout made (a document laid out again calls
    /// it again).
    func pageLaidOut(_ page: DisplayPage)
}

extension TextMeasurer {
    public func pageLaidOut(_ page: DisplayPage) {}

    /// Wraps the whole text and keeps the first `limit` lines.
    public func wrap(_ text: String, style: TextStyle, width: Double, limit: Int) -> [String] {
        Array(wrap(text, style: style, width: width).prefix(max(1, limit)))
    }
}

/// A deterministic measurer for unit tests: every character is `k × font size` wide and a line
/// is `1.2 × font size × lineSpacing` high (ascent `0.9 × size`).
public final class FixedWidthMeasurer: TextMeasurer {
    public let k: Double
    public init(k: Double = 0.5) { self.k = k }

    public func lineMetrics(_ style: TextStyle) -> (ascent: Double, height: Double) {
        (0.9 * style.font.size, 1.2 * style.font.size * style.lineSpacing)
    }

    public func width(_ text: String, style: TextStyle) -> Double {
        Double(text.count) * k * style.font.size
    }

    public func wrap(_ text: String, style: TextStyle, width: Double) -> [String] {
        wrap(text, style: style, width: width, limit: .max)
    }

    public func wrap(_ text: String, style: TextStyle, width: Double, limit: Int) -> [String] {
        TextBreaking.greedyWrap(text, maxChars: max(1, charactersFitting(width, style)), limit: max(1, limit))
    }

    public func truncate(_ text: String, style: TextStyle, width: Double) -> String {
        let oneLine = TextBreaking.oneLine(text)
        let fitting = charactersFitting(width, style)
        if oneLine.count <= fitting { return oneLine }
        return TextBreaking.trimTrailingSpaces(String(oneLine.prefix(max(0, fitting - 1)))) + "…"
    }

    /// How many characters fit in `width` (0 for a negative or NaN width, `Int.max` when a
    /// character has no width).
    private func charactersFitting(_ width: Double, _ style: TextStyle) -> Int {
        let charW = k * style.font.size
        guard charW > 0 else { return .max }
        return Counting.whole((width + 1e-9) / charW)
    }
}

/// Character-count line breaking shared by measurers.
enum TextBreaking {
    static func oneLine(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 10 || $0 == 13 }) else { return text }
        return String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }

    static func trimTrailingSpaces(_ s: String) -> String {
        var s = Substring(s)
        while let last = s.last, last == " " { s = s.dropLast() }
        return String(s)
    }

    /// Greedy word wrap by character count; words longer than a line are split. Stops after
    /// `limit` lines; linear in the characters it reads.
    static func greedyWrap(_ text: String, maxChars: Int, limit: Int = .max) -> [String] {
        var out: [String] = []
        for para in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineCount = 0
            var hasWord = false
            for word in para.split(separator: " ", omittingEmptySubsequences: true) {
                if out.count >= limit { return out }
                hasWord = true
                var w = Substring(word)
                var wCount = w.count
                if lineCount > 0 {
                    if lineCount + 1 + wCount <= maxChars {
                        line += " "; line += w; lineCount += 1 + wCount
                        continue
                    }
                    out.append(line); line = ""; lineCount = 0
                }
                while wCount > maxChars, out.count < limit {
                    let cut = w.index(w.startIndex, offsetBy: maxChars)
                    out.append(String(w[..<cut]))
                    w = w[cut...]
                    wCount -= maxChars
                }
                line = String(w); lineCount = wCount
            }
            if out.count >= limit { return out }
            out.append(hasWord ? line : "")
        }
        return out
    }
}

extension TextBreaking {
    /// For each of `lines` — lines a measurer broke `text` into, all of them or a run of them (a
    /// part after a page break) — whether the next line continues it with nothing between them
    /// in `text`: the break fell inside a word (after a hyphen or a slash, between ideographs, in
    /// a word longer than the line), not at white space, so no word break is read there. False
    /// for the last line, before an empty line, and from the first line not found in `text` as
    /// it is (a line a measurer changed, such as one cut and ended with "…").
    static func joins(_ lines: some Collection<String>, in text: String) -> [Bool] {
        var out = [Bool](repeating: false, count: lines.count)
        guard lines.count > 1 else { return out }
        let bytes = Array(text.utf8)
        let utf8 = lines.map { Array($0.utf8) }
        let drawn = utf8.indices.filter { !utf8[$0].isEmpty }
        guard let first = drawn.first, drawn.count > 1 else { return out }
        func found(_ line: [UInt8], at p: Int) -> Bool {
            guard p >= 0, p + line.count <= bytes.count else { return false }
            for k in line.indices where bytes[p + k] != line[k] { return false }
            return true
        }
        /// Where `line` starts after `end`, across white space only: the first place it fits.
        func next(_ line: [UInt8], after end: Int) -> Int? {
            var p = end
            while true {
                if found(line, at: p) { return p }
                guard p < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[p]) else { return nil }
                p += 1
            }
        }
        // The first line: at the text's start (a whole element), or where the lines after it follow.
        var start: Int?
        var p = 0
        while start == nil, p + utf8[first].count <= bytes.count {
            if found(utf8[first], at: p), next(utf8[drawn[1]], after: p + utf8[first].count) != nil { start = p }
            p += 1
        }
        guard var end = start.map({ $0 + utf8[first].count }) else { return out }
        for (a, b) in zip(drawn, drawn.dropFirst()) {
            guard let at = next(utf8[b], after: end) else { break }
            out[a] = b == a + 1 && at == end
            end = at + utf8[b].count
        }
        return out
    }
}
