import Ingest

/// One member of the care network (spec 10-data-formats.md, `providers`). `notes` and `rating`
/// are Family-tier content.
public struct Provider: Equatable, Sendable {
    public var id: String
    public var circleId: String
    public var name: String
    public var role: String?
    public var organization: String?
    public var phone: String?
    public var email: String?
    public var address: String?
    public var notes: String?
    public var rating: Int?
    public var lastVisit: LocalDate?

    public init(id: String, circleId: String, name: String, role: String? = nil, organization: String? = nil,
                phone: String? = nil, email: String? = nil, address: String? = nil, notes: String? = nil,
                rating: Int? = nil, lastVisit: LocalDate? = nil) {
        self.id = id; self.circleId = circleId; self.name = name; self.role = role
        self.organization = organization; self.phone = phone; self.email = email; self.address = address
        self.notes = notes; self.rating = rating; self.lastVisit = lastVisit
    }
}

enum ProviderField: Int, RecordField {
    case id, circleId, name, role, organization, phone, email, address, notes, rating, lastVisit
    var jsonName: String { String(describing: self) }
    var csvName: String { snakeCaseColumn(jsonName) }
    /// Free-text columns (everything but the rating and the date): the directory CSV neutralises
    /// them against formula injection and the CSV reader undoes exactly that.
    var isText: Bool { self != .rating && self != .lastVisit }
    static let keys = KeyTable(jsonNamesOf: allCases)
}

/// A `providers` record being read.
struct ProviderDraft: KeyedJSONDraft {
    static var keyTable: KeyTable<ProviderField> { ProviderField.keys }
    static let recordsKey = "providers"
    static let otherRecordsKeys = ["handoffs", "expenses", "logs"]
    static let requiredFields: [ProviderField] = [.id, .circleId, .name]
    static let listFields: Set<ProviderField> = []

    var issues: [Issue] = []
    var given: Set<ProviderField> = []
    var id: String?
    var idPos: InputPosition?
    var circleId: String?, name: String?, role: String?, organization: String?, phone: String?
    var email: String?, address: String?, notes: String?
    var rating: Int?
    var lastVisit: LocalDate?

    init() {}

    mutating func setValue(_ f: ProviderField, _ v: FieldValue, at pos: InputPosition) {
        switch f {
        case .id: id = Convert.text(f, v, pos, &issues); idPos = pos
        case .circleId: circleId = Convert.text(f, v, pos, &issues)
        case .name: name = Convert.text(f, v, pos, &issues)
        case .role: role = Convert.text(f, v, pos, &issues)
        case .organization: organization = Convert.text(f, v, pos, &issues)
        case .phone: phone = Convert.text(f, v, pos, &issues)
        case .email: email = Convert.text(f, v, pos, &issues)
        case .address: address = Convert.text(f, v, pos, &issues)
        case .notes: notes = Convert.text(f, v, pos, &issues)
        case .rating: rating = Convert.oneToFive(f, v, pos, &issues)
        case .lastVisit: lastVisit = Convert.date(f, v, pos, &issues)
        }
    }

    mutating func addItem(_ f: ProviderField, _ item: String) {}

    mutating func finish(recordPos: InputPosition, locate: (InputPosition) -> SourceLocation) -> Provider? {
        checkRequired(recordPos)
        guard issues.isEmpty, let id, let circleId, let name else { return nil }
        return Provider(id: id, circleId: circleId, name: name, role: role, organization: organization, phone: phone,
                        email: email, address: address, notes: notes, rating: rating, lastVisit: lastVisit)
    }
}
