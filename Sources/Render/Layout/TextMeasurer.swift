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
}

extension TextMeasurer {
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
