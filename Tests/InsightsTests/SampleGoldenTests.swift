import Catalog
import Foundation
import Ingest
import Insights
import TestSupport
import XCTest

/// Golden JSON and text of the insights for the bundled samples, per tier. Re-record after a
/// reviewed change with `RECORD_GOLDEN=1 swift test --filter InsightsTests`.
final class SampleGoldenTests: XCTestCase {
    let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    func result(_ sample: String, days: String?, asOf: String, tier: AuraeTier) throws -> InsightsResult {
        let templates = try TemplateSet(directory: TestPaths.templates)
        let config = try InsightsConfig(templates: templates)
        let logs = try HeadacheLogReader.read([InputSource(path: TestPaths.samples.appendingPathComponent(sample).path)])
        let dayRecords = try days.map {
            try DayContextReader.read([InputSource(path: TestPaths.samples.appendingPathComponent($0).path)]).records
        }
        let request = InsightsRequest(logs: logs.records, days: dayRecords, asOf: try XCTUnwrap(LocalDate(iso: asOf)), tier: tier)
        return try HeadacheInsights.analyze(request, config: config)
    }

    func testBerlinPremiumWithDailyContext() throws {
        let r = try result("aurae/logs.json", days: "aurae/days.json", asOf: "2026-07-31", tier: .premium)
        XCTAssertEqual(r.episodeCount, 64)
        GoldenFile.assertText(actual: r.json(), named: "berlin-premium.json", in: goldens)
        GoldenFile.assertText(actual: r.text(), named: "berlin-premium.txt", in: goldens)
    }

    func testBerlinFree() throws {
        let r = try result("aurae/logs.json", days: nil, asOf: "2026-07-31", tier: .free)
        let json = r.json()
        XCTAssertTrue(json.contains("\"unlockedBy\": \"premium\""))
        GoldenFile.assertText(actual: json, named: "berlin-free.json", in: goldens)
    }

    func testNewYorkPremiumWithActiveEpisode() throws {
        let r = try result("aurae/logs.csv", days: nil, asOf: "2026-07-15", tier: .premium)
        XCTAssertEqual(r.activeCount, 1)
        XCTAssertNil(r.frequency.currentStreakDays, "no streak while a headache is active")
        GoldenFile.assertText(actual: r.json(), named: "new-york-premium.json", in: goldens)
    }

    func testSameInputInAnyOrderGivesIdenticalJSON() throws {
        let templates = try TemplateSet(directory: TestPaths.templates)
        let config = try InsightsConfig(templates: templates)
        let logs = try HeadacheLogReader.read([InputSource(path: TestPaths.samples.appendingPathComponent("aurae/logs.csv").path)]).records
        let asOf = try XCTUnwrap(LocalDate(iso: "2026-07-15"))
        let a = try HeadacheInsights.analyze(InsightsRequest(logs: logs, asOf: asOf, tier: .premium), config: config).json()
        let b = try HeadacheInsights.analyze(InsightsRequest(logs: logs.reversed(), asOf: asOf, tier: .premium), config: config).json()
        XCTAssertEqual(a, b)
    }
}
