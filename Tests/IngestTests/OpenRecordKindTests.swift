import XCTest
import Ingest  // not @testable: a new record kind needs only the public API

// A tiny record kind of another app, defined outside Ingest's Aurae folder.

private enum ExpenseCategory: String, InputEnum {
    case food, travel
    static let inputTable = EnumTable<ExpenseCategory>()
}

private struct Expense: Equatable {
    var id: String
    var amount: Double
    var paidOn: LocalDate?
    var category: ExpenseCategory?
    var source: SourceLocation?
}

private enum ExpenseField: Int, RecordField {
    case id, amount, paidOn, category
    var jsonName: String { String(describing: self) }
    var csvName: String { snakeCaseColumn(jsonName) }
    static let keys = KeyTable(jsonNamesOf: allCases)
}

private struct ExpenseDraft: RecordDraft {
    static let recordsKey = "expenses"
    static let otherRecordsKeys = ["handoffs", "providers"]
    static let uniqueField = ExpenseField.id
    static let requiredFields: [ExpenseField] = [.id, .amount]

    var issues: [Issue] = []
    var given: Set<ExpenseField> = []
    var id: String?
    var idPos: InputPosition?
    var amount: Double?
    var paidOn: LocalDate?
    var category: ExpenseCategory?

    init() {}

    var uniqueKey: (key: String, pos: InputPosition)? {
        guard let id, let idPos else { return nil }
        return (id, idPos)
    }

    mutating func set(_ f: ExpenseField, _ v: FieldValue, at pos: InputPosition) {
        given.insert(f)
        if Self.requiredFields.contains(f) && v.isUnknown {
            issues.append(Issue(field: f, problem: .required, pos: pos))
            return
        }
        switch f {
        case .id: id = Convert.text(f, v, pos, &issues); idPos = pos
        case .amount: amount = Convert.double(f, v, pos, &issues, range: 0...10_000)
        case .paidOn: paidOn = Convert.date(f, v, pos, &issues)
        case .category: category = Convert.enumValue(f, v, pos, &issues, ExpenseCategory.self)
        }
    }

    mutating func readJSONMember(_ key: UnsafeRawBufferPointer, _ keyPos: JSONPosition,
                                 _ ctx: JSONRecordContext) throws {
        guard let f = ExpenseField.keys.match(key) else { try ctx.unknownKey("", key, keyPos); return }
        let pos = ctx.pos()
        set(f, try ctx.scalar(), at: pos)
    }

    mutating func finish(recordPos: InputPosition, locate: (InputPosition) -> SourceLocation) -> Expense? {
        for f in Self.requiredFields where !given.contains(f) {
            issues.append(Issue(field: f, problem: .required, pos: recordPos))
        }
        if category == .travel, paidOn == nil, let idPos {
            issues.append(Issue(field: ExpenseField.paidOn, problem: .other("is required for travel"), pos: idPos))
        }
        guard issues.isEmpty, let id, let amount else { return nil }
        return Expense(id: id, amount: amount, paidOn: paidOn, category: category, source: idPos.map(locate))
    }
}

private func readExpenses(_ text: String, _ name: String, skipInvalid: Bool = false) throws -> IngestResult<Expense> {
    try RecordReader<ExpenseDraft>.read(bytes: Array(text.utf8), name: name,
                                        format: name.hasSuffix(".json") ? .json : .csv,
                                        options: IngestOptions(skipInvalid: skipInvalid))
}

final class OpenRecordKindTests: XCTestCase {
    func testValidRecordsFromCSVAndJSON() throws {
        let csv = try readExpenses("id,amount,paid_on,category,memo\ne1,12.5,2026-01-02,Food,x\ne2,3,,,\n", "e.csv")
        XCTAssertEqual(csv.records.map(\.id), ["e1", "e2"])
        XCTAssertEqual(csv.records[0].paidOn, LocalDate(year: 2026, month: 1, day: 2))
        XCTAssertEqual(csv.records[0].category, .food)
        XCTAssertEqual(csv.records[1].source, SourceLocation(file: "e.csv", line: 3, column: 1))
        XCTAssertEqual(csv.warnings.map(\.description), ["e.csv:1:5: warning: unknown column \"memo\" ignored"])

        let json = try readExpenses("{\"expenses\": [{\"id\": \"e1\", \"amount\": 7, \"paidOn\": \"2026-03-04\", \"note\": 1}]}", "e.json")
        XCTAssertEqual(json.records.map(\.amount), [7])
        XCTAssertEqual(json.warnings.map(\.description), ["e.json:1:65: warning: unknown key \"note\" ignored"])
    }

    func testLocatedErrorsNameCSVColumnsAndJSONPaths() {
        let csv = "id,amount,paid_on,category\ne1,-3,2026-02-30,snacks\ne2,1,,\ne2,2,,\n,4,,\ne3,5,,travel\n"
        XCTAssertEqual(errorsOf { try readExpenses(csv, "e.csv") }, [
            "e.csv:2:2: error: amount must be a number from 0 to 10000, found \"-3\"",
            "e.csv:2:3: error: paid_on is not a real date: \"2026-02-30\"",
            "e.csv:2:4: error: category must be one of food, travel; found \"snacks\"",
            "e.csv:4:1: error: duplicate id; first seen at e.csv:3:1",
            "e.csv:5:1: error: id is required",
            "e.csv:6:1: error: paid_on is required for travel",
        ])
        let json = "[{\"id\": \"e1\", \"amount\": -3, \"paidOn\": \"2026-02-30\", \"category\": 1},\n {\"amount\": 1},\n {\"id\": \"e3\", \"amount\": 5, \"category\": \"travel\"}]"
        XCTAssertEqual(errorsOf { try readExpenses(json, "e.json") }, [
            "e.json:1:25: error: amount must be a number from 0 to 10000, found \"-3\"",
            "e.json:1:39: error: paidOn is not a real date: \"2026-02-30\"",
            "e.json:1:65: error: category must be one of food, travel; found \"1\"",
            "e.json:2:2: error: id is required",
            "e.json:3:9: error: paidOn is required for travel",
        ])
    }

    func testFileLevelErrorsUseTheRecordKindsKeys() {
        XCTAssertEqual(errorsOf { try readExpenses("{\"handoffs\": []}", "h.json") },
                       ["h.json:1:2: error: expected \"expenses\" records, found \"handoffs\""])
        XCTAssertEqual(errorsOf { try readExpenses("{}", "n.json") },
                       ["n.json:1:1: error: no \"expenses\" array in the top-level object"])
        XCTAssertEqual(errorsOf { try readExpenses("id,paid_on\ne1,2026-01-01\n", "m.csv") },
                       ["m.csv:1:1: error: missing required column amount"])
    }

    func testIssueMessagesComeFromOneDescription() {
        let issue = Issue(field: ExpenseField.paidOn, problem: .before(ExpenseField.id), pos: .csv(line: 2, field: 3))
        XCTAssertEqual(issue.message(for: .csv), "paid_on is before id")
        XCTAssertEqual(issue.message(for: .json), "paidOn is before id")
        let wrong = Issue(field: ExpenseField.paidOn, problem: .mustBe(.date, found: "\"x\""), pos: .csv(line: 2, field: 3))
        XCTAssertEqual(wrong.message(for: .csv), "paid_on must be a date (YYYY-MM-DD), found \"x\"")
    }
}
