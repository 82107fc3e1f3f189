import Ingest
import Insights

extension HeadacheInsights {
    /// The local dates in `from...to` with an acute medication entry, by the rule of the
    /// medication-overuse count: the date of `takenAt`, else of the episode's onset; an entry
    /// counts when `isAcute` is true, or empty with a name whose first word is not on the
    /// preventive list. Empty when `to` is before `from`.
    public static func acuteMedicationDays(_ logs: [HeadacheLog], from: LocalDate, to: LocalDate,
                                           config: InsightsConfig) -> Set<LocalDate> {
        var days: Set<LocalDate> = []
        guard from <= to else { return days }
        var classifier = MedicationClassifier(config: config)
        for log in logs {
            let meds = log.retrospective.medications
            if meds.isEmpty { continue }
            let onsetDate = log.onsetAt.localDate
            for entry in meds {
                let date = entry.takenAt?.localDate ?? onsetDate
                guard date >= from, date <= to, !days.contains(date) else { continue }
                if classifier.countsAsAcute(entry) { days.insert(date) }
            }
        }
        return days
    }
}
