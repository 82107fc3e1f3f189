@testable import Aurae
import Catalog
import Foundation
import Ingest
import ReportKit
import XCTest

/// The repository's templates/ folder, found from this file's path.
let templatesURL: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("templates")

let sharedTemplates: TemplateSet = try! TemplateSet(directory: templatesURL)
let sharedConfig: InsightsConfig = try! InsightsConfig(templates: sharedTemplates)
let sharedPresenter: InsightsPresenter = try! InsightsPresenter(templates: sharedTemplates, config: sharedConfig)

/// The presentation of a result through the shared presenter, for assertions on text and JSON.
extension InsightsResult {
    var sections: [TextSection] { try! sharedPresenter.sections(self) }
    var messages: [String] { try! sharedPresenter.messages(self) }
    func jsonValue() -> JSONOutput { try! sharedPresenter.jsonValue(self) }
    func json() -> String { try! sharedPresenter.json(self) }
    func text() -> String { try! sharedPresenter.text(self) }
}

extension FactorStat {
    var label: String { sharedPresenter.text.label(self) }
    var frequencyText: String { try! sharedPresenter.text.frequency(self) }
}

extension ClassDays {
    var note: String? { try! sharedPresenter.text.note(self) }
}

func date(_ s: String) -> LocalDate { LocalDate(iso: s)! }

/// `ts("2026-03-01T23:30:00-05:00")`.
func ts(_ s: String) -> Timestamp {
    // YYYY-MM-DDTHH:MM:SS(Z|±HH:MM)
    let u = Array(s.utf8)
    func num(_ a: Int, _ n: Int) -> Int { Int(String(decoding: u[a..<(a + n)], as: UTF8.self))! }
    let d = LocalDate(year: num(0, 4), month: num(5, 2), day: num(8, 2))!
    let local = Int64(d.daysSinceEpoch) * 86400 + Int64(num(11, 2) * 3600 + num(14, 2) * 60 + num(17, 2))
    var off = 0
    if u.count > 19 && u[19] != UInt8(ascii: "Z") {
        off = (num(20, 2) * 3600 + num(23, 2) * 60) * (u[19] == UInt8(ascii: "-") ? -1 : 1)
    }
    return Timestamp(epochSeconds: local - Int64(off), offsetSeconds: Int32(off))
}

func log(_ id: String, _ onset: String, _ resolved: String? = nil, severity: Int = 3,
         _ edit: (inout HeadacheLog) -> Void = { _ in }) -> HeadacheLog {
    var l = HeadacheLog(id: id, onsetAt: ts(onset), resolvedAt: resolved.map(ts), severity: severity)
    edit(&l)
    return l
}

func med(_ name: String, _ takenAt: String? = nil, acute: Bool? = nil, effectiveness: Int? = nil) -> MedicationEntry {
    MedicationEntry(name: name, takenAt: takenAt.map(ts), isAcute: acute, effectiveness: effectiveness)
}
