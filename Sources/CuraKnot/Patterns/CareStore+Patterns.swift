import Ingest
import Quoting
import ReportKit

/// A finding that surfaced on an as-of date: its stable id and when it was first shown.
public struct Insight: Equatable, Sendable {
    public var id: String
    public var finding: Finding
    /// The earliest stored as-of date on which this patient, type and key surfaced, after its
    /// latest dismissal.
    public var firstSurfaced: LocalDate
}

/// One care recipient's surfaced insights: a patient in a circle.
public struct PatientPatterns: Equatable, Sendable {
    public var circleId: String
    public var patientId: String
    public var insights: [Insight]

    public init(circleId: String, patientId: String, insights: [Insight]) {
        self.circleId = circleId; self.patientId = patientId; self.insights = insights
    }

    public var unit: CareUnit { CareUnit(circleId: circleId, patientId: patientId) }
}

/// The failures of the pattern job that are the caller's input, not the store.
public enum PatternsError: ReportFailure, Equatable, CustomStringConvertible {
    /// An unknown insight id is invalid input (exit status 1).
    public var kind: FailureKind { .invalidInput }

    case unknownInsight

    public var description: String {
        switch self {
        case .unknownInsight: return "no insight with that id was ever shown from this store; nothing was dismissed"
        }
    }
}

extension CareStore {
    /// The stable id of an insight: a hex digest of patient, type, key and window end.
    public static func insightID(patient: String, type: PatternType, key: String, asOf: LocalDate) -> String {
        let text = [patient, type.rawValue, key, asOf.description].joined(separator: "\u{1F}")
        var a: UInt64 = 0xcbf2_9ce4_8422_2325, b: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in text.utf8 {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            b = (b &* 0x0000_0100_0000_01b3) ^ UInt64(byte)
        }
        func hex(_ v: UInt64) -> String { let s = String(v, radix: 16); return String(repeating: "0", count: 16 - s.count) + s }
        return hex(a) + hex(b)
    }

    /// The circles and patients with handoffs that `scope` selects, in circle then patient order.
    /// A scope naming a circle or patient the store has no handoffs of is an error.
    public func units(_ scope: CareScope = CareScope()) throws -> [CareUnit] {
        let sql: String, values: [SQLValue]
        switch (scope.circle, scope.patient) {
        case (nil, nil): sql = StoreSQL.units; values = []
        case let (nil, patient?): sql = StoreSQL.unitsOfPatient; values = [.text(patient)]
        case let (circle?, nil): sql = StoreSQL.unitsOfCircle; values = [.text(circle)]
        case let (circle?, patient?): sql = StoreSQL.unit; values = [.text(circle), .text(patient)]
        }
        var units: [CareUnit] = []
        try connection.prepare(sql).query(values) { row in
            units.append(CareUnit(circleId: row.text(0) ?? "", patientId: row.text(1) ?? ""))
        }
        if units.isEmpty && (scope.circle != nil || scope.patient != nil) { throw ScopeError.unknownPatient(scope) }
        return units
    }

    /// One patient's handoffs in one circle dated on or before `asOf`, by date then id, symptoms as
    /// keys.
    public func patternHandoffs(_ unit: CareUnit, asOf: LocalDate, synonyms: [String: String]) throws -> [PatternHandoff] {
        try patternHandoffs(connection.prepare(StoreSQL.handoffsOfUnit), unit, asOf: asOf, synonyms: synonyms)
    }

    private func patternHandoffs(_ stmt: Statement, _ unit: CareUnit, asOf: LocalDate,
                                 synonyms: [String: String]) throws -> [PatternHandoff] {
        var out: [PatternHandoff] = []
        var items = 0
        try stmt.query([.text(unit.patientId), .text(unit.circleId), .text(asOf.description)]) { row in
            let id = row.text(0) ?? ""
            if out.last?.id != id {
                items = 0
                guard let date = try row.date(1, "the date of a handoff") else {
                    throw StoreError.unusable(connection.path, "a handoff has no date")
                }
                out.append(PatternHandoff(id: id, date: date, authorId: row.text(2) ?? "", authorName: row.text(3), keys: []))
            }
            if let symptom = row.text(4) {
                // The limits of ingest, checked again: another program may have written the store.
                items += 1
                if let problem = Handoff.symptomProblem(count: items, longest: symptom.utf8.count) {
                    throw StoreError.unusable(connection.path, "handoff \(Quote.value(id)) \(problem)")
                }
                let key = SymptomKey.key(symptom, synonyms: synonyms)
                if !key.isEmpty { out[out.count - 1].keys.insert(key) }
            }
        }
        return out
    }

    /// Computes the patterns as of `asOf` for every circle and patient `scope` selects, leaves out
    /// dismissed ones, and records the rest as surfaced — all in one transaction, so running twice
    /// for one date stores nothing new. With `record` false (a dry run, or a read-only store)
    /// nothing is written: `firstSurfaced` is what recording would give.
    public func surfacePatterns(rules: PatternRules, asOf: LocalDate, scope: CareScope = CareScope(),
                                record: Bool = true) throws -> [PatientPatterns] {
        try transaction {
            let units = try self.units(scope)
            let handoffs = try connection.prepare(StoreSQL.handoffsOfUnit)
            let latestDismissal = try connection.prepare(StoreSQL.latestDismissal)
            let recordSurfaced = record && !readOnly ? try connection.prepare(StoreSQL.recordSurfaced) : nil
            let first = try connection.prepare(StoreSQL.firstSurfaced)
            var result: [PatientPatterns] = []
            for unit in units {
                var insights: [Insight] = []
                let patientId = unit.patientId
                for finding in rules.findings(try patternHandoffs(handoffs, unit, asOf: asOf, synonyms: rules.settings.synonyms), asOf: asOf) {
                    let ident: [SQLValue] = [.text(patientId), .text(finding.type.rawValue), .text(finding.key)]
                    var dismissed: LocalDate?
                    try latestDismissal.query(ident + [.text(asOf.description)]) { dismissed = try $0.date(0, "the date of a dismissal") }
                    let memoryEnd = dismissed.map { $0.adding(days: rules.settings.dismissalDays) }
                    if let memoryEnd, asOf < memoryEnd { continue }
                    let id = Self.insightID(patient: patientId, type: finding.type, key: finding.key, asOf: asOf)
                    try recordSurfaced?.run(ident + [.text(asOf.description), .text(id)])
                    var firstSurfaced = asOf
                    try first.query(ident + [.text(memoryEnd?.description ?? "")]) { row in
                        if let d = try row.date(0, "the date an insight surfaced"), d < firstSurfaced { firstSurfaced = d }
                    }
                    insights.append(Insight(id: id, finding: finding, firstSurfaced: firstSurfaced))
                }
                result.append(PatientPatterns(circleId: unit.circleId, patientId: patientId, insights: insights))
            }
            return result
        }
    }

    /// Records the dismissal of the insight `id` on `date`; dismissing twice is harmless.
    public func dismiss(insightID id: String, on date: LocalDate) throws {
        try transaction {
            var ident: [SQLValue]?
            try connection.prepare(StoreSQL.surfacedInsight).query([.text(id)]) { row in
                ident = [SQLValue(row.text(0)), SQLValue(row.text(1)), SQLValue(row.text(2))]
            }
            guard let ident else { throw PatternsError.unknownInsight }
            try connection.prepare(StoreSQL.recordDismissal).run(ident + [.text(date.description)])
        }
    }
}
