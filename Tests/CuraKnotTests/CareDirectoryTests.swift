import Catalog
import CuraKnot
import Foundation
import Ingest
import Render
import ReportKit
import TestSupport
import XCTest

/// The care network directory: grouping and sorting, CSV neutralisation, and the PDF goldens of
/// the sample providers (plus and family). Re-record with `RECORD_GOLDEN=1 swift test --filter CareDirectoryTests`.
final class CareDirectoryTests: XCTestCase {
    let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    func entry(_ id: String, _ name: String, role: String?, notes: String? = nil, rating: Int? = nil) -> Provider {
        Provider(id: id, circleId: "c-1", name: name, role: role, notes: notes, rating: rating)
    }

    func testGroupsByRoleSortedByNameWithoutRoleLast() {
        let groups = Directory.groups([
            entry("1", "zoe", role: "Pharmacy"), entry("2", "Adam", role: "pharmacy "), entry("3", "Mia", role: nil),
            entry("4", "Bea", role: "Cardiology"), entry("5", "adam", role: "Pharmacy"), entry("6", "Lee", role: "  "),
        ])
        XCTAssertEqual(groups.map(\.role), ["Cardiology", "Pharmacy", nil])
        XCTAssertEqual(groups[1].entries.map(\.id), ["2", "5", "1"])
        XCTAssertEqual(groups[2].entries.map(\.id), ["6", "3"])
    }

    func testFormatFollowsTheExtension() {
        XCTAssertEqual(DirectoryFormat(path: "a/b.PDF"), .pdf)
        XCTAssertEqual(DirectoryFormat(path: "team.vcf"), .vcf)
        XCTAssertEqual(DirectoryFormat(path: "x.csv"), .csv)
        XCTAssertNil(DirectoryFormat(path: "x.txt"))
        XCTAssertNil(DirectoryFormat(path: "dir.pdf/x"))
        XCTAssertNil(DirectoryFormat(path: "-"))
    }

    func testCSVNeutralisesFormulasAndQuotes() {
        let hostile = ["=HYPERLINK(\"x\")", "+1 555", "-2", "@SUM(A1)", "\tcmd", "\rx", "'=already", "a,b", "say \"hi\"", "line\nbreak"]
        let entries = hostile.enumerated().map { i, s in
            Provider(id: "p\(i)", circleId: "c", name: s, role: "R", notes: s, rating: 3)
        }
        let csv = DirectoryCSV.text(entries, content: .family)
        XCTAssertTrue(csv.hasPrefix("id,circle_id,name,role,organization,phone,email,address,last_visit,notes,rating\r\n"))
        for s in ["'=HYPERLINK(\"\"x\"\")", "'+1 555", "'-2", "'@SUM(A1)", "'\tcmd", "\"'\rx\"", "''=already", "\"a,b\"", "\"say \"\"hi\"\"\""] {
            XCTAssertTrue(csv.contains(s), s)
        }
        let plus = DirectoryCSV.text(entries, content: .standard)
        XCTAssertFalse(plus.contains("notes"))
        XCTAssertFalse(plus.contains(",3"))
    }

    /// The directory CSV is in the providers input format: read back, every neutralised text
    /// field is the text it was (the reader takes the `'` away again).
    func testCSVReadsBackAsTheProviders() throws {
        let hostile = ["=HYPERLINK(\"x\")", "+1 555", "-2", "@SUM(A1)", "'=already", "a,b", "say \"hi\"", "line\nbreak"]
        let entries = hostile.enumerated().map { i, s in
            Provider(id: "p\(i)", circleId: "c", name: s, role: "R", organization: s, phone: s, email: s, address: s, notes: s, rating: 3)
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("directory-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(DirectoryCSV.text(entries, content: .family).utf8).write(to: file)
        let read = try ProviderReader.read([InputSource(path: file.path)]).records.sorted { $0.id < $1.id }
        XCTAssertEqual(read.count, hostile.count)
        for (provider, original) in zip(read, entries.sorted { $0.id < $1.id }) {
            XCTAssertEqual(provider.name, original.name)
            XCTAssertEqual(provider.organization, original.organization)
            XCTAssertEqual(provider.phone, original.phone)
            XCTAssertEqual(provider.email, original.email)
            XCTAssertEqual(provider.address, original.address)
            XCTAssertEqual(provider.notes, original.notes)
        }
    }

    func laidOut(content: DirectoryContent, measurer: PangoMeasurer) throws -> LaidOutDocument {
        let templates = try TemplateSet(directory: TestPaths.templates, app: "curaknot")
        let path = TestPaths.samples.appendingPathComponent("care/providers.json").path
        let providers = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let records = try XCTUnwrap(providers?["providers"] as? [[String: Any]])
        let entries = records.map { r in
            Provider(id: r["id"] as? String ?? "", circleId: r["circleId"] as? String ?? "", name: r["name"] as? String ?? "",
                           role: r["role"] as? String, organization: r["organization"] as? String, phone: r["phone"] as? String,
                           email: r["email"] as? String, address: r["address"] as? String, notes: r["notes"] as? String,
                           rating: r["rating"] as? Int, lastVisit: (r["lastVisit"] as? String).flatMap { LocalDate(iso: $0) })
        }
        let run = RunInfo(asOf: try XCTUnwrap(LocalDate(iso: "2026-04-15")), generatedAt: Date(timeIntervalSince1970: 1_776_254_400))
        let doc = try DirectoryJob(templates: templates).document(entries, content: content, run: run)
        return try LayoutEngine(measurer: measurer).layout(doc)
    }

    func assertGolden(_ name: String, _ doc: LaidOutDocument, measurer: PangoMeasurer) throws {
        GoldenFile.assertText(actual: doc.dump(), named: "\(name).txt", in: goldens)
        for page in doc.pages.indices {
            let png = try PNGRenderer.pngData(doc, page: page, scale: 0.5, measurer: measurer)
            GoldenFile.assertPNG(actual: png, named: "\(name)-page\(page + 1).png", in: goldens, tolerance: 40, maxDifferingPixels: 60)
        }
    }

    func testPlusDirectoryGolden() throws {
        let m = PangoMeasurer()
        let doc = try laidOut(content: .standard, measurer: m)
        XCTAssertEqual(doc.outline.map(\.title), ["Cardiology", "Home health", "Hospital", "Pharmacy", "Primary care"])
        let text = doc.pages.flatMap { $0.textRuns.map(\.text) }
        XCTAssertTrue(text.contains("Generated by CuraKnot"))
        XCTAssertTrue(text.contains("Page 1 of \(doc.pages.count)"))
        XCTAssertFalse(text.contains("Notes"))
        XCTAssertFalse(text.joined(separator: " ").contains("Prefers morning calls"))
        try assertGolden("directory-plus", doc, measurer: m)
    }

    func testFamilyDirectoryGolden() throws {
        let m = PangoMeasurer()
        let doc = try laidOut(content: .family, measurer: m)
        let text = doc.pages.flatMap { $0.textRuns.map(\.text) }.joined(separator: " ")
        XCTAssertTrue(text.contains("Notes"))
        XCTAssertTrue(text.contains("Prefers morning"))
        try assertGolden("directory-family", doc, measurer: m)
    }
}
