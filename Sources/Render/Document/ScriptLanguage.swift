/// The language of a text, where its script tells it: a screen reader switches its voice for an
/// element whose `/Lang` differs from the document's, so a note written in Japanese in an English
/// report is read by a Japanese voice instead of spelled out letter by letter.
///
/// Only scripts that one language writes (almost) alone are named: Greek, Hebrew, Armenian,
/// Georgian, Thai, Lao, Khmer, Myanmar, Sinhala, Tibetan, the scripts of Tamil, Telugu, Kannada,
/// Malayalam, Gujarati, Gurmukhi and Odia, Hangul, and kana (with the Han characters written
/// beside them: Japanese). A script that several languages share — Latin, Cyrillic, Arabic,
/// Devanagari, Bengali, Han alone — says nothing, and the text keeps the document's language:
/// a wrong voice is worse than the document's.
public enum ScriptLanguage {
    /// A script, by the letters counted for it.
    enum Script: Int, CaseIterable {
        case greek, hebrew, armenian, georgian, thai, lao, khmer, myanmar, sinhala, tibetan
        case tamil, telugu, kannada, malayalam, gujarati, gurmukhi, odia, hangul, kana, han
        /// Letters of a script that several languages share (Latin, Cyrillic, Arabic, …).
        case shared

        /// The BCP 47 tag of the one language the script writes (`han` only beside kana).
        var language: String? {
            switch self {
            case .greek: return "el"
            case .hebrew: return "he"
            case .armenian: return "hy"
            case .georgian: return "ka"
            case .thai: return "th"
            case .lao: return "lo"
            case .khmer: return "km"
            case .myanmar: return "my"
            case .sinhala: return "si"
            case .tibetan: return "bo"
            case .tamil: return "ta"
            case .telugu: return "te"
            case .kannada: return "kn"
            case .malayalam: return "ml"
            case .gujarati: return "gu"
            case .gurmukhi: return "pa"
            case .odia: return "or"
            case .hangul: return "ko"
            case .kana: return "ja"
            case .han, .shared: return nil
            }
        }
    }

    /// The script of a letter, or nil for what is not a letter of a script (digits, punctuation,
    /// spaces, symbols, emoji, marks).
    static func script(_ s: Unicode.Scalar) -> Script? {
        let v = s.value
        // ASCII and general punctuation (most of a text that is not all ASCII: a dash or a
        // quotation mark among Latin letters) without asking for the scalar's properties.
        if v < 0x80 { return (v | 0x20) >= 0x61 && (v | 0x20) <= 0x7A ? .shared : nil }
        if v >= 0x2000 && v <= 0x206F { return nil }
        switch v {
        case 0x0370...0x03FF, 0x1F00...0x1FFF: return .greek
        case 0x0590...0x05FF, 0xFB1D...0xFB4F: return .hebrew
        case 0x0530...0x058F, 0xFB13...0xFB17: return .armenian
        case 0x10A0...0x10FF, 0x1C90...0x1CBF, 0x2D00...0x2D2F: return .georgian
        case 0x0E00...0x0E7F: return .thai
        case 0x0E80...0x0EFF: return .lao
        case 0x1780...0x17FF, 0x19E0...0x19FF: return .khmer
        case 0x1000...0x109F: return .myanmar
        case 0x0D80...0x0DFF: return .sinhala
        case 0x0F00...0x0FFF: return .tibetan
        case 0x0B80...0x0BFF: return .tamil
        case 0x0C00...0x0C7F: return .telugu
        case 0x0C80...0x0CFF: return .kannada
        case 0x0D00...0x0D7F: return .malayalam
        case 0x0A80...0x0AFF: return .gujarati
        case 0x0A00...0x0A7F: return .gurmukhi
        case 0x0B00...0x0B7F: return .odia
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF: return .hangul
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return .kana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: return .han
        default:
            guard s.properties.isAlphabetic, !s.properties.isEmojiPresentation else { return nil }
            return .shared
        }
    }

    /// Letters counted per script, for one text or several (a table cell's lines).
    ///
    /// Letters inside directional isolates (U+2066…U+2068 to U+2069: a name or a value from the
    /// input that a report sets into its own sentence, `PrintableText.isolated`; on a line of a
    /// wrapped paragraph, also before a closing one or after an opening one) are counted apart:
    /// the sentence around them tells the element's language ("Patient: ⁨שרה לוי⁩ · 1 Feb 2027 –
    /// …" is read in the document's language, the name within it), and they tell it only when
    /// the element holds nothing else.
    public struct Counts: Sendable {
        var letters = [Int](repeating: 0, count: Script.allCases.count)
        var isolated = [Int](repeating: 0, count: Script.allCases.count)

        public init() {}

        /// Adds `text`'s letters, and returns whether it ends inside an isolate. Text that is
        /// all ASCII adds only shared letters, cheaply. `startsInside`: the line before (of the
        /// same element) ended inside an isolate, as the middle lines of a long name wrapped do.
        @discardableResult
        public mutating func add(_ text: String, startsInside: Bool = false) -> Bool {
            var ascii = 0
            var all = true
            for b in text.utf8 {
                if b >= 0x80 { all = false; break }
                if (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A { ascii += 1 }
            }
            if all {
                if startsInside { isolated[Script.shared.rawValue] += ascii } else { letters[Script.shared.rawValue] += ascii }
                return startsInside
            }
            let (isolates, endsInside) = PrintableText.isolatedRanges(text, startsInside: startsInside)
            var offset = 0, next = 0
            for s in text.unicodeScalars {
                defer { offset += UTF8.width(s) }
                guard let script = ScriptLanguage.script(s) else { continue }
                while next < isolates.count, isolates[next].upperBound <= offset { next += 1 }
                if next < isolates.count, isolates[next].contains(offset) { isolated[script.rawValue] += 1 } else { letters[script.rawValue] += 1 }
            }
            return endsInside
        }

        /// The language of the letters counted: the one a script that one language writes tells,
        /// when that script holds more than half of the letters (Han counted with kana for
        /// Japanese when kana are there); else nil. Isolated letters count only where there are
        /// no others.
        public var language: String? {
            let letters = self.letters.contains(where: { $0 > 0 }) ? self.letters : isolated
            let total = letters.reduce(0, +)
            guard total > 0 else { return nil }
            var best = Script.shared, most = 0
            for script in Script.allCases where script.language != nil {
                var n = letters[script.rawValue]
                if script == .kana, n > 0 { n += letters[Script.han.rawValue] }
                if n > most { best = script; most = n }
            }
            return most * 2 > total ? best.language : nil
        }
    }

    /// Whether `text` has a letter of a script one language writes (so its language may be
    /// told): false at once for ASCII, and without the scalars' properties for Latin, Cyrillic
    /// and general punctuation.
    public static func mayTellLanguage(_ text: String) -> Bool {
        guard !isASCII(text) else { return false }
        for s in text.unicodeScalars where s.value >= 0x0370 && !(0x0400...0x052F).contains(s.value) {
            if script(s)?.language != nil { return true }
        }
        return false
    }

    /// Whether every byte of `text` is ASCII: eight bytes at a time where its UTF-8 is
    /// contiguous (a native string's is), which is how every text of a tagged PDF is first
    /// looked at (a 1,000-row table: 7,000 texts; byte by byte it cost 2.2 M instructions).
    static func isASCII(_ text: String) -> Bool {
        if let ascii = text.utf8.withContiguousStorageIfAvailable({ bytes -> Bool in
            guard let base = bytes.baseAddress else { return true }
            let raw = UnsafeRawPointer(base)
            var i = 0
            var high: UInt64 = 0
            while i + 8 <= bytes.count {
                high |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                i += 8
            }
            while i < bytes.count { high |= UInt64(bytes[i]); i += 1 }
            return high & 0x8080_8080_8080_8080 == 0
        }) { return ascii }
        return !text.utf8.contains(where: { $0 >= 0x80 })
    }

    /// The language of `text` when its script tells it (see the type's comment), else nil.
    public static func language(of text: String) -> String? {
        var counts = Counts()
        counts.add(text)
        return counts.language
    }
}
