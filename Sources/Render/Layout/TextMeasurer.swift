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
    /// `text` on one line (line breaks become spaces), cut and ended with "…" if it is wider
    /// than `width`.
    func truncate(_ text: String, style: TextStyle, width: Double) -> String
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
        let charW = k * style.font.size
        let maxChars = max(1, Int((width + 1e-9) / charW))
        return TextBreaking.greedyWrap(text, maxChars: maxChars)
    }

    public func truncate(_ text: String, style: TextStyle, width: Double) -> String {
        let oneLine = TextBreaking.oneLine(text)
        let charW = k * style.font.size
        let count = oneLine.count
        if Double(count) * charW <= width + 1e-9 { return oneLine }
        let keep = max(0, Int((width + 1e-9) / charW) - 1)
        return TextBreaking.trimTrailingSpaces(String(oneLine.prefix(keep))) + "…"
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

    /// Greedy word wrap by character count; words longer than a line are split.
    static func greedyWrap(_ text: String, maxChars: Int) -> [String] {
        var out: [String] = []
        for para in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let words = para.split(separator: " ", omittingEmptySubsequences: true)
            if words.isEmpty { out.append(""); continue }
            var line = ""
            var lineCount = 0
            for word in words {
                var w = Substring(word)
                if lineCount > 0 {
                    if lineCount + 1 + w.count <= maxChars {
                        line += " "; line += w; lineCount += 1 + w.count
                        continue
                    }
                    out.append(line); line = ""; lineCount = 0
                }
                while w.count > maxChars {
                    out.append(String(w.prefix(maxChars)))
                    w = w.dropFirst(maxChars)
                }
                line = String(w); lineCount = w.count
            }
            out.append(line)
        }
        return out
    }
}
