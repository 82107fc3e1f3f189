import Ingest

/// Whether the user allowed notifications on the phone (spec 50-companion-apps.md, `periods`).
public enum NotificationStatus: String, InputEnum {
    case authorized, denied, notDetermined
    public static let inputTable = EnumTable<NotificationStatus>()
}

/// One logged period start of one user (a `periods` record).
public struct PeriodStart: Equatable, Sendable {
    /// The cycle's id (the seed's `cycleId`); `nil` when the record gave none.
    public var id: String?
    public var userId: String
    public var startDate: LocalDate
    /// An IANA zone name the system's time-zone database has a file for, as written.
    public var timeZone: String?
    public var notifications: NotificationStatus?
    /// Where the record starts, and the format it was read from (for messages naming its fields).
    public var source: SourceLocation?
    public var format: InputFormat

    public init(id: String?, userId: String, startDate: LocalDate, timeZone: String? = nil,
                notifications: NotificationStatus? = nil, source: SourceLocation? = nil, format: InputFormat = .json) {
        self.id = id; self.userId = userId; self.startDate = startDate; self.timeZone = timeZone
        self.notifications = notifications; self.source = source; self.format = format
    }
}

/// The fields of a `periods` record.
public enum PeriodField: Int, RecordField {
    case id, userId, startDate, timeZone, notifications
    public var jsonName: String { String(describing: self) }
    public var csvName: String { snakeCaseColumn(jsonName) }
    static let keys = KeyTable(jsonNamesOf: allCases)
}

/// A `periods` record being read.
struct PeriodDraft: FlatRecordDraft {
    static var keyTable: KeyTable<PeriodField> { PeriodField.keys }
    static let recordsKey = "periods"
    static let otherRecordsKeys = ["events", "tasks", "logs"]
    static let uniqueField = PeriodField.id
    static let requiredFields: [PeriodField] = [.userId, .startDate]

    var issues: [Issue] = []
    var given: Set<PeriodField> = []
    var id: String?
    var idPos: InputPosition?
    var userId: String?
    var startDate: LocalDate?
    var timeZone: String?
    var notifications: NotificationStatus?

    init() {}

    mutating func setValue(_ f: PeriodField, _ v: FieldValue, at pos: InputPosition) {
        switch f {
        case .id: id = Convert.text(f, v, pos, &issues); idPos = pos
        case .userId: userId = Convert.text(f, v, pos, &issues)
        case .startDate: startDate = Convert.date(f, v, pos, &issues)
        case .timeZone: timeZone = Self.zone(f, v, pos, &issues)
        case .notifications: notifications = Convert.enumValue(f, v, pos, &issues, NotificationStatus.self)
        }
    }

    /// An IANA zone name with a usable TZif file in the system's time-zone database
    /// (`ZoneDirectory.system`: `TZDIR`, else `/usr/share/zoneinfo`), such as `Europe/Berlin`.
    static func zone(_ f: PeriodField, _ v: FieldValue, _ pos: InputPosition, _ issues: inout [Issue]) -> String? {
        guard let name = Convert.text(f, v, pos, &issues) else { return nil }
        let problem: String
        do throws(ZoneDirectory.Failure) {
            _ = try ZoneDirectory.system.zone(named: name)
            return name
        } catch {
            switch error {
            case .unknown: problem = "is not a time zone of the system's time-zone database (an IANA name such as Europe/Berlin)"
            case .unusable(let reason): problem = "names a zone whose file in the system's time-zone database cannot be used: \(reason)"
            }
        }
        issues.append(Issue(field: f, problem: .other(problem), pos: pos))
        return nil
    }

    mutating func finish(recordPos: InputPosition, locate: (InputPosition) -> SourceLocation) -> PeriodStart? {
        checkRequired(recordPos)
        guard issues.isEmpty, let userId, let startDate else { return nil }
        return PeriodStart(id: id, userId: userId, startDate: startDate, timeZone: timeZone, notifications: notifications,
                           source: locate(recordPos), format: recordPos.isCSV ? .csv : .json)
    }
}

/// Reads period exports (JSON or CSV) with located errors, strict or `--skip-invalid`.
public enum PeriodReader {
    public static func read(_ sources: [InputSource], options: IngestOptions = IngestOptions()) throws -> IngestResult<PeriodStart> {
        try RecordReader<PeriodDraft>.read(sources, options: options)
    }

    /// Reads one in-memory input (tests, tools).
    public static func read(bytes: [UInt8], name: String, format: InputFormat,
                            options: IngestOptions = IngestOptions()) throws -> IngestResult<PeriodStart> {
        try RecordReader<PeriodDraft>.read(bytes: bytes, name: name, format: format, options: options)
    }
}
