import Ingest

/// What a Mindful Home task is (seed §5).
public enum TaskKind: String, InputEnum {
    case rule, chore, reward
    public static let inputTable = EnumTable<TaskKind>()
}

/// A task's category, which picks its colour swatch (seed §8.1).
public enum TaskCategory: String, InputEnum {
    case security, respect, fun
    public static let inputTable = EnumTable<TaskCategory>()
}

/// One rule, chore or reward of the app's task export.
public struct HomeTask: Equatable, Sendable {
    public var id: String
    public var kind: TaskKind
    public var title: String
    public var peanuts: Int
    public var category: TaskCategory
    public var createdAt: Timestamp?
    /// Picked by the adult, visible to the kid.
    public var isSelected: Bool
    /// Completed by the kid (rules and chores).
    public var isCompleted: Bool
    /// Redeemed (rewards).
    public var inBasket: Bool
    /// Where the record starts (for messages about it).
    public var source: SourceLocation?

    public init(id: String, kind: TaskKind, title: String, peanuts: Int, category: TaskCategory, createdAt: Timestamp? = nil,
                isSelected: Bool = false, isCompleted: Bool = false, inBasket: Bool = false, source: SourceLocation? = nil) {
        self.id = id; self.kind = kind; self.title = title; self.peanuts = peanuts; self.category = category
        self.createdAt = createdAt; self.isSelected = isSelected; self.isCompleted = isCompleted; self.inBasket = inBasket
        self.source = source
    }
}

/// The fields of a task record.
public enum TaskField: Int, RecordField {
    case id, kind, title, peanuts, category, createdAt, isSelected, isCompleted, inBasket
    public var jsonName: String { String(describing: self) }
    public var csvName: String { snakeCaseColumn(jsonName) }
    public var isText: Bool { self == .title }
    static let keys = KeyTable(jsonNamesOf: allCases)
}

/// A task record being read.
struct TaskDraft: FlatRecordDraft {
    /// The most peanuts one task may be worth (keeps every sum far from overflow).
    static let maxPeanuts = 1_000_000

    static var keyTable: KeyTable<TaskField> { TaskField.keys }
    static let recordsKey = "tasks"
    static let otherRecordsKeys = ["periods", "events", "logs"]
    static let uniqueField = TaskField.id
    static let requiredFields: [TaskField] = [.id, .kind, .title, .peanuts, .category]

    var issues: [Issue] = []
    var given: Set<TaskField> = []
    var id: String?
    var idPos: InputPosition?
    var kind: TaskKind?
    var title: String?
    var peanuts: Int?
    var category: TaskCategory?
    var createdAt: Timestamp?
    var isSelected: Bool?, isCompleted: Bool?, inBasket: Bool?

    init() {}

    mutating func setValue(_ f: TaskField, _ v: FieldValue, at pos: InputPosition) {
        switch f {
        case .id: id = Convert.text(f, v, pos, &issues); idPos = pos
        case .kind: kind = Convert.enumValue(f, v, pos, &issues, TaskKind.self)
        case .title: title = Convert.text(f, v, pos, &issues)
        case .peanuts: peanuts = Convert.int(f, v, pos, &issues, range: 0...Self.maxPeanuts)
        case .category: category = Convert.enumValue(f, v, pos, &issues, TaskCategory.self)
        case .createdAt: createdAt = Convert.timestamp(f, v, pos, &issues)
        case .isSelected: isSelected = Convert.bool(f, v, pos, &issues)
        case .isCompleted: isCompleted = Convert.bool(f, v, pos, &issues)
        case .inBasket: inBasket = Convert.bool(f, v, pos, &issues)
        }
    }

    mutating func finish(recordPos: InputPosition, locate: (InputPosition) -> SourceLocation) -> HomeTask? {
        checkRequired(recordPos)
        guard issues.isEmpty, let id, let kind, let title, let peanuts, let category else { return nil }
        return HomeTask(id: id, kind: kind, title: title, peanuts: peanuts, category: category, createdAt: createdAt,
                        isSelected: isSelected ?? false, isCompleted: isCompleted ?? false, inBasket: inBasket ?? false,
                        source: locate(recordPos))
    }
}

/// Reads Mindful Home task exports (JSON or CSV) with located errors, strict or `--skip-invalid`.
public enum TaskReader {
    public static func read(_ sources: [InputSource], options: IngestOptions = IngestOptions()) throws -> IngestResult<HomeTask> {
        try RecordReader<TaskDraft>.read(sources, options: options)
    }

    /// Reads one in-memory input (tests, tools).
    public static func read(bytes: [UInt8], name: String, format: InputFormat,
                            options: IngestOptions = IngestOptions()) throws -> IngestResult<HomeTask> {
        try RecordReader<TaskDraft>.read(bytes: bytes, name: name, format: format, options: options)
    }
}
