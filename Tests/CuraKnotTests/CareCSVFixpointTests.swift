import Catalog
import CuraKnot
import Foundation
import Ingest
import ReportKit
import TestSupport
import XCTest

/// The care CSV exports with hostile text in every text field (90-quality.md): export → import →
/// export gives identical bytes and the records read back equal the originals — the directory
/// (role included, which a reader once left escaped) and the itemised expenses.
final class CareCSVFixpointTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws { dir = try TestPaths.temporaryDirectory("care-csv-fixpoint") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func file(_ text: String) throws -> InputSource {
        let url = dir.appendingPathComponent("export-\(UUID().uuidString).csv")
        try Data(text.utf8).write(to: url)
        return InputSource(path: url.path)
    }

    func testTheDirectoryCSVIsAFixpoint() throws {
        var g = HostileText(seed: 31)
        for round in 0..<150 {
            let providers = (0..<4).map { i in
                Provider(id: "pr-\(round)-\(i)" + g.text(), circleId: "c-1", name: "n" + g.text(), role: g.text(), organization: g.text(),
                         phone: g.text(), email: g.int(3) == 0 ? nil : g.text(), address: g.text(), notes: g.text(),
                         rating: g.int(2) == 0 ? nil : 1 + g.int(5), lastVisit: LocalDate(iso: "2026-04-0\(1 + i)"))
            }
            let first = DirectoryCSV.text(providers, content: .family)
            let back = try ProviderReader.read([try file(first)]).records
            XCTAssertEqual(back.sorted { $0.id < $1.id }, providers.sorted { $0.id < $1.id }, "round \(round):\n\(first.debugDescription)")
            XCTAssertEqual(DirectoryCSV.text(back, content: .family), first, "round \(round): export → import → export")
        }
    }

    func testTheExpensesCSVIsAFixpoint() throws {
        let job = try ExpensesJob(templates: TemplateSet(directory: TestPaths.templates, app: "curaknot"))
        var g = HostileText(seed: 32)
        func export(_ expenses: [Expense]) throws -> String {
            let report = try job.report(expenses, source: "e.csv", from: nil, to: nil, family: true, benchmarks: [])
            let path = dir.appendingPathComponent("out-\(UUID().uuidString).csv").path
            let context = ReportContext(run: RunInfo(asOf: LocalDate(daysSinceEpoch: 20_000), generatedAt: Date(timeIntervalSince1970: 0)),
                                        output: OutputTarget(path: path))
            try job.write(report, format: .csv, in: context)
            return try String(contentsOfFile: path, encoding: .utf8)
        }
        for round in 0..<150 {
            let expenses = (0..<4).map { i in
                Expense(id: "e-\(round)-\(i)" + g.text(), circleId: "c-1" + (g.int(4) == 0 ? g.text() : ""), patientId: "p" + g.text(),
                        date: LocalDate(daysSinceEpoch: 20_000 + i), category: .other, description: "d" + g.text(),
                        amount: Money(cents: Int64(1 + g.int(100_000))), currency: i % 3 == 1 ? "JPY" : "EUR",
                        paidBy: g.int(3) == 0 ? nil : g.text(), reimbursable: [true, false, nil][g.int(3)], receipt: g.text())
            }.map { e -> Expense in
                var e = e
                if e.currency == "JPY" { e.amount = Money(cents: e.amount.cents / 100 * 100 + 100) }
                return e
            }
            let first = try export(expenses)
            let back = try ExpenseReader.read([try file(first)]).records
            XCTAssertEqual(back.sorted { $0.id < $1.id }, expenses.sorted { $0.id < $1.id }, "round \(round):\n\(first.debugDescription)")
            XCTAssertEqual(try export(back), first, "round \(round): export → import → export")
            XCTAssertTrue(first.contains(",EUR,") , "amounts and codes stay plain values")
        }
    }
}
