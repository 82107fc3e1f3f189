import Ingest

/// Seeded synthetic CuraKnot handoffs for benchmarks: a CSV export in the input schema
/// (10-data-formats.md), spread over patients and days, with up to three symptoms each written as
/// the app's users write them (synonyms, odd case, spaces).
public enum SyntheticCare {
    static let symptoms = ["dizziness", "Dizzy", "nausea", " Nauseous", "fatigue", "tired", "SOB", "shortness of breath",
                           "cough", "confusion", "swollen ankles", "poor appetite", "headache", "poor sleep", "pain"]
    static let authors = [("u-1", "Mei"), ("u-2", "Sam"), ("u-3", "Linh"), ("u-4", "Ji-woo")]
    static let types = ["VISIT", "CALL", "NOTE", "APPOINTMENT"]

    /// `count` handoffs for `patients` patients (`p-0001` …) over the `days` days ending on
    /// `end`, as CSV with a header row.
    public static func handoffsCSV(count: Int, patients: Int, days: Int, end: LocalDate, seed: UInt64 = 9) -> String {
        var rng = SeededGenerator(seed: seed)
        var lines = ["id,circle_id,patient_id,author_id,author_name,created_at,type,summary,symptoms"]
        lines.reserveCapacity(count + 1)
        let patientCount = max(1, patients), dayCount = max(1, days)
        for i in 0..<max(0, count) {
            let patient = "p-" + zeroPadded(i % patientCount + 1, 4)
            let day = end.adding(days: -rng.int(0...(dayCount - 1)))
            let author = authors[rng.int(0...(authors.count - 1))]
            let minute = rng.int(0...(24 * 60 - 1))
            let offset = rng.int(0...1) == 0 ? "+01:00" : "-07:00"
            let time = "\(day)T" + zeroPadded(minute / 60, 2) + ":" + zeroPadded(minute % 60, 2) + ":00" + offset
            var picked: [String] = []
            for _ in 0..<rng.int(0...3) { picked.append(symptoms[rng.int(0...(symptoms.count - 1))]) }
            lines.append("h-\(i + 1),c-\(i % patientCount + 1),\(patient),\(author.0),\(author.1),\(time),"
                         + "\(types[rng.int(0...(types.count - 1))]),Synthetic handoff,\(picked.joined(separator: ";"))")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
