@testable import Aurae
import Foundation
@testable import Ingest
import TestSupport
import XCTest

/// Messages that must be true (issue 21, item 8): the closing line counts every error, shown or
/// not; a CSV whose header is missing is said to be so, and none of its first row is quoted.
final class ClosingMessageTests: XCTestCase {
    func invalid(_ count: Int) -> String { csvHeader + (0..<count).map { "e\($0),2026-01-01T10:00:00Z,9\n" }.joined() }

    func failure(_ body: () throws -> Any) -> IngestError? {
        do { _ = try body(); return nil } catch { return error as? IngestError }
    }

    /// The review's example: with 60 errors the closing line said "51 error(s)" (the 50 shown and
    /// the note about the rest).
    func testSixtyErrorsAreSixty() throws {
        let e = try XCTUnwrap(failure { try readLogs(invalid(60)) })
        XCTAssertEqual(e.diagnostics.count, 51)
        XCTAssertEqual(e.diagnostics.last?.description, "report: error: 10 more errors not shown")
        XCTAssertEqual(e.errorCount, 60)
        XCTAssertEqual(e.closingLine, "60 errors in the input; nothing was written")
    }

    /// The class: every number of errors, whatever `--max-errors`, warnings beside them or not.
    func testTheCountIsTrueForEveryNumberAndCap() throws {
        for cap in [1, 2, 5, 50] {
            for count in 1...70 {
                let e = try XCTUnwrap(failure { try readLogs(invalid(count), maxErrors: cap) })
                XCTAssertEqual(e.errorCount, count, "cap \(cap)")
                XCTAssertEqual(e.diagnostics.filter { $0.severity == .error && $0.location != nil }.count, min(cap, count))
                XCTAssertEqual(e.closingLine, "\(count) error\(count == 1 ? "" : "s") in the input; nothing was written")
            }
        }
        // Unknown columns are warnings: not counted.
        let warned = try XCTUnwrap(failure { try readLogs("id,onset_at,severity,x,y\ne,2026-01-01T10:00:00Z,9,1,2\n") })
        XCTAssertEqual(warned.diagnostics.filter { $0.severity == .warning }.count, 2)
        XCTAssertEqual(warned.errorCount, 1)
        XCTAssertEqual(IngestError.unreadable(path: "x", reason: "r").errorCount, 1)
        XCTAssertEqual(Diagnostic.notShown(1, .warning).message, "1 more warning not shown")
    }

    // MARK: a CSV without its header row

    /// The review's example: the first row of a header-less export (a patient's note in it) was
    /// echoed as unknown column names.
    func testAHeaderlessCSVIsSaidToLackItsHeader() throws {
        let csv = "h1,2026-03-02T08:10:00+01:00,3,Migraine after wine with my ex\n"
        XCTAssertEqual(errorsOf { try readLogs(csv, "n.csv") },
                       ["n.csv:1:1: error: the header row is missing: line 1 holds values (a number, a date or a time), not column names"])
        XCTAssertEqual(errorsOf { try readLogs("h1,Migraine after wine\n", "n.csv") },
                       ["n.csv:1:1: error: the header row is missing: line 1 names none of the columns"])
        // A header that names a known column is a header: its other names are warned about as
        // before (names of columns, not values), and a missing required column is said.
        XCTAssertEqual(errorsOf { try readLogs("id,severity,Colour\na,1,x\n") }, ["t.csv:1:1: error: missing required column onset_at"])
        let r = try readLogs("id,onset_at,severity,Colour\na,2026-01-01T10:00:00Z,1,x\n")
        XCTAssertEqual(r.warnings.map(\.message), ["unknown column \"Colour\" ignored"])
    }

    /// The class: every sample CSV of the headache reader, its header row dropped, is one error at
    /// line 1 that quotes nothing of the row — and with the header, it reads.
    func testEverySampleWithoutItsHeaderQuotesNothingOfItsFirstRow() throws {
        for file in ["aurae/logs.csv", "broken/logs-broken.csv"] {
            let text = try String(contentsOf: TestPaths.samples.appendingPathComponent(file), encoding: .utf8)
            let bytes = Array(text.utf8)   // the header holds no line break: it ends at the first LF
            let body = String(decoding: bytes[(try XCTUnwrap(bytes.firstIndex(of: 0x0A)) + 1)...], as: UTF8.self)
            let records = try CSVRecordReader.records(Array(text.utf8))
            let cells = records[1].fields.filter { $0.count > 2 }
            XCTAssertFalse(cells.isEmpty)
            guard let e = failure({ try readLogs(body, "x.csv") }) else { return XCTFail(file) }
            XCTAssertEqual(e.diagnostics.count, 1, "\(file): \(e.diagnostics)")
            let message = e.diagnostics.first?.description ?? ""
            XCTAssertTrue(message.hasPrefix("x.csv:1:1: error: the header row is missing: line 1 "), message)
            for cell in cells { XCTAssertFalse(message.contains(cell), "\(file): \(cell) quoted") }
        }
    }
}
