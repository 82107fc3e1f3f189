/// `templates/medications/aurae.json` as decoded: the property names are the file's keys. Names
/// match case-insensitively on an entry's first word, so every name list is held lower-cased.
public struct Medications: Decodable, Sendable {
    /// An ICHD-3 class: its id and label, the monthly reference days, its names.
    public struct MedicationClass: Decodable, Sendable {
        public let id: String
        public let label: String
        public let referenceDays: Int
        public let names: Names
    }
    /// The class of an acute entry no class names.
    public struct Other: Decodable, Sendable { public let id: String; public let label: String }

    /// A list of medication names, lower-cased.
    public struct Names: Decodable, Sendable {
        let lowercased: Set<String>

        public init(from decoder: Decoder) throws {
            lowercased = Set(try decoder.singleValueContainer().decode([String].self).map { $0.lowercased() })
        }

        /// Whether `name`, already lower-cased, is on the list.
        public func contains(_ name: String) -> Bool { lowercased.contains(name) }
    }

    /// Preventive names (matched on the first word of an entry).
    public let preventive: Names
    public let ichd3Classes: [MedicationClass]
    public let otherAcute: Other
}
