import CuraKnot
import Ingest
import XCTest

/// The expense arithmetic: exact sums per currency, month and range edges, payers and
/// reimbursable, projections and their rounding, minor units, benchmark files.
final class ExpenseTotalsTests: XCTestCase {
    func day(_ s: String) -> LocalDate { LocalDate(iso: s) ?? LocalDate(daysSinceEpoch: 0) }

    func expense(_ id: String, _ date: String, _ cents: Int64, _ currency: String = "EUR", _ category: ExpenseCategory = .medical,
                 paidBy: String? = nil, reimbursable: Bool? = nil) -> Expense {
        Expense(id: id, circleId: "c", patientId: "p", date: day(date), category: category, description: "d",
                amount: Money(cents: cents), currency: currency, paidBy: paidBy, reimbursable: reimbursable)
    }

    func totals(_ e: [Expense], _ from: String, _ to: String) throws -> ExpenseTotals {
        try ExpenseTotals(e, from: day(from), to: day(to), unassigned: "Unassigned")
    }

    func testMonthBoundariesAndInclusiveRange() throws {
        let e = [expense("a", "2026-01-31", 1_001), expense("b", "2026-02-01", 2_002), expense("c", "2026-02-28", 3_003),
                 expense("d", "2026-03-01", 9_999), expense("z", "2025-12-31", 7_777)]
        let t = try totals(e, "2026-01-31", "2026-02-28")
        XCTAssertEqual(t.items.map(\.id), ["a", "b", "c"], "both ends inclusive, the days around them out")
        XCTAssertEqual(t.byMonthAndCategory.map { "\($0.month) \($0.amount) \($0.count)" }, ["2026-01 10.01 1", "2026-02 50.05 2"])
        XCTAssertEqual(t.byYear.map(\.amount), [Money(cents: 6_006)])
    }

    func testTwoCurrenciesAreNeverSummedTogether() throws {
        let e = [expense("1", "2026-01-05", 100, "USD"), expense("2", "2026-01-05", 250, "EUR"), expense("3", "2026-01-06", 5, "USD")]
        let t = try totals(e, "2026-01-01", "2026-12-31")
        XCTAssertEqual(t.currencies, ["EUR", "USD"])
        XCTAssertEqual(t.byYear.map { "\($0.currency) \($0.amount)" }, ["EUR 2.50", "USD 1.05"])
        XCTAssertEqual(t.byMonthAndCategory.map(\.currency), ["EUR", "USD"])
    }

    func testRowsSortByCurrencyMonthThenCategoryOrder() throws {
        let e = [expense("1", "2026-02-01", 1, "EUR", .other), expense("2", "2026-01-01", 1, "EUR", .transport),
                 expense("3", "2026-01-02", 1, "EUR", .medication), expense("4", "2026-01-02", 1, "AUD", .housing)]
        let t = try totals(e, "2026-01-01", "2026-12-31")
        XCTAssertEqual(t.byMonthAndCategory.map { "\($0.currency) \($0.month) \($0.category.rawValue)" },
                       ["AUD 2026-01 HOUSING", "EUR 2026-01 MEDICATION", "EUR 2026-01 TRANSPORT", "EUR 2026-02 OTHER"])
    }

    func testPayersAndReimbursable() throws {
        let e = [expense("1", "2026-01-01", 1_000, paidBy: "Sam", reimbursable: true), expense("2", "2026-01-02", 500, paidBy: "  "),
                 expense("3", "2026-01-03", 250, reimbursable: false), expense("4", "2026-01-04", 125, paidBy: "Ana", reimbursable: nil)]
        let t = try totals(e, "2026-01-01", "2026-01-31")
        XCTAssertEqual(t.byPayer.map { "\($0.paidBy) \($0.amount)" }, ["Ana 1.25", "Sam 10.00", "Unassigned 7.50"])
        XCTAssertEqual(t.reimbursable.first?.reimbursable, Money(cents: 1_000))
        XCTAssertEqual(t.reimbursable.first?.notReimbursable, Money(cents: 875), "unknown counts as not reimbursable")
    }

    func testEmptyRangeHasNoRows() throws {
        let t = try totals([expense("1", "2026-01-01", 100)], "2026-02-01", "2026-02-28")
        XCTAssertTrue(t.items.isEmpty && t.byMonthAndCategory.isEmpty && t.byYear.isEmpty && t.byPayer.isEmpty && t.reimbursable.isEmpty)
    }

    func testOverflowIsAnErrorNotAWrapAround() {
        let huge = Int64.max / 2 + 1
        XCTAssertThrowsError(try totals([expense("1", "2026-01-01", huge), expense("2", "2026-01-02", huge)], "2026-01-01", "2026-01-31"))
        XCTAssertThrowsError(try Money(cents: Int64.max / 11).multiplied(by: 12))
    }

    func testProjectionBasisIsThreeFullMonths() {
        XCTAssertEqual("\(ExpenseProjection.basis(endingOn: day("2026-06-30")))", "2026-04...2026-06")
        XCTAssertEqual("\(ExpenseProjection.basis(endingOn: day("2026-06-29")))", "2026-03...2026-05")
        XCTAssertEqual("\(ExpenseProjection.basis(endingOn: day("2026-02-10")))", "2025-11...2026-01")
        XCTAssertEqual("\(ExpenseProjection.basis(endingOn: day("2024-02-29")))", "2023-12...2024-02")
    }

    func testProjectionAveragesRoundHalfAwayFromZero() throws {
        let e = [expense("1", "2026-04-10", 100), expense("2", "2026-05-10", 100), expense("3", "2026-06-30", 0_50),
                 expense("x", "2026-03-31", 99_999), expense("y", "2026-07-01", 99_999),
                 expense("j", "2026-05-01", 100_00, "JPY"), expense("k", "2026-06-01", 50_00, "JPY"),
                 expense("t", "2026-06-01", 1, "EUR", .transport)]
        let p = try ExpenseProjection.projections(e, endingOn: day("2026-06-30"))
        XCTAssertEqual(p.map { "\($0.currency) \($0.category.rawValue) \(CurrencyUnits.text($0.monthlyAmount, $0.currency)) \(CurrencyUnits.text($0.twelveMonthTotal, $0.currency))" },
                       ["EUR MEDICAL 0.83 9.96", "EUR TRANSPORT 0.00 0.00", "JPY MEDICAL 50 600"])
        XCTAssertEqual(Money(cents: 5).divided(by: 2, currency: "EUR"), Money(cents: 3), "2.5 cents rounds up")
        XCTAssertEqual(Money(cents: -5).divided(by: 2, currency: "EUR"), Money(cents: -3), "away from zero")
        XCTAssertEqual(Money(cents: 4).divided(by: 3, currency: "EUR"), Money(cents: 1))
        XCTAssertEqual(Money(cents: 5_00).divided(by: 2, currency: "JPY"), Money(cents: 3_00), "whole yen: 2.5 rounds to 3")
        XCTAssertEqual(Money(cents: 500_00).divided(by: 3, currency: "JPY"), Money(cents: 167_00))
    }

    func testMinorUnits() {
        XCTAssertEqual(CurrencyUnits.text(Money(cents: 123_450), "EUR"), "1234.50")
        XCTAssertEqual(CurrencyUnits.text(Money(cents: 123_400), "JPY"), "1234")
        XCTAssertEqual(CurrencyUnits.text(Money(cents: 1_230), "KWD"), "12.300")
        XCTAssertTrue(CurrencyUnits.fits(Money(cents: 1_200), "KRW"))
        XCTAssertFalse(CurrencyUnits.fits(Money(cents: 1_250), "JPY"))
    }

    func testReadersLocateMoneyErrors() {
        let expenses = "id,circle_id,patient_id,date,category,description,amount,currency\ne1,c,p,2026-01-01,MEDICAL,x,12.50,JPY\n"
        XCTAssertEqual(diagnostics { _ = try readText(expenses, "e.csv", ExpenseReader.read) },
                       ["e.csv:2:7: error: amount must be a whole amount in JPY, which has no minor units, found 12.50"])
        let bench = "category,monthly_amount,currency,source,as_of\nMEDICAL,0,EUR,s,2026-01-01\nSPA,1,EUR,s,2026-01-01\nOTHER,1,EUR,,2026-13-01\n"
        XCTAssertEqual(diagnostics { _ = try readText(bench, "b.csv", BenchmarkReader.read) }, [
            "b.csv:2:2: error: monthly_amount must be an amount above 0 with at most two decimals, found \"0\"",
            "b.csv:3:1: error: category must be one of MEDICAL, MEDICATION, CARE_SERVICES, TRANSPORT, SUPPLIES, HOUSING, INSURANCE, OTHER; found \"SPA\"",
            "b.csv:4:4: error: source is required",
            "b.csv:4:5: error: as_of is not a real date: \"2026-13-01\"",
        ])
    }

    func testBenchmarksFromJSON() throws {
        let json = """
            {"schemaVersion": 1, "benchmarks": [{"category": "CARE_SERVICES", "monthlyAmount": "420.00", "currency": "eur",
             "region": "Berlin", "source": "Survey", "asOf": "2026-01-31"},
             {"category": "CARE_SERVICES", "monthlyAmount": 380, "currency": "EUR", "source": "Other survey", "asOf": "2025-12-31"}]}
            """
        let b = try readText(json, "b.json", BenchmarkReader.read).records
        XCTAssertEqual(b, [CostBenchmark(category: .careServices, monthlyAmount: Money(cents: 42_000), currency: "EUR", region: "Berlin",
                                         source: "Survey", asOf: day("2026-01-31")),
                           CostBenchmark(category: .careServices, monthlyAmount: Money(cents: 38_000), currency: "EUR",
                                         source: "Other survey", asOf: day("2025-12-31"))])
    }
}
