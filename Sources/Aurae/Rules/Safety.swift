import Catalog
import Ingest
import Insights

/// The condition a red-flag episode met.
public enum RedFlagTier: String, Sendable, CaseIterable, Comparable {
    case primary, secondary, auraVisual

    var rank: Int { switch self { case .primary: 0; case .secondary: 1; case .auraVisual: 2 } }
    public static func < (a: RedFlagTier, b: RedFlagTier) -> Bool { a.rank < b.rank }
}

/// One condition met by one log. A log can appear twice (primary or secondary, and auraVisual).
public struct RedFlag: Sendable, Hashable {
    public let logId: String
    public let tier: RedFlagTier
    public let onsetAt: Timestamp
    public let severity: Int
    public init(logId: String, tier: RedFlagTier, onsetAt: Timestamp, severity: Int) {
        self.logId = logId; self.tier = tier; self.onsetAt = onsetAt; self.severity = severity
    }
}

/// Medication-overuse awareness for the calendar month of the as-of date (every tier): a view of
/// `AcuteMedicationDays`.
public struct MedicationOveruse: Sendable, Hashable {
    public let month: YearMonth
    /// Distinct local dates in the month with an acute-counting entry.
    public let acuteDays: Int
    /// `acuteDays` ≥ the threshold in templates/thresholds (10).
    public let warning: Bool
}

/// Namespace of the Aurae headache-insights entry points.
public enum HeadacheInsights {
    /// Every red-flag condition met by `logs`, ordered by onset, then log id, then tier.
    /// `onsetSpeed` empty never flags.
    public static func redFlags(_ logs: [HeadacheLog]) -> [RedFlag] {
        var out: [RedFlag] = []
        for log in logs { appendRedFlags(log, to: &out) }
        sortRedFlags(&out)
        return out
    }

    @inline(__always)
    static func appendRedFlags(_ log: HeadacheLog, to out: inout [RedFlag]) {
        if log.onsetSpeed == .instantaneous {
            out.append(RedFlag(logId: log.id, tier: log.severity >= 4 ? .primary : .secondary,
                               onsetAt: log.onsetAt, severity: log.severity))
        }
        let s = log.retrospective.symptoms
        if !s.isEmpty, s.contains(.aura), s.contains(.visualDisturbances) {
            out.append(RedFlag(logId: log.id, tier: .auraVisual, onsetAt: log.onsetAt, severity: log.severity))
        }
    }

    static func sortRedFlags(_ flags: inout [RedFlag]) {
        flags.sort {
            if $0.onsetAt != $1.onsetAt { return $0.onsetAt < $1.onsetAt }
            if $0.logId != $1.logId { return $0.logId < $1.logId }
            return $0.tier < $1.tier
        }
    }
}
