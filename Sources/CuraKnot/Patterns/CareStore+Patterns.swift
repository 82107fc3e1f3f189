import ReportKit
import Ingest

/// A finding that surfaced on an as-of date: its stable id and when it was first shown.
public struct Insight: Equatable, Sendable {
    public var id: String
    public var finding: Finding
    /// The earliest stored as-of date on which this patient, type and key surfaced, after its
    /// latest dismissal.
    public var firstSurfaced: LocalDate
}

/// One patient's surfaced insights.
public struct PatientPatterns: Equatable, Sendable {
    public var patientId: String
    public var insights: [Insight]
}

/// The failures of the pattern job that are the caller's input, not the store.
public enum PatternsError: ReportFailure, Equatable, CustomStringConvertible {
    /// An unknown patient or insight id is invalid input (exit status 1).
    public var kind: FailureKind { .invalidInput }

    case unknownPatient
    case unknownInsight

    public var description: String {
        switch self {
        case .unknownPatient: return "the store has no handoffs for that patient"
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

    /// Every patient's handoffs (or one patient's), symptoms as keys, in patient order.
    public func patternHandoffs(patient: String?, synonyms: [String: String]) throws -> [(String, [PatternHandoff])] {
        let stmt = try connection.prepare("""
            SELECT h.patient_id, h.id, h.local_date, h.author_id, h.author_name, i.value
            FROM handoffs h LEFT JOIN handoff_items i ON i.handoff_id = h.id AND i.list = 'symptoms'
            WHERE ?1 IS NULL OR h.patient_id = ?1
            ORDER BY h.patient_id, h.id
            """)
        var out: [(String, [PatternHandoff])] = []
        try stmt.query([SQLValue(patient)]) { row in
            let patientId = row.text(0) ?? "", id = row.text(1) ?? ""
            if out.last?.0 != patientId { out.append((patientId, [])) }
            if out[out.count - 1].1.last?.id != id {
                guard let date = row.text(2).flatMap({ LocalDate(iso: $0) }) else { throw StoreError("store: a handoff has no valid date") }
                out[out.count - 1].1.append(PatternHandoff(id: id, date: date, authorId: row.text(3) ?? "",
                                                           authorName: row.text(4), keys: []))
            }
            if let symptom = row.text(5) {
                let key = SymptomKey.key(symptom, synonyms: synonyms)
                if !key.isEmpty { out[out.count - 1].1[out[out.count - 1].1.count - 1].keys.insert(key) }
            }
        }
        if patient != nil && out.isEmpty { throw PatternsError.unknownPatient }
        return out
    }

    /// Computes the patterns as of `asOf`, leaves out dismissed ones, and records the rest as
    /// surfaced — all in one transaction, so running twice for one date stores nothing new.
    public func surfacePatterns(rules: PatternRules, asOf: LocalDate, patient: String? = nil) throws -> [PatientPatterns] {
        try transaction {
            let latestDismissal = try connection.prepare("""
                SELECT max(dismissed_on) FROM dismissals WHERE patient_id = ?1 AND type = ?2 AND key = ?3 AND dismissed_on <= ?4
                """)
            let record = try connection.prepare("INSERT OR IGNORE INTO surfaced (patient_id, type, key, as_of, insight_id) VALUES (?1, ?2, ?3, ?4, ?5)")
            let first = try connection.prepare("SELECT min(as_of) FROM surfaced WHERE patient_id = ?1 AND type = ?2 AND key = ?3 AND as_of >= ?4")
            var result: [PatientPatterns] = []
            for (patientId, handoffs) in try patternHandoffs(patient: patient, synonyms: rules.settings.synonyms) {
                var insights: [Insight] = []
                for finding in rules.findings(handoffs, asOf: asOf) {
                    let ident: [SQLValue] = [.text(patientId), .text(finding.type.rawValue), .text(finding.key)]
                    var dismissed: LocalDate?
                    try latestDismissal.query(ident + [.text(asOf.description)]) { dismissed = $0.text(0).flatMap { LocalDate(iso: $0) } }
                    let memoryEnd = dismissed.map { $0.adding(days: rules.settings.dismissalDays) }
                    if let memoryEnd, asOf < memoryEnd { continue }
                    let id = Self.insightID(patient: patientId, type: finding.type, key: finding.key, asOf: asOf)
                    try record.run(ident + [.text(asOf.description), .text(id)])
                    var firstSurfaced = asOf
                    try first.query(ident + [.text(memoryEnd?.description ?? "")]) { row in
                        if let d = row.text(0).flatMap({ LocalDate(iso: $0) }) { firstSurfaced = d }
                    }
                    insights.append(Insight(id: id, finding: finding, firstSurfaced: firstSurfaced))
                }
                result.append(PatientPatterns(patientId: patientId, insights: insights))
            }
            return result
        }
    }

    /// Records the dismissal of the insight `id` on `date`; dismissing twice is harmless.
    public func dismiss(insightID id: String, on date: LocalDate) throws {
        try transaction {
            var ident: [SQLValue]?
            try connection.prepare("SELECT patient_id, type, key FROM surfaced WHERE insight_id = ?1").query([.text(id)]) { row in
                ident = [SQLValue(row.text(0)), SQLValue(row.text(1)), SQLValue(row.text(2))]
            }
            guard let ident else { throw PatternsError.unknownInsight }
            try connection.prepare("INSERT OR IGNORE INTO dismissals (patient_id, type, key, dismissed_on) VALUES (?1, ?2, ?3, ?4)")
                .run(ident + [.text(date.description)])
        }
    }
}
