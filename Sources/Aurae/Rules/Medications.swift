import Catalog

/// `templates/medications/aurae.json` as read (`ConfigNode`): the property names are the file's keys. Names
/// (generic, brand and product names, of one or more words) are held as `MedicationName.key`s:
/// lower-cased words joined by one space, the component separators their own words, so that a
/// logged name is matched by its longest known prefix of whole words (`MedicationClassifier`).
public struct Medications: Sendable {
    /// An ICHD-3 class: its id and label, the monthly reference days (`nil`: a class of its own
    /// with no reference, such as gepants and ditans), its names.
    public struct MedicationClass: Sendable {
        public let id: String
        public let label: String
        public let referenceDays: Int?
        public let names: Names
        init(_ n: ConfigNode) throws {
            id = try n.string("id"); label = try n.string("label")
            referenceDays = try n.optional("referenceDays")?.int()
            names = try Names(n["names"])
        }
    }
    /// The class of an acute entry no class names.
    public struct Other: Sendable {
        public let id: String; public let label: String
        init(_ n: ConfigNode) throws { id = try n.string("id"); label = try n.string("label") }
    }

    /// The rule that makes one product of an analgesic and a companion (caffeine, butalbital, an
    /// opioid) a combination analgesic: the ids of the classes that count as the analgesic, of
    /// the classes that count as a companion (besides the adjuvants), and of the class they
    /// become together.
    public struct Combination: Sendable {
        public let analgesicClasses: [String]
        public let companionClasses: [String]
        public let into: String
        init(_ n: ConfigNode) throws {
            analgesicClasses = try n.strings("analgesicClasses"); companionClasses = try n.strings("companionClasses")
            into = try n.string("into")
        }
    }

    /// A list of names, each as its match key.
    public struct Names: Sendable {
        public let keys: [String]

        init(_ n: ConfigNode) throws {
            keys = try n.strings().map(MedicationName.key)
            guard !keys.contains("") else { throw n.wrong("names that are not empty") }
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

    /// Reads the file and checks what the types cannot: no name in two lists, at least one
    /// class, and a combination rule naming classes of the file.
    public init(_ n: ConfigNode) throws {
        preventive = try Names(n["preventive"])
        adjuvants = try Names(n["adjuvants"])
        let classList = try n["ichd3Classes"]
        ichd3Classes = try classList.list().map(MedicationClass.init)
        let productList = try n["products"]
        var products: [String: String] = [:]
        for (name, formula) in try productList.members() { products[name] = try formula.string() }
        self.products = products
        let combinationNode = try n["combination"]
        combination = try Combination(combinationNode)
        otherAcute = try Other(n["otherAcute"])
        guard !ichd3Classes.isEmpty else { throw classList.wrong("at least one class") }
        var lookup: [String: Kind] = [:]
        var lists: [(Names, Kind)] = [(preventive, .preventive), (adjuvants, .adjuvant)]
        for (i, cls) in ichd3Classes.enumerated() { lists.append((cls.names, .medicationClass(i))) }
        for (names, kind) in lists {
            for key in names.keys {
                if let seen = lookup[key], seen != kind {
                    throw classList.wrong("\"\(key)\" is listed twice")
                }
                lookup[key] = kind
            }
        }
        for (name, formula) in products.sorted(by: { $0.key < $1.key }) {
            let parts = try MedicationName.words(formula).split(whereSeparator: MedicationName.isSeparator).map { words in
                guard let kind = lookup[words.joined(separator: " ")], kind != .preventive else {
                    throw productList.wrong(
                        "\"\(name)\": \"\(words.joined(separator: " "))\" is not a class or adjuvant name of this file")
                }
                return kind
            }
            let key = MedicationName.key(name)
            guard !parts.isEmpty, !key.isEmpty, lookup[key] == nil else {
                throw productList.wrong("\"\(name)\" is listed twice or has no components")
            }
            lookup[key] = .product(parts)
        }
        self.lookup = lookup
        // A key is its non-empty words joined by one space: its words are its spaces plus one.
        longestName = lookup.keys.map { key in 1 + key.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: " ") ? 1 : 0) } }.max() ?? 1
        let ids = ichd3Classes.map(\.id)
        func indices(_ list: [String]) throws -> Set<Int> {
            Set(try list.map { id in
                guard let i = ids.firstIndex(of: id) else {
                    throw combinationNode.wrong("no class \"\(id)\"")
                }
                return i
            })
        }
        analgesicClasses = try indices(combination.analgesicClasses)
        companionClasses = try indices(combination.companionClasses)
        guard let into = try indices([combination.into]).first else {
            throw combinationNode.wrong("a class to combine into")
        }
        combinationClass = into
    }
}

/// The words of a medication name as the classifier matches them.
public enum MedicationName {
    /// The separators of a product's components besides the word "with".
    static let separatorBytes: [UInt8] = [UInt8(ascii: "/"), UInt8(ascii: "+"), UInt8(ascii: "&")]
    static let separatorCharacters = Set(separatorBytes.map { Character(Unicode.Scalar($0)) })
    static let withWord = "with"

    /// The words of `name`, lower-cased: split at white space, "/", "+" and "&" standing as
    /// words of their own.
    static func words(_ name: String) -> [Substring] {
        let lower = name.lowercased()
        return lower.utf8.allSatisfy({ $0 < 0x80 }) ? asciiWords(lower) : characterWords(lower)
    }

    /// `words` of lower-cased text, cut by characters.
    static func characterWords(_ lower: String) -> [Substring] {
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

    /// `words` of ASCII text, cut by bytes: each character is one byte (a CR LF pair is white
    /// space either way), the white space being Unicode's in ASCII (tab to carriage return and
    /// the space). The same words, without a grapheme and a set lookup per character.
    static func asciiWords(_ lower: String) -> [Substring] {
        var out: [Substring] = []
        let bytes = lower.utf8
        var start: String.Index? = nil
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            let space = b == 0x20 || (b >= 0x09 && b <= 0x0D)
            if space || separatorBytes.contains(b) {
                if let s = start { out.append(lower[s..<i]); start = nil }
                if !space { out.append(lower[i...i]) }
            } else if start == nil {
                start = i
            }
            bytes.formIndex(after: &i)
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
