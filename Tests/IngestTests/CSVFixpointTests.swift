@testable import Aurae
import Foundation
@testable import Ingest
import TestSupport
import XCTest

/// Hostile text through the one CSV writer and the one CSV reader (90-quality.md): export →
/// import → export gives identical bytes and the records read back equal the originals, whatever
/// the text holds — white space at either end, quotes, every trigger behind white space, look-alike
/// characters, line breaks. The care exports have the same test over their own records in
/// `Tests/CuraKnotTests/CareCSVFixpointTests.swift`.
final class CSVFixpointTests: XCTestCase {
    // MARK: a record kind of text fields, written and read with the shared writer and reader

    struct Note: Equatable { var id: String; var title: String?; var body: String?; var amount: String? }

    enum NoteField: Int, RecordField {
        case id, title, body, amount
        var jsonName: String { String(describing: self) }
        var csvName: String { jsonName }
        var isText: Bool { self != .amount }
        static let keys = KeyTable(jsonNamesOf: allCases)
    }

    struct NoteDraft: KeyedJSONDraft {
        static var keyTable: KeyTable<NoteField> { NoteField.keys }
        static let recordsKey = "notes"
        static let otherRecordsKeys: [String] = []
        static let requiredFields: [NoteField] = [.id]
        static let listFields: Set<NoteField> = []
        var issues: [Issue] = []
        var given: Set<NoteField> = []
        var id: String?, idPos: InputPosition?, title: String?, body: String?, amount: String?
        init() {}
        mutating func setValue(_ f: NoteField, _ v: FieldValue, at pos: InputPosition) {
            switch f {
            case .id: id = Convert.text(f, v, pos, &issues); idPos = pos
            case .title: title = Convert.text(f, v, pos, &issues)
            case .body: body = Convert.text(f, v, pos, &issues)
            case .amount: amount = Convert.text(f, v, pos, &issues)
            }
        }
        mutating func addItem(_ f: NoteField, _ item: String) {}
        mutating func finish(recordPos: InputPosition, locate: (InputPosition) -> SourceLocation) -> Note? {
            checkRequired(recordPos)
            guard issues.isEmpty, let id else { return nil }
            return Note(id: id, title: title, body: body, amount: amount)
        }
    }

    func export(_ notes: [Note]) -> String {
        var csv = CSVWriter(columns: NoteField.allCases.map(\.csvName))
        for n in notes {
            csv.append(Array(NoteField.allCases)) { f in
                switch f { case .id: n.id; case .title: n.title; case .body: n.body; case .amount: n.amount }
            }
        }
        return csv.text
    }

    func read(_ text: String) throws -> [Note] {
        try RecordReader<NoteDraft>.read(bytes: Array(text.utf8), name: "notes.csv", format: .csv).records
    }

    func testHostileTextIsAFixpointOfTheSharedWriterAndReader() throws {
        var g = HostileText(seed: 20)
        for round in 0..<300 {
            let notes = (0..<5).map { i in
                Note(id: "n\(round)-\(i)" + (g.int(2) == 0 ? g.text() : ""), title: g.text(),
                     body: g.int(4) == 0 ? nil : g.text(), amount: ["-12.50", "3", nil][g.int(3)])
            }
            let first = export(notes)
            let back = try read(first)
            XCTAssertEqual(back, notes, "round \(round):\n\(first.debugDescription)")
            XCTAssertEqual(export(back), first, "round \(round): export → import → export")
            assertNoCellStartsAFormula(first)
        }
    }

    /// What a spreadsheet sees in each cell — as written, with spaces trimmed (LibreOffice's "trim
    /// spaces"), and with all leading Unicode white space but tab and CR trimmed — never starts
    /// with a trigger: every text cell that would is behind a `'`.
    func assertNoCellStartsAFormula(_ csv: String, file: StaticString = #filePath, line: UInt = #line) {
        func dropLeading(_ s: String, _ drop: (Unicode.Scalar) -> Bool) -> String {
            String(String.UnicodeScalarView(s.unicodeScalars.drop(while: drop)))
        }
        let rows = (try? CSVRecordReader.records(Array(csv.utf8))) ?? []
        for (_, fields) in rows.dropFirst() {
            for (column, cell) in fields.enumerated() where column != 3 {
                let seen = [cell, dropLeading(cell) { $0 == " " },
                            dropLeading(cell) { $0.properties.isWhitespace && $0 != "\t" && $0 != "\r" }]
                for text in seen {
                    guard let first = text.unicodeScalars.first else { continue }
                    XCTAssertFalse("=+-@\t\r".unicodeScalars.contains(first), "cell \(cell.debugDescription)", file: file, line: line)
                }
            }
        }
    }

    // MARK: the headache export

    func roundTripLogs(_ logs: [HeadacheLog]) throws -> (String, [HeadacheLog]) {
        let text = try ExportJob.text(logs, as: .csv)
        let read = try HeadacheLogReader.read(bytes: Array(text.utf8), name: "export.csv", format: .csv)
        return (text, read.records.map { var l = $0; l.source = nil; return l })
    }

    func testHostileHeadacheTextIsAFixpointOfTheExport() throws {
        var g = HostileText(seed: 7)
        /// List items, medication names and doses are trimmed by both readers and hold no separator.
        func item() -> String {
            var s = g.text().replacingOccurrences(of: ";", with: "").replacingOccurrences(of: "|", with: "")
            s = s.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n\u{B}\u{C}"))
            return s.isEmpty ? "=x" : s
        }
        for round in 0..<200 {
            let l = hostileLog(round, text: { g.text() }, item: item, medications: [MedicationEntry(name: item(), dose: item())])
            let (first, back) = try roundTripLogs([l])
            XCTAssertEqual(back, [l], "round \(round):\n\(first.debugDescription)")
            XCTAssertEqual(try roundTripLogs(back).0, first, "round \(round): export → import → export")
            XCTAssertTrue(first.contains(",-12.5,"), "a number stays a number")
        }
    }
}
