/// `templates/medications/aurae.json` as decoded: the property names are the file's keys. Names
/// (generic, brand and product names, of one or more words) are held as `MedicationName.key`s:
/// lower-cased words joined by one space, the component separators their own words, so that a
/// logged name is matched by its longest known prefix of whole words (`MedicationClassifier`).
public struct Medications: Decodable, Sendable {
    /// An ICHD-3 class: its id and label, the monthly reference days (`nil`: a class of its own
    /// with no reference, such as gepants and ditans), its names.
    public struct MedicationClass: Decodable, Sendable {
        public let id: String
        public let label: String
        public let referenceDays: Int?
        public let names: Names
    }
    /// The class of an acute entry no class names.
    public struct Other: Decodable, Sendable { public let id: String; public let label: String }

    /// The rule that makes one product of an analgesic and a companion (caffeine, butalbital, an
    /// opioid) a combination analgesic: the ids of the classes that count as the analgesic, of
    /// the classes that count as a companion (besides the adjuvants), and of the class they
    /// become together.
    public struct Combination: Decodable, Sendable {
        public let analgesicClasses: [String]
        public let companionClasses: [String]
        public let into: String
    }

    /// A list of names, each as its match key.
    public struct Names: Decodable, Sendable {
        public let keys: [String]

        public init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            keys = try c.decode([String].self).map(MedicationName.key)
            guard !keys.contains("") else { throw DecodingError.dataCorruptedError(in: c, debugDescription: "names that are not empty") }
        }
    }

    /// Preventive names: an entry whose every component is one of them, with `isAcute` empty,
    /// is not an acute entry.
    public let preventive: Names
    /// Words that join an analgesic in a combination product but are no class of their own.
    public let adjuvants: Names
    public let ichd3Classes: [MedicationClass]
    /// Products by name, each with its components ("acetaminophen + codeine"), every one a
    /// name of the lists above.
    public let products: [String: String]
    public let combination: Combination
    public let otherAcute: Other

    /// What a known name is: a drug of a class, a preventive, an adjuvant, or a product of
    /// several of these.
    indirect enum Kind: Hashable { case medicationClass(Int), preventive, adjuvant, product([Kind]) }
    /// Every known name's key and what it is.
    let lookup: [String: Kind]
    /// The most words of a known name.
    let longestName: Int
    /// The combination rule as class indices.
    let analgesicClasses: Set<Int>, companionClasses: Set<Int>
    let combinationClass: Int

    private enum CodingKeys: String, CodingKey { case preventive, adjuvants, ichd3Classes, products, combination, otherAcute }

    /// Decodes the file and checks what the types cannot: no name in two lists, at least one
    /// class, and a combination rule naming classes of the file.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        preventive = try c.decode(Names.self, forKey: .preventive)
        adjuvants = try c.decode(Names.self, forKey: .adjuvants)
        ichd3Classes = try c.decode([MedicationClass].self, forKey: .ichd3Classes)
        products = try c.decode([String: String].self, forKey: .products)
        combination = try c.decode(Combination.self, forKey: .combination)
        otherAcute = try c.decode(Other.self, forKey: .otherAcute)
        guard !ichd3Classes.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .ichd3Classes, in: c, debugDescription: "at least one class")
        }
        var lookup: [String: Kind] = [:]
        var lists: [(Names, Kind)] = [(preventive, .preventive), (adjuvants, .adjuvant)]
        for (i, cls) in ichd3Classes.enumerated() { lists.append((cls.names, .medicationClass(i))) }
        for (names, kind) in lists {
            for key in names.keys {
                if let seen = lookup[key], seen != kind {
                    throw DecodingError.dataCorruptedError(forKey: .ichd3Classes, in: c,
                                                           debugDescription: "\"\(key)\" is listed twice")
                }
                lookup[key] = kind
            }
        }
        for (name, formula) in products.sorted(by: { $0.key < $1.key }) {
            let parts = try MedicationName.words(formula).split(whereSeparator: MedicationName.isSeparator).map { words in
                guard let kind = lookup[words.joined(separator: " ")], kind != .preventive else {
                    throw DecodingError.dataCorruptedError(forKey: .products, in: c, debugDescription:
                        "\"\(name)\": \"\(words.joined(separator: " "))\" is not a class or adjuvant name of this file")
                }
                return kind
            }
            let key = MedicationName.key(name)
            guard !parts.isEmpty, !key.isEmpty, lookup[key] == nil else {
                throw DecodingError.dataCorruptedError(forKey: .products, in: c, debugDescription: "\"\(name)\" is listed twice or has no components")
            }
            lookup[key] = .product(parts)
        }
        self.lookup = lookup
        longestName = lookup.keys.map { $0.split(separator: " ").count }.max() ?? 1
        let ids = ichd3Classes.map(\.id)
        func indices(_ list: [String]) throws -> Set<Int> {
            Set(try list.map { id in
                guard let i = ids.firstIndex(of: id) else {
                    throw DecodingError.dataCorruptedError(forKey: .combination, in: c, debugDescription: "no class \"\(id)\"")
                }
                return i
            })
        }
        analgesicClasses = try indices(combination.analgesicClasses)
        companionClasses = try indices(combination.companionClasses)
        guard let into = try indices([combination.into]).first else {
            throw DecodingError.dataCorruptedError(forKey: .combination, in: c, debugDescription: "a class to combine into")
        }
        combinationClass = into
    }
}

/// The words of a medication name as the classifier matches them.
public enum MedicationName {
    /// The separators of a product's components besides the word "with".
    static let separatorCharacters: Set<Character> = ["/", "+", "&"]
    static let withWord = "with"

    /// The words of `name`, lower-cased: split at white space, "/", "+" and "&" standing as
    /// words of their own.
    static func words(_ name: String) -> [Substring] {
        let lower = name.lowercased()
        var out: [Substring] = []
        var start: String.Index? = nil
        var i = lower.startIndex
        while i < lower.endIndex {
            let ch = lower[i]
            if ch.isWhitespace || separatorCharacters.contains(ch) {
                if let s = start { out.append(lower[s..<i]); start = nil }
                if !ch.isWhitespace { out.append(lower[i...i]) }
            } else if start == nil {
                start = i
            }
            i = lower.index(after: i)
        }
        if let s = start { out.append(lower[s...]) }
        return out
    }

    /// Whether a word separates the components of a product.
    static func isSeparator(_ w: Substring) -> Bool {
        w == withWord || (w.count == 1 && w.first.map { separatorCharacters.contains($0) } == true)
    }

    /// The match key of a name: its words joined by one space.
    public static func key(_ name: String) -> String { words(name).joined(separator: " ") }
}
