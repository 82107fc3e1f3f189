import Ingest

/// The kind of a caregiver handoff.
public enum HandoffType: String, InputEnum {
    case visit = "VISIT", call = "CALL", appointment = "APPOINTMENT", note = "NOTE", meeting = "MEETING", discharge = "DISCHARGE"
    public static let inputTable = EnumTable<HandoffType>()
}

/// One caregiver handoff (spec 10-data-formats.md, `handoffs`).
public struct Handoff: Equatable, Sendable {
    public var id: String
    public var circleId: String
    public var patientId: String
    public var authorId: String
    public var authorName: String?
    public var createdAt: Timestamp
    public var type: HandoffType
    public var title: String?
    public var summary: String?
    /// The symptoms as the app captured them (not yet normalised).
    public var symptoms: [String]
    public var medicationChanges: [String]
    public var language: String?

    public init(id: String, circleId: String, patientId: String, authorId: String, authorName: String? = nil,
                createdAt: Timestamp, type: HandoffType, title: String? = nil, summary: String? = nil,
                symptoms: [String] = [], medicationChanges: [String] = [], language: String? = nil) {
        self.id = id; self.circleId = circleId; self.patientId = patientId; self.authorId = authorId
        self.authorName = authorName; self.createdAt = createdAt; self.type = type; self.title = title
        self.summary = summary; self.symptoms = symptoms; self.medicationChanges = medicationChanges
        self.language = language
    }

    /// The handoff's date: the local date of `createdAt` in its own offset.
    public var date: LocalDate { createdAt.localDate }

    /// Most symptoms one handoff may list. CORRELATION counts the pairs of each handoff's
    /// symptoms, n(n−1)/2 of them: with at most 50 a handoff, at most 1,225, so the analysis
    /// stays linear in its input (docs/input.md). A caregiver's handoff lists a handful.
    public static let maxSymptoms = 50
    /// Longest symptom, in UTF-8 bytes (after trimming): a symptom is a word or a short phrase,
    /// and each is repeated in every pair, insight and source it is part of.
    public static let maxSymptomBytes = 200

    /// What is wrong with a handoff's symptom list (as read, or as a store holds it), nil when
    /// nothing is: more than `maxSymptoms` items, or an item longer than `maxSymptomBytes`.
    static let tooManySymptoms = "lists more than \(maxSymptoms) symptoms, the most a handoff may list"
    static let symptomTooLong = "more than the \(maxSymptomBytes) a symptom may have"

    public static func symptomProblem(count: Int, longest: Int) -> String? {
        if count > maxSymptoms { return tooManySymptoms }
        if longest > maxSymptomBytes { return "has a symptom of \(longest) bytes, " + symptomTooLong }
        return nil
    }
}

/// The columns and JSON keys of a handoff.
enum HandoffField: Int, RecordField {
    case id, circleId, patientId, authorId, authorName, createdAt, type, title, summary, symptoms, medicationChanges, language
    var jsonName: String { String(describing: self) }
    var csvName: String { snakeCaseColumn(jsonName) }
    /// Text columns (everything but the timestamp and the type): the CSV reader undoes the CSV
    /// writer's formula-injection `'` on them, as on every other text field.
    var isText: Bool { self != .createdAt && self != .type }
    static let keys = KeyTable(jsonNamesOf: allCases)
}

/// A `handoffs` record being read.
struct HandoffDraft: KeyedJSONDraft {
    static var keyTable: KeyTable<HandoffField> { HandoffField.keys }
    static let recordsKey = "handoffs"
    static let otherRecordsKeys = ["expenses", "providers", "logs"]
    static let requiredFields: [HandoffField] = [.id, .circleId, .patientId, .authorId, .createdAt, .type]
    static let listFields: Set<HandoffField> = [.symptoms, .medicationChanges]

    var issues: [Issue] = []
    var given: Set<HandoffField> = []
    var id: String?
    var idPos: InputPosition?
    var circleId: String?, patientId: String?, authorId: String?, authorName: String?
    var createdAt: Timestamp?
    var type: HandoffType?
    var title: String?, summary: String?, language: String?
    var symptoms: [String] = []
    var symptomsOverLimit = false
    var medicationChanges: [String] = []

    init() {}

    mutating func setValue(_ f: HandoffField, _ v: FieldValue, at pos: InputPosition) {
        switch f {
        case .id: id = Convert.text(f, v, pos, &issues); idPos = pos
        case .circleId: circleId = Convert.text(f, v, pos, &issues)
        case .patientId: patientId = Convert.text(f, v, pos, &issues)
        case .authorId: authorId = Convert.text(f, v, pos, &issues)
        case .authorName: authorName = Convert.text(f, v, pos, &issues)
        case .createdAt: createdAt = Convert.timestamp(f, v, pos, &issues)
        case .type: type = Convert.enumValue(f, v, pos, &issues, HandoffType.self)
        case .title: title = Convert.text(f, v, pos, &issues)
        case .summary: summary = Convert.text(f, v, pos, &issues)
        case .language: language = Convert.text(f, v, pos, &issues)
        case .symptoms, .medicationChanges: break
        }
    }

    mutating func addItem(_ f: HandoffField, _ item: String) {
        if f == .symptoms { symptoms.append(item) } else { medicationChanges.append(item) }
    }

    /// Symptoms are held to `Handoff.maxSymptoms` and `maxSymptomBytes` where they are read: the
    /// first item past a limit is an error at its position, and the list keeps no more.
    mutating func addItem(_ f: HandoffField, _ item: String, at pos: InputPosition) {
        guard f == .symptoms else { return addItem(f, item) }
        guard !symptomsOverLimit else { return }
        if symptoms.count == Handoff.maxSymptoms {
            symptomsOverLimit = true
            issues.append(Issue(field: f, problem: .other(Handoff.tooManySymptoms), pos: pos))
        } else if item.utf8.count > Handoff.maxSymptomBytes {
            symptomsOverLimit = true
            issues.append(Issue(field: SymptomItem(index: symptoms.count + 1),
                                problem: .other("is \(item.utf8.count) bytes, " + Handoff.symptomTooLong), pos: pos))
        } else {
            symptoms.append(item)
        }
    }

    mutating func finish(recordPos: InputPosition, locate: (InputPosition) -> SourceLocation) -> Handoff? {
        checkRequired(recordPos)
        guard issues.isEmpty, let id, let circleId, let patientId, let authorId, let createdAt, let type else { return nil }
        return Handoff(id: id, circleId: circleId, patientId: patientId, authorId: authorId, authorName: authorName,
                       createdAt: createdAt, type: type, title: title, summary: summary, symptoms: symptoms,
                       medicationChanges: medicationChanges, language: language)
    }
}

/// Symptom `index` (from 1) of a handoff: `symptoms[3]` in messages.
struct SymptomItem: FieldNaming {
    var index: Int
    var jsonName: String { "symptoms[\(index)]" }
    var csvName: String { jsonName }
}
