import Ingest

/// The category of an expense, in the order of spec 10-data-formats.md.
public enum ExpenseCategory: String, InputEnum {
    case medical = "MEDICAL", medication = "MEDICATION", careServices = "CARE_SERVICES", transport = "TRANSPORT"
    case supplies = "SUPPLIES", housing = "HOUSING", insurance = "INSURANCE", other = "OTHER"
    public static let inputTable = EnumTable<ExpenseCategory>()
}

/// One care expense (spec 10-data-formats.md, `expenses`).
public struct Expense: Equatable, Sendable {
    public var id: String
    public var circleId: String
    public var patientId: String
    public var date: LocalDate
    public var category: ExpenseCategory
    public var description: String
    public var amount: Money
    /// ISO 4217 code, upper case.
    public var currency: String
    public var paidBy: String?
    public var reimbursable: Bool?
    public var receipt: String?

    public init(id: String, circleId: String, patientId: String, date: LocalDate, category: ExpenseCategory,
                description: String, amount: Money, currency: String, paidBy: String? = nil,
                reimbursable: Bool? = nil, receipt: String? = nil) {
        self.id = id; self.circleId = circleId; self.patientId = patientId; self.date = date
        self.category = category; self.description = description; self.amount = amount; self.currency = currency
        self.paidBy = paidBy; self.reimbursable = reimbursable; self.receipt = receipt
    }
}

enum ExpenseField: Int, RecordField {
    case id, circleId, patientId, date, category, description, amount, currency, paidBy, reimbursable, receipt
    var jsonName: String { String(describing: self) }
    var csvName: String { snakeCaseColumn(jsonName) }
    /// Text columns: the CSV reader undoes the exports' formula-injection neutralisation.
    var isText: Bool { [.id, .circleId, .patientId, .description, .paidBy, .receipt].contains(self) }
    static let keys = KeyTable(jsonNamesOf: allCases)
}

/// An `expenses` record being read.
struct ExpenseDraft: KeyedJSONDraft {
    static var keyTable: KeyTable<ExpenseField> { ExpenseField.keys }
    static let recordsKey = "expenses"
    static let otherRecordsKeys = ["handoffs", "providers", "logs"]
    static let requiredFields: [ExpenseField] = [.id, .circleId, .patientId, .date, .category, .description, .amount, .currency]
    static let listFields: Set<ExpenseField> = []

    var issues: [Issue] = []
    var given: Set<ExpenseField> = []
    var id: String?
    var idPos: InputPosition?
    var circleId: String?, patientId: String?, description: String?, paidBy: String?, receipt: String?
    var date: LocalDate?
    var category: ExpenseCategory?
    var amount: Money?
    var amountPos: InputPosition?
    var currency: String?
    var reimbursable: Bool?

    init() {}

    mutating func setValue(_ f: ExpenseField, _ v: FieldValue, at pos: InputPosition) {
        switch f {
        case .id: id = Convert.text(f, v, pos, &issues); idPos = pos
        case .circleId: circleId = Convert.text(f, v, pos, &issues)
        case .patientId: patientId = Convert.text(f, v, pos, &issues)
        case .description: description = Convert.text(f, v, pos, &issues)
        case .paidBy: paidBy = Convert.text(f, v, pos, &issues)
        case .receipt: receipt = Convert.text(f, v, pos, &issues)
        case .date: date = Convert.date(f, v, pos, &issues)
        case .category: category = Convert.enumValue(f, v, pos, &issues, ExpenseCategory.self)
        case .reimbursable: reimbursable = Convert.bool(f, v, pos, &issues)
        case .amount: amount = MoneyFields.amount(f, v, pos, &issues); amountPos = pos
        case .currency: currency = MoneyFields.currency(f, v, pos, &issues)
        }
    }

    mutating func addItem(_ f: ExpenseField, _ item: String) {}

    mutating func finish(recordPos: InputPosition, locate: (InputPosition) -> SourceLocation) -> Expense? {
        checkRequired(recordPos)
        MoneyFields.checkUnits(ExpenseField.amount, amount, currency, amountPos, &issues)
        guard issues.isEmpty, let id, let circleId, let patientId, let date, let category, let description,
              let amount, let currency else { return nil }
        return Expense(id: id, circleId: circleId, patientId: patientId, date: date, category: category,
                       description: description, amount: amount, currency: currency, paidBy: paidBy,
                       reimbursable: reimbursable, receipt: receipt)
    }
}
