@testable import CuraKnot
import Foundation
@testable import Ingest
import TestSupport
import XCTest

/// `care ingest` tells a file's kind by its structure — the JSON records key, a bare array's first
/// record's keys, the CSV header's columns — from the bytes read once, and parses the records from
/// the same bytes; a word anywhere else in the file never decides.
final class CareKindDetectionTests: XCTestCase {
    func loaded(_ text: String, _ name: String) -> LoadedInput {
        LoadedInput(source: InputSource(path: name), bytes: Array(text.utf8), tooLarge: nil)
    }

    func kind(_ text: String, _ name: String) -> CareRecordKind? {
        let input = loaded(text, name)
        return CareRecordKind.detect(input, format: input.format(forced: nil))
    }

    /// The example of the review: a handoffs export with a `"name"` key first was taken for
    /// providers.
    func testAHandoffsExportWithANameKeyFirstIsHandoffs() {
        let text = #"""
            {"name": "March export", "handoffs": [{"name": "x", "id": "h1", "circleId": "c-1", "patientId": "p-1",
              "authorId": "u-1", "createdAt": "2026-03-01T10:00:00Z", "type": "CALL"}]}
            """#
        XCTAssertEqual(kind(text, "export.json"), .handoffs)
        XCTAssertEqual(kind(text, "-"), .handoffs, "standard input: sniffed as JSON, then the same rule")
    }

    func testTheRecordsKeyDecidesAndTheFirstOneWins() {
        XCTAssertEqual(kind(#"{"schemaVersion": 1, "providers": []}"#, "a.json"), .providers)
        XCTAssertEqual(kind(#"{"expenses": [], "providers": []}"#, "a.json"), .expenses, "the reader then reports the other")
        XCTAssertNil(kind(#"{"schemaVersion": 1, "logs": []}"#, "a.json"))
        XCTAssertNil(kind(#"{"note": "handoffs expenses providers"}"#, "handoffs.json"), "not a word, nor the file name")
        XCTAssertNil(kind("[]", "providers.json"))
        XCTAssertEqual(kind("{\"handoffs\": [", "x.json"), .handoffs, "the key tells; the reader then reports the unfinished array")
    }

    /// A bare array: the keys of its first record that only one kind has; the kind with the most.
    func testABareArrayIsToldByItsFirstRecordsOwnKeys() {
        XCTAssertEqual(kind(#"[{"id": "h", "name": "x", "createdAt": "2026-03-01T10:00:00Z", "authorId": "u"}]"#, "a.json"), .handoffs)
        XCTAssertEqual(kind(#"[{"id": "e", "amount": "3.00", "currency": "EUR", "name": "x"}]"#, "a.json"), .expenses)
        XCTAssertEqual(kind(#"[{"id": "r", "circleId": "c", "name": "Dr"}]"#, "a.json"), .providers)
        XCTAssertNil(kind(#"[{"id": "r", "circleId": "c"}]"#, "a.json"), "keys every kind has tell nothing")
        XCTAssertNil(kind(#"[{"name": "x", "amount": "1"}]"#, "a.json"), "a tie tells nothing")
        XCTAssertNil(kind(#"["a"]"#, "a.json"))
    }

    func testTheCSVHeaderDecidesNotTheRows() {
        let handoffs = "id,circle_id,patient_id,author_id,created_at,type,summary\nh1,c,p,u,2026-03-01T10:00:00Z,CALL,\"name amount\"\n"
        XCTAssertEqual(kind(handoffs, "a.csv"), .handoffs)
        XCTAssertEqual(kind("ID, Circle_Id ,NAME\n", "a.csv"), .providers, "column names compare as the reader compares them")
        XCTAssertEqual(kind("id,date,amount,currency\n", "x"), .expenses, "another extension: sniffed as CSV")
        XCTAssertNil(kind("h1,c-1,p-1,name,amount\n", "a.csv"))
    }

    /// The class: every sample file is told right, and stays so with every other kind's records
    /// key and own keys written into it as values, as unknown keys of its records and as a first
    /// top-level key that is no records key.
    func testEverySampleIsToldByItsStructureWhateverWordsItHolds() throws {
        let samples: [(String, CareRecordKind)] = [("handoffs-p1.json", .handoffs), ("handoffs-p2.csv", .handoffs),
                                                   ("expenses.csv", .expenses), ("providers.json", .providers)]
        let decoys = CareRecordKind.allCases.map(\.rawValue) + ["name", "amount", "createdAt", "created_at", "currency", "authorId"]
        for (file, expected) in samples {
            let text = try String(contentsOf: TestPaths.samples.appendingPathComponent("care/" + file), encoding: .utf8)
            XCTAssertEqual(kind(text, file), expected, file)
            XCTAssertEqual(kind(text, "-"), expected, "\(file) on standard input")
            guard file.hasSuffix(".json") else { continue }
            var decoyed = text
            let words = decoys.map { "\"\($0)\"" }.joined(separator: ", ")
            decoyed = "{\"name\": \"x\", \"about\": [\(words)], " + decoyed.drop { $0 != "{" }.dropFirst()
            for d in decoys where CareRecordKind(rawValue: d) == nil {
                decoyed = decoyed.replacingOccurrences(of: "\"id\":", with: "\"\(d)Decoy\": \"\(d)\", \"id\":")
            }
            XCTAssertEqual(kind(decoyed, file), expected, decoyed)
        }
    }

    /// The bytes that told the kind are the ones parsed: a stream is read once.
    func testTheRecordsAreReadFromTheBytesThatToldTheKind() throws {
        let text = try String(contentsOf: TestPaths.samples.appendingPathComponent("care/providers.json"), encoding: .utf8)
        let input = loaded(text, "-")
        XCTAssertEqual(CareRecordKind.detect(input, format: input.format(forced: nil)), .providers)
        XCTAssertEqual(try ProviderReader.read([input]).records.count, 5)
    }
}
