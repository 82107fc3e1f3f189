/// The plural categories of Unicode CLDR, in CLDR's order. A sentence with plural forms has one
/// text per category its language uses (`episodes.one`, `episodes.other`).
public enum PluralCategory: String, CaseIterable, Sendable, Hashable {
    case zero, one, two, few, many, other
}

/// A language's rule for picking the plural form of a sentence from a number, as Unicode CLDR
/// defines cardinal plurals, for the languages the apps' wording files are written in. The
/// number is taken as it is written in the sentence ("1" is one, "1.0" is other in English),
/// which is what CLDR's operands are defined on.
public struct PluralRule: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// `one`: i = 1 and v = 0 (English, Dutch, German, the Nordic languages, Italian, Spanish…).
        case oneIsOne
        /// `one`: i = 0 or 1 (French, Brazilian Portuguese).
        case oneIsZeroOrOne
        /// A single form (Chinese, Japanese, Korean, Vietnamese, Thai, Indonesian, Malay).
        case otherOnly
    }
    let kind: Kind
    /// The language code the rule was made for (`en`, `nl`, `pt-BR`).
    public let language: String

    /// The rule of a BCP 47 language code; `nil` for a language not in the table.
    public init?(language: String) {
        let code = language.lowercased()
        let base = String(code.split(separator: "-").first ?? "")
        switch (code, base) {
        case ("pt-br", _), (_, "fr"): kind = .oneIsZeroOrOne
        case (_, "en"), (_, "nl"), (_, "de"), (_, "sv"), (_, "da"), (_, "nb"), (_, "nn"), (_, "no"), (_, "fi"),
             (_, "et"), (_, "it"), (_, "es"), (_, "pt"), (_, "ca"), (_, "el"), (_, "hu"), (_, "tl"):
            kind = .oneIsOne
        case (_, "zh"), (_, "ja"), (_, "ko"), (_, "vi"), (_, "th"), (_, "id"), (_, "ms"):
            kind = .otherOnly
        default: return nil
        }
        self.language = language
    }

    /// The categories the language has a form for.
    public var categories: [PluralCategory] {
        switch kind {
        case .oneIsOne, .oneIsZeroOrOne: [.one, .other]
        case .otherOnly: [.other]
        }
    }

    /// The category of a number as written: an optional sign, digits, an optional fraction.
    /// Text that is not such a number is `other`.
    public func category(of written: String) -> PluralCategory {
        guard let (integer, fractionDigits) = Self.operands(written) else { return .other }
        switch kind {
        case .oneIsOne: return integer == 1 && fractionDigits == 0 ? .one : .other
        case .oneIsZeroOrOne: return integer <= 1 ? .one : .other
        case .otherOnly: return .other
        }
    }

    /// CLDR's operands i (the integer digits, capped) and v (the count of visible fraction
    /// digits) of a written number; `nil` when the text is not one.
    static func operands(_ s: String) -> (integer: Int, fractionDigits: Int)? {
        var bytes = Substring(s).utf8[...]
        if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        var integer = 0, digits = 0, fraction = 0, inFraction = false
        for b in bytes {
            if b == UInt8(ascii: ".") {
                guard !inFraction, digits > 0 else { return nil }
                inFraction = true
            } else if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
                if inFraction { fraction += 1 } else { digits += 1; integer = min(integer * 10 + Int(b - UInt8(ascii: "0")), 1_000_000_000) }
            } else {
                return nil
            }
        }
        guard digits > 0, !inFraction || fraction > 0 else { return nil }
        return (integer, fraction)
    }
}
