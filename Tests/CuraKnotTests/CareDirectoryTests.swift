import Catalog
import CuraKnot
import Foundation
import Ingest
import Render
import ReportKit
import TestSupport
import XCTest

/// The care network directory: grouping and sorting, one circle per document, CSV neutralisation,
/// and the PDF goldens of the sample circle c-1 (plus and family): one card per provider, contact
/// details in at least 10 pt, "—" where empty, "4 of 5". Re-record with
/// `RECORD_GOLDEN=1 swift test --filter CareDirectoryTests`.
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
        for s in ["'=HYPERLINK(\"\"x\"\")", "'+1 555", "'-2", "'@SUM(A1)", "'\tcmd", "\"'\rx\"", "''=already", "\"a,b\"", "\"say \"\"hi\"\"\"",
                  ",R,"] {
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

    func sampleProviders() throws -> [Provider] {
        try ProviderReader.read([InputSource(path: TestPaths.samples.appendingPathComponent("care/providers.json").path)]).records
    }

    /// A document is about one circle: the input's circles, the chosen one, and the errors.
    func testOneCirclePerDocument() throws {
        let providers = try sampleProviders()
        let scope = CareScope()
        XCTAssertThrowsError(try scope.circles(providers, of: \.circleId, records: "providers", single: true)) {
            XCTAssertEqual($0 as? ScopeError, .severalCircles(["c-1", "c-2"]))
            XCTAssertEqual(($0 as? ScopeError)?.kind, .usage)
            XCTAssertTrue("\($0)".contains("(c-1, c-2)") && "\($0)".contains("--circle"), "\($0)")
        }
        let listed = try scope.circles(providers, of: \.circleId, records: "providers", single: false)
        XCTAssertEqual(listed.map(\.circleId), ["c-1", "c-2"])
        XCTAssertEqual(listed.map(\.records.count), [3, 2])
        let c2 = try CareScope(circle: "c-2").circles(providers, of: \.circleId, records: "providers", single: true)
        XCTAssertEqual(c2.flatMap(\.records).map(\.id), ["pr-4", "pr-5"])
        XCTAssertThrowsError(try CareScope(circle: "c-9").circles(providers, of: \.circleId, records: "providers", single: true)) {
            XCTAssertEqual(($0 as? ScopeError)?.kind, .invalidInput)
            XCTAssertTrue("\($0)".contains("(it holds c-1, c-2)"), "\($0)")
        }
        XCTAssertEqual(try CareScope(circle: "c-9").circles([Provider](), of: \.circleId, records: "providers", single: true).map(\.circleId),
                       ["c-9"], "an empty input: the empty directory of the circle asked for")
        let many = (0..<30).map { Provider(id: "x\($0)", circleId: "c-\(100 + $0)", name: "n") }
        XCTAssertTrue("\(ScopeError.severalCircles(many.map(\.circleId)))".contains(", and 18 more"), "long lists are cut")
    }

    func laidOut(content: DirectoryContent, measurer: PangoMeasurer, circle: String = "c-1", name: String? = nil) throws -> LaidOutDocument {
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
        let doc = try DirectoryJob(templates: templates).document(entries.filter { $0.circleId == circle }, content: content,
                                                                  recipient: CareRecipient(name: name, circleId: circle), run: run)
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
        XCTAssertEqual(doc.outline.map(\.title), ["Cardiology", "Pharmacy", "Primary care"], "circle c-1's roles only")
        let runs = doc.pages.flatMap(\.textRuns)
        let text = runs.map(\.text)
        XCTAssertTrue(text.contains("Care circle c-1"), "whom it is for")
        XCTAssertTrue(text.contains("Generated by CuraKnot"))
        XCTAssertTrue(text.contains("Page 1 of \(doc.pages.count)"))
        XCTAssertFalse(text.contains("Notes"))
        XCTAssertFalse(text.contains("Rating"))
        XCTAssertFalse(text.joined(separator: " ").contains("Prefers morning calls"))
        XCTAssertFalse(text.contains { $0.contains("Nurse Kim") || $0.contains("St. Mary") }, "nothing of circle c-2")
        // One card per provider: its name, then a label and a value per line, "—" where empty.
        XCTAssertEqual(text.filter { $0 == "Phone" }.count, 3)
        XCTAssertEqual(text.filter { $0 == "—" }.count, 3, "the pharmacy has no organization, email or last visit")
        XCTAssertTrue(text.contains("11 Feb 2026"), "the last visit as 11 Feb 2026")
        for value in ["+1 555 0100", "+1 555 0142", "+49 30 1234567", "12 Main St, Springfield", "3 Elm Rd, Springfield", "Parkstraße 1, 10115 Berlin"] {
            let run = try XCTUnwrap(runs.first { $0.text == value }, value)
            XCTAssertGreaterThanOrEqual(run.style.font.size, 10, "\(value) is read at a hospital desk")
        }
        try assertGolden("directory-plus", doc, measurer: m)
    }

    func testFamilyDirectoryGolden() throws {
        let m = PangoMeasurer()
        let doc = try laidOut(content: .family, measurer: m)
        let runs = doc.pages.flatMap(\.textRuns).map(\.text)
        XCTAssertEqual(runs.filter { $0 == "Notes" }.count, 3)
        XCTAssertTrue(runs.contains("Prefers morning calls; bring the medication list."))
        XCTAssertTrue(runs.contains("4 of 5"), "the rating with its scale")
        XCTAssertEqual(runs.filter { $0 == "—" }.count, 3 + 2, "the pharmacy has no rating or notes either")
        try assertGolden("directory-family", doc, measurer: m)
    }

    func testTheRecipientsNameIsOnEveryPage() throws {
        let many = (0..<14).map { i in
            Provider(id: "p\(i)", circleId: "c-7", name: "Provider \(i)", role: ["Pharmacy", "Primary care"][i % 2], phone: "+1 555 01\(i)")
        }
        let run = RunInfo(asOf: try XCTUnwrap(LocalDate(iso: "2026-04-15")), generatedAt: Date(timeIntervalSince1970: 0))
        let templates = try TemplateSet(directory: TestPaths.templates, app: "curaknot")
        let doc = try LayoutEngine(measurer: PangoMeasurer()).layout(try DirectoryJob(templates: templates).document(
            many, content: .family, recipient: CareRecipient(name: "Rose", circleId: "c-7"), run: run))
        XCTAssertGreaterThan(doc.pages.count, 1)
        XCTAssertTrue(doc.pages[0].textRuns.contains { $0.text == "Care recipient: Rose" })
        for page in doc.pages.dropFirst() {
            XCTAssertTrue(page.textRuns.contains { $0.text == "Care network directory · Care recipient: Rose" })
        }
        for page in doc.pages {
            let names = page.textRuns.filter { $0.text.hasPrefix("Provider ") }.count
            let phones = page.textRuns.filter { $0.text.hasPrefix("+1 555") }.count
            XCTAssertEqual(names, phones, "a card is never split across pages")
        }
    }
}
