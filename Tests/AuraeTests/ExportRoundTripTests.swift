import Aurae
import Catalog
import Ingest
import ReportKit
import Synthetic
import TestSupport
import XCTest

/// The data export read back gives the same records and the same insights: the samples and
/// seeded generated logs with every field, through CSV and JSON.
final class ExportRoundTripTests: XCTestCase {
    /// `logs` written as `format` and read back, sources cleared.
    func roundTrip(_ logs: [HeadacheLog], _ format: ExportJob.Format) throws -> [HeadacheLog] {
        let text = try ExportJob.text(logs, as: format)
        let read = try HeadacheLogReader.read(bytes: Array(text.utf8), name: "export.\(format.rawValue)",
                                              format: format == .csv ? .csv : .json)
        XCTAssertTrue(read.warnings.isEmpty, "\(read.warnings)")
        return read.records.map(withoutSource)
    }

    func withoutSource(_ l: HeadacheLog) -> HeadacheLog { var l = l; l.source = nil; return l }

    func insightsJSON(_ logs: [HeadacheLog], days: [DayContext]?, asOf: LocalDate) throws -> String {
        let r = HeadacheInsights.analyze(InsightsRequest(logs: logs, days: days, asOf: asOf, tier: .premium), config: sharedConfig)
        return try sharedPresenter.json(r)
    }

    func testSamplesRoundTripThroughBothFormats() throws {
        let asOf = try XCTUnwrap(LocalDate(iso: "2026-07-31"))
        let days = try DayContextReader.read([InputSource(path: TestPaths.samples.appendingPathComponent("aurae/days.json").path)]).records
        for sample in ["aurae/logs.json", "aurae/logs.csv"] {
            let logs = try HeadacheLogReader.read([InputSource(path: TestPaths.samples.appendingPathComponent(sample).path)])
                .records.map(withoutSource)
            let ordered = ExportJob.selection(logs, ExportJob.Request(format: .csv), asOf: asOf)
            XCTAssertEqual(ordered.count, logs.count, sample)
            for format in ExportJob.Format.allCases {
                let back = try roundTrip(ordered, format)
                XCTAssertEqual(back, ordered, "\(sample) through \(format)")
                XCTAssertEqual(try insightsJSON(back, days: days, asOf: asOf), try insightsJSON(logs, days: days, asOf: asOf))
            }
        }
    }

    func testGeneratedLogsWithEveryFieldRoundTrip() throws {
        let asOf = try XCTUnwrap(LocalDate(iso: "2026-03-31"))
        for seed: UInt64 in [1, 7, 42, 2026] {
            var g = SeededGenerator(seed: seed)
            let logs = SyntheticAurae.logs(count: 150, seed: seed).map { enriched($0, &g) }
            XCTAssertTrue(logs.contains { $0.isActive }, "seed \(seed) has active episodes")
            let ordered = ExportJob.selection(logs, ExportJob.Request(format: .json), asOf: asOf)
            for format in ExportJob.Format.allCases {
                let back = try roundTrip(ordered, format)
                XCTAssertEqual(back.count, ordered.count)
                for (a, b) in zip(back, ordered) where a != b { XCTFail("seed \(seed), \(format): \(b.id) differs:\n\(a)\n\(b)"); break }
                XCTAssertEqual(try insightsJSON(back, days: nil, asOf: asOf), try insightsJSON(ordered, days: nil, asOf: asOf))
            }
        }
    }

    /// Any text survives CSV: quotes, commas, line breaks, leading `'`, `=`, `-`, `@`, tab, CR,
    /// Unicode. (CSV trims white space around a field, so the text neither starts with a space or
    /// line feed nor ends with white space; a leading tab or CR is kept. Both readers trim list
    /// items, medication names and doses.)
    func testAnyTextRoundTripsThroughCSV() throws {
        var g = SeededGenerator(seed: 99)
        for i in 0..<400 {
            var l = HeadacheLog(id: csvSafe(hostileText(&g, allowSeparators: true)) + "-\(i)",
                                onsetAt: Timestamp(epochSeconds: 1_770_000_000 + Int64(i) * 3600, offsetSeconds: 3600), severity: 3)
            l.retrospective.notes = csvSafe(hostileText(&g, allowSeparators: true))
            l.retrospective.headacheType = csvSafe(hostileText(&g, allowSeparators: true))
            l.weather.condition = csvSafe(hostileText(&g, allowSeparators: true))
            l.retrospective.foods = [itemSafe(hostileText(&g, allowSeparators: false))]
            l.retrospective.medications = [MedicationEntry(name: itemSafe(hostileText(&g, allowSeparators: false)),
                                                           dose: itemSafe(hostileText(&g, allowSeparators: false)))]
            for format in ExportJob.Format.allCases {
                XCTAssertEqual(try roundTrip([l], format), [l], "\(format): \(l)")
            }
        }
    }

    func testCSVNeutralisesFormulasButNotNumbers() throws {
        var l = HeadacheLog(id: "=1+1", onsetAt: Timestamp(epochSeconds: 1_770_000_000, offsetSeconds: -18_000), severity: 3)
        l.weather.temperatureC = -12.5
        l.retrospective.notes = "@SUM(A1)"
        l.retrospective.headacheType = "''-x"
        l.retrospective.foods = ["+pizza", "chocolate"]
        l.retrospective.medications = [MedicationEntry(name: "-Ibuprofen", dose: "=400")]
        let csv = try ExportJob.text([l], as: .csv)
        let row = try XCTUnwrap(csv.split(separator: "\r\n").last)
        XCTAssertTrue(row.hasPrefix("'=1+1,2026-02-01T21:40:00-05:00,,3,"), String(row))
        XCTAssertTrue(row.contains(",-12.5,"), "a number stays a number")
        XCTAssertTrue(row.contains(",'''-x,"))
        XCTAssertTrue(row.contains(",'+pizza;chocolate,"))
        XCTAssertTrue(row.contains(",'-Ibuprofen|=400|||,"), "the medications field is neutralised as a whole")
        XCTAssertTrue(row.hasSuffix(",'@SUM(A1)"))
        XCTAssertEqual(try roundTrip([l], .csv), [l])
    }

    func testTextCSVCannotHoldIsRefused() throws {
        var l = HeadacheLog(id: "a", onsetAt: Timestamp(epochSeconds: 1_770_000_000, offsetSeconds: 0), severity: 3)
        l.retrospective.foods = ["pizza; pasta"]
        XCTAssertThrowsError(try ExportJob.text([l], as: .csv)) { e in
            XCTAssertTrue("\(e)".contains("retrospective.foods"), "\(e)")
            XCTAssertFalse("\(e)".contains("pizza"), "no health data in the message")
        }
        l.retrospective.foods = []
        l.retrospective.medications = [MedicationEntry(name: "A|B")]
        XCTAssertThrowsError(try ExportJob.text([l], as: .csv))
        XCTAssertEqual(try roundTrip([l], .json), [l], "JSON holds it")
    }

    func testNumbersReadBackExactly() throws {
        var g = SeededGenerator(seed: 5)
        for i in 0..<500 {
            var l = HeadacheLog(id: "n\(i)", onsetAt: Timestamp(epochSeconds: 1_770_000_000, offsetSeconds: 0), severity: 3)
            l.weather.pressureHpa = Double(bitPattern: 0x4080_0000_0000_0000 | (g.next() & 0x000F_FFFF_FFFF_FFFF))  // 512..<1024
            l.weather.temperatureC = -Double(g.next() % 99_700) / 997
            l.health.hrvMs = Double(g.next() % 1000) * 1e-7
            for format in ExportJob.Format.allCases { XCTAssertEqual(try roundTrip([l], format), [l]) }
        }
    }

    func testSelectionIsTheRangeOldestFirstTiesById() throws {
        let t = Timestamp(epochSeconds: 1_770_000_000, offsetSeconds: 0)
        let logs = [HeadacheLog(id: "b", onsetAt: t, severity: 1), HeadacheLog(id: "a", onsetAt: t, severity: 1),
                    HeadacheLog(id: "early", onsetAt: Timestamp(epochSeconds: 1_760_000_000, offsetSeconds: 0), severity: 1),
                    HeadacheLog(id: "late", onsetAt: Timestamp(epochSeconds: 1_780_000_000, offsetSeconds: 0), severity: 1)]
        let asOf = t.localDate
        XCTAssertEqual(ExportJob.selection(logs, .init(format: .csv), asOf: asOf).map(\.id), ["early", "a", "b"])
        XCTAssertEqual(ExportJob.selection(logs, .init(format: .csv, from: asOf), asOf: asOf).map(\.id), ["a", "b"])
    }

    // MARK: generators

    /// Random text from an alphabet of the characters that matter to CSV, spreadsheets and JSON.
    func hostileText(_ g: inout SeededGenerator, allowSeparators: Bool) -> String {
        let alphabet: [String] = ["'", "=", "+", "-", "@", "\t", "\r", "\n", "\r\n", "\"", ",", " ", "a", "Z", "é", "日",
                                  "🙂", "\\", "0", "1.5", "\u{1}", "\u{7F}", "\u{2028}"] + (allowSeparators ? [";", "|"] : [])
        let n = g.int(1...12)
        return (0..<n).map { _ in alphabet[g.int(0...(alphabet.count - 1))] }.joined()
    }

    /// `s` made something a CSV field holds exactly: no leading space or line feed, no trailing
    /// white space (a leading tab or CR is neutralised and kept).
    func csvSafe(_ s: String) -> String {
        var s = s
        if let f = s.unicodeScalars.first, f == " " || f == "\n" { s = "x" + s }
        if let l = s.unicodeScalars.last, [" ", "\t", "\r", "\n"].contains(l) { s += "x" }
        return s
    }

    /// `s` as both readers give a list item, a medication name or a dose: with no white space around it.
    func itemSafe(_ s: String) -> String {
        let isSpace: (Unicode.Scalar) -> Bool = { [" ", "\t", "\r", "\n"].contains($0) }
        var scalars = Array(s.unicodeScalars)
        while let f = scalars.first, isSpace(f) { scalars.removeFirst() }
        while let l = scalars.last, isSpace(l) { scalars.removeLast() }
        return scalars.isEmpty ? "x" : String(String.UnicodeScalarView(scalars))
    }

    /// A generated log with every field known some of the time, as the readers would give it.
    func enriched(_ log: HeadacheLog, _ g: inout SeededGenerator) -> HeadacheLog {
        var l = log
        func maybe(_ p: Int) -> Bool { g.int(0...99) < p }
        if maybe(5) { l.resolvedAt = nil }
        if maybe(50) { l.hasAcknowledgedRedFlag = maybe(50) }
        if maybe(70) { l.weather.temperatureC = Double(g.int(-300...400)) / 10 }
        if maybe(70) { l.weather.pressureHpa = Double(g.int(9_500...10_500)) / 10 + 0.05 }
        if maybe(50) { l.weather.uvIndex = Double(g.int(0...11)) }
        if maybe(50) { l.weather.weatherCode = g.int(0...99) }
        if maybe(50) { l.weather.condition = csvSafe(hostileText(&g, allowSeparators: true)) }
        if maybe(30) { l.weather.aqi = Double(g.int(0...300)) }
        if maybe(60) { l.health.heartRateBpm = Double(g.int(40...180)) }
        if maybe(60) { l.health.restingHeartRateBpm = Double(g.int(40...100)) }
        if maybe(60) { l.health.hrvMs = Double(g.int(50...1500)) / 10 }
        if maybe(60) { l.health.spo2Pct = Double(g.int(900...1000)) / 10 }
        if maybe(60) { l.health.steps = Double(g.int(0...30_000)) }
        if maybe(50) { l.retrospective.headacheType = csvSafe(hostileText(&g, allowSeparators: true)) }
        if maybe(60) { l.retrospective.notes = csvSafe(hostileText(&g, allowSeparators: true)) }
        l.retrospective.medications = l.retrospective.medications.map { m in
            var m = m
            m.name = m.name.trimmingCharacters(in: .whitespaces)
            if maybe(50) { m.dose = "\(g.int(1...1000)) mg" }
            return m
        }
        if maybe(20) {
            l.onsetAt = Timestamp(epochSeconds: l.onsetAt.epochSeconds, nanoseconds: Int32(g.int(1...999_999_999)),
                                  offsetSeconds: l.onsetAt.offsetSeconds)
        }
        return l
    }
}
