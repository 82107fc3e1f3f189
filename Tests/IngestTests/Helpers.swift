@testable import Aurae
import Foundation
@testable import Ingest
import XCTest

/// A fresh temporary folder per test case.
final class TempDir {
    let url: URL
    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-tests-" + UUID().uuidString)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }

    @discardableResult
    func write(_ name: String, _ text: String) -> InputSource { write(name, Array(text.utf8)) }

    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) -> InputSource {
        let u = url.appendingPathComponent(name)
        FileManager.default.createFile(atPath: u.path, contents: Data(bytes))
        return InputSource(path: u.path)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// Reads logs from in-memory text, named `name`.
func readLogs(_ text: String, _ name: String = "t.csv", skipInvalid: Bool = false,
              limits: IngestLimits = .default, maxErrors: Int = 50) throws -> IngestResult<HeadacheLog> {
    let format: InputFormat = name.hasSuffix(".json") ? .json : .csv
    return try HeadacheLogReader.read(bytes: Array(text.utf8), name: name, format: format,
                                      options: IngestOptions(skipInvalid: skipInvalid, maxErrors: maxErrors, limits: limits))
}

/// The diagnostics (as printed) of a read that must fail.
func errorsOf(_ body: () throws -> Any, file: StaticString = #filePath, line: UInt = #line) -> [String] {
    do {
        _ = try body()
        XCTFail("expected an error", file: file, line: line)
        return []
    } catch let e as IngestError {
        guard case .invalid(let d) = e else {
            XCTFail("expected .invalid, got \(e)", file: file, line: line)
            return []
        }
        return d.filter { $0.severity == .error }.map(\.description)
    } catch {
        XCTFail("unexpected error \(error)", file: file, line: line)
        return []
    }
}

let csvHeader = "id,onset_at,severity\n"

/// A log of round `round` with hostile text (`text`) in its id, notes, headache type and weather
/// condition, two foods from `item`, the given medications and a negative temperature (a number
/// that must stay one): the export property tests' record.
func hostileLog(_ round: Int, text: () -> String, item: () -> String, medications: [MedicationEntry]) -> HeadacheLog {
    var l = HeadacheLog(id: "log-\(round)" + text(),
                        onsetAt: Timestamp(epochSeconds: 1_770_000_000 + Int64(round) * 3600, offsetSeconds: 3600), severity: 3)
    l.retrospective.notes = text()
    l.retrospective.headacheType = text()
    l.weather.condition = text()
    l.weather.temperatureC = -12.5
    l.retrospective.foods = [item(), item()]
    l.retrospective.medications = medications
    return l
}
