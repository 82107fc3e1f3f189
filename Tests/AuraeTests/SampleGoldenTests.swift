import Aurae
import Catalog
import Foundation
import Ingest
import ReportKit
import TestSupport
import XCTest

/// Golden JSON and text of the insights for the bundled samples, per tier. Re-record after a
/// reviewed change with `RECORD_GOLDEN=1 swift test --filter InsightsTests`.
final class SampleGoldenTests: XCTestCase {
    let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    let presenter = Result { try InsightsPresenter(templates: TemplateSet(directory: TestPaths.templates)) }

    func json(_ r: InsightsResult) throws -> String { try presenter.get().json(r) }

    func result(_ sample: String, days: String?, asOf: String, tier: AuraeTier) throws -> InsightsResult {
        let templates = try TemplateSet(directory: TestPaths.templates)
        let config = try InsightsConfig(templates: templates)
        let logs = try HeadacheLogReader.read([InputSource(path: TestPaths.samples.appendingPathComponent(sample).path)])
        let dayRecords = try days.map {
            try DayContextReader.read([InputSource(path: TestPaths.samples.appendingPathComponent($0).path)]).records
        }
        let request = InsightsRequest(logs: logs.records, days: dayRecords, asOf: try XCTUnwrap(LocalDate(iso: asOf)), tier: tier)
        return HeadacheInsights.analyze(request, config: config)
    }

    func testBerlinPremiumWithDailyContext() throws {
        let r = try result("aurae/logs.json", days: "aurae/days.json", asOf: "2026-07-31", tier: .premium)
        XCTAssertEqual(r.episodeCount, 64)
        GoldenFile.assertText(actual: try json(r), named: "berlin-premium.json", in: goldens)
        GoldenFile.assertText(actual: try presenter.get().text(r), named: "berlin-premium.txt", in: goldens)
    }

    func testBerlinFree() throws {
        let r = try result("aurae/logs.json", days: nil, asOf: "2026-07-31", tier: .free)
        let text = try json(r)
        XCTAssertTrue(text.contains("\"unlockedBy\": \"premium\""))
        GoldenFile.assertText(actual: text, named: "berlin-free.json", in: goldens)
    }

    func testNewYorkPremiumWithActiveEpisode() throws {
        let r = try result("aurae/logs.csv", days: nil, asOf: "2026-07-15", tier: .premium)
        XCTAssertEqual(r.activeCount, 1)
        XCTAssertNil(r.frequency.currentStreakDays, "no streak while a headache is active")
        GoldenFile.assertText(actual: try json(r), named: "new-york-premium.json", in: goldens)
    }

    func testSameInputInAnyOrderGivesIdenticalJSON() throws {
        let templates = try TemplateSet(directory: TestPaths.templates)
        let config = try InsightsConfig(templates: templates)
        let logs = try HeadacheLogReader.read([InputSource(path: TestPaths.samples.appendingPathComponent("aurae/logs.csv").path)]).records
        let asOf = try XCTUnwrap(LocalDate(iso: "2026-07-15"))
        let a = HeadacheInsights.analyze(InsightsRequest(logs: logs, asOf: asOf, tier: .premium), config: config)
        let b = HeadacheInsights.analyze(InsightsRequest(logs: logs.reversed(), asOf: asOf, tier: .premium), config: config)
        XCTAssertEqual(try json(a), try json(b))
    }
}
