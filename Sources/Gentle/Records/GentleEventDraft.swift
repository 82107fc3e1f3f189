import Ingest

/// The columns and JSON keys of a Gentle Days event.
enum GentleEventField: Int, RecordField {
    case id, pairId, userId, at, type, action, chips, shareStatus, shareCalendar
    var jsonName: String { String(describing: self) }
    var csvName: String { snakeCaseColumn(jsonName) }
    static let keys = KeyTable(jsonNamesOf: allCases)
}

/// An `events` record being read. `chips` is a JSON array of strings or, in CSV, one field of
/// `;`-separated ids (`tired;calm`). An action belongs to care events only and chips to status
/// events only (an error located at the type); a care event needs its action.
struct GentleEventDraft: KeyedJSONDraft {
    static var keyTable: KeyTable<GentleEventField> { GentleEventField.keys }
    static let recordsKey = "events"
    static let otherRecordsKeys = ["logs", "days", "handoffs", "expenses", "providers", "periods", "tasks"]
    static let requiredFields: [GentleEventField] = [.id, .pairId, .userId, .at, .type]
    static let listFields: Set<GentleEventField> = [.chips]

    var issues: [Issue] = []
    var given: Set<GentleEventField> = []
    var id: String?
    var idPos: InputPosition?
    var pairId: String?, userId: String?
    var at: Timestamp?
    var type: GentleEventType?
    var typePos: InputPosition?
    var action: CareAction?
    var actionPos: InputPosition?
    var chips: [String] = []
    var shareStatus: Bool?, shareCalendar: Bool?

    init() {}

    mutating func setValue(_ f: GentleEventField, _ v: FieldValue, at pos: InputPosition) {
        switch f {
        case .id: id = Convert.text(f, v, pos, &issues); idPos = pos
        case .pairId: pairId = Convert.text(f, v, pos, &issues)
        case .userId: userId = Convert.text(f, v, pos, &issues)
        case .at: at = Convert.timestamp(f, v, pos, &issues)
        case .type: type = Convert.enumValue(f, v, pos, &issues, GentleEventType.self); typePos = pos
        case .action: action = Convert.enumValue(f, v, pos, &issues, CareAction.self); actionPos = pos
        case .shareStatus: shareStatus = Convert.bool(f, v, pos, &issues)
        case .shareCalendar: shareCalendar = Convert.bool(f, v, pos, &issues)
        case .chips: break
        }
    }

    mutating func addItem(_ f: GentleEventField, _ item: String) { chips.append(item) }

    mutating func finish(recordPos: InputPosition, locate: (InputPosition) -> SourceLocation) -> GentleEvent? {
        checkRequired(recordPos)
        if type == .care, action == nil, !issues.contains(where: { ($0.field as? GentleEventField) == .action }) {
            issues.append(Issue(field: GentleEventField.action, problem: .other("is required for care events"), pos: actionPos ?? recordPos))
        }
        if let type, type != .care, action != nil, let actionPos {
            issues.append(Issue(field: GentleEventField.action, problem: .other("is only for care events"), pos: actionPos))
        }
        if let type, type != .status, !chips.isEmpty {
            issues.append(Issue(field: GentleEventField.chips, problem: .other("are only for status events"), pos: typePos ?? recordPos))
        }
        guard issues.isEmpty, let id, let pairId, let userId, let at, let type else { return nil }
        return GentleEvent(id: id, pairId: pairId, userId: userId, at: at, type: type, action: action, chips: chips,
                           shareStatus: shareStatus, shareCalendar: shareCalendar)
    }
}

/// Reads Gentle Days event exports (JSON or CSV) with located errors, strict or `--skip-invalid`.
public enum GentleEventReader {
    public static func read(_ sources: [InputSource], options: IngestOptions = IngestOptions()) throws -> IngestResult<GentleEvent> {
        try RecordReader<GentleEventDraft>.read(sources, options: options)
    }

    /// Reads one export held in memory (tests, standard input already read).
    public static func read(bytes: [UInt8], name: String, format: InputFormat,
                            options: IngestOptions = IngestOptions()) throws -> IngestResult<GentleEvent> {
        try RecordReader<GentleEventDraft>.read(bytes: bytes, name: name, format: format, options: options)
    }
}
