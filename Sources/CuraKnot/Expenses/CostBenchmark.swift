import Ingest

/// A published monthly cost figure for one category in one region (spec 10-data-formats.md,
/// `benchmarks`), shown next to the projections with its source and date.
public struct CostBenchmark: Equatable, Sendable {
    public var category: ExpenseCategory
    public var monthlyAmount: Money
    /// ISO 4217 code, upper case.
    public var currency: String
    public var region: String?
    public var source: String
    public var asOf: LocalDate

    public init(category: ExpenseCategory, monthlyAmount: Money, currency: String, region: String? = nil,
                source: String, asOf: LocalDate) {
        self.category = category; self.monthlyAmount = monthlyAmount; self.currency = currency
        self.region = region; self.source = source; self.asOf = asOf
    }
}

enum BenchmarkField: Int, RecordField {
    case category, monthlyAmount, currency, region, source, asOf
    var jsonName: String { String(describing: self) }
    var csvName: String { snakeCaseColumn(jsonName) }
    /// Text columns: the CSV reader undoes formula-injection neutralisation.
    var isText: Bool { self == .region || self == .source }
    static let keys = KeyTable(jsonNamesOf: allCases)
}

/// A `benchmarks` record being read. Benchmarks have no `id`: several may share a category.
struct BenchmarkDraft: KeyedJSONDraft {
    static var keyTable: KeyTable<BenchmarkField> { BenchmarkField.keys }
    static let recordsKey = "benchmarks"
    static let otherRecordsKeys = ["handoffs", "expenses", "providers", "logs"]
    static let requiredFields: [BenchmarkField] = [.category, .monthlyAmount, .currency, .source, .asOf]
    static let listFields: Set<BenchmarkField> = []

    var issues: [Issue] = []
    var given: Set<BenchmarkField> = []
    let id: String? = nil
    let idPos: InputPosition? = nil
    var category: ExpenseCategory?
    var monthlyAmount: Money?
    var amountPos: InputPosition?
    var currency: String?, region: String?, source: String?
    var asOf: LocalDate?

    init() {}

    mutating func setValue(_ f: BenchmarkField, _ v: FieldValue, at pos: InputPosition) {
        switch f {
        case .category: category = Convert.enumValue(f, v, pos, &issues, ExpenseCategory.self)
        case .monthlyAmount: monthlyAmount = MoneyFields.amount(f, v, pos, &issues); amountPos = pos
        case .currency: currency = MoneyFields.currency(f, v, pos, &issues)
        case .region: region = Convert.text(f, v, pos, &issues)
        case .source: source = Convert.text(f, v, pos, &issues)
        case .asOf: asOf = Convert.date(f, v, pos, &issues)
        }
    }

    mutating func addItem(_ f: BenchmarkField, _ item: String) {}

    mutating func finish(recordPos: InputPosition, locate: (InputPosition) -> SourceLocation) -> CostBenchmark? {
        checkRequired(recordPos)
        MoneyFields.checkUnits(BenchmarkField.monthlyAmount, monthlyAmount, currency, amountPos, &issues)
        guard issues.isEmpty, let category, let monthlyAmount, let currency, let source, let asOf else { return nil }
        return CostBenchmark(category: category, monthlyAmount: monthlyAmount, currency: currency, region: region,
                             source: source, asOf: asOf)
    }
}

/// Reads cost benchmark files (JSON or CSV) with located errors, strict or `--skip-invalid`.
public enum BenchmarkReader {
    public static func read(_ sources: [InputSource], options: IngestOptions = IngestOptions()) throws -> IngestResult<CostBenchmark> {
        try RecordReader<BenchmarkDraft>.read(sources, options: options)
    }
}
