import Aurae
import Ingest

/// Deterministic synthetic Aurae exports for the benchmark: the same shape of data as the
/// project's anchors (an episode every 6–60 hours, notes of 0–3 phrases, ~40% longer than the
/// 40-character cut), written as JSON and CSV in the input schema.
public enum SyntheticExport {
    static let conditions = ["Sunny", "Clear", "Partly cloudy", "Cloudy", "Overcast", "Light rain", "Rain",
                             "Heavy rain", "Thunderstorm", "Drizzle", "Fog", "Windy", "Snow", "Humid"]
    static let medications = ["", "Ibuprofen|400mg", "Paracetamol|1g", "Sumatriptan|50mg", "Rizatriptan|10mg",
                              "Naproxen|500mg", "Aspirin|900mg", "Ibuprofen|200mg", "Zolmitriptan|2.5mg"]
    static let noteParts = ["Woke up with it", "after a long screen session", "skipped lunch", "poor sleep last night",
                            "bright light at the office", "stress at work", "left side, throbbing", "behind the eyes",
                            "nausea and light sensitivity", "red wine the evening before", "neck tension",
                            "eased after a nap", "aura 20 min before onset", "dehydrated", "weather change",
                            "loud environment", "started during commute", "better with cold compress",
                            "missed morning coffee", "period-related"]

    public struct Row {
        var id: String
        var onset: String
        var resolved: String
        var severity: Int
        var temperature: Int
        var condition: String
        var medication: (name: String, dose: String)?
        var notes: String
    }

    /// `count` episodes from the seed, in time order, all between 2023 and 2100.
    public static func rows(count: Int, seed: UInt64 = 42) -> [Row] {
        var rng = SeededGenerator(seed: seed)
        var minutes = 0  // since 2023-01-01T07:00+01:00
        var out: [Row] = []
        out.reserveCapacity(max(0, count))
        // Beyond 10,000 episodes the gaps shrink in proportion, so that every onset stays in the
        // years the readers accept (10,000 gaps of at most 60 hours end before 2100).
        let gapScale = count > 10_000 ? 10_000 / Double(count) : 1
        for i in 0..<max(0, count) {
            let gap = rng.int(360...3600)
            minutes += gapScale == 1 ? gap : max(1, Int((Double(gap) * gapScale).rounded()))
            let duration = rng.int(15...2880)
            let parts = rng.int(0...3)
            var pool = noteParts
            var notes: [String] = []
            for _ in 0..<parts { notes.append(pool.remove(at: rng.int(0...(pool.count - 1)))) }
            var note = notes.joined(separator: "; ")
            if let f = note.first { note = f.uppercased() + note.dropFirst() }
            let med = medications[rng.int(0...(medications.count - 1))]
            let medPair: (String, String)? = med.isEmpty ? nil : {
                let p = med.split(separator: "|"); return (String(p[0]), String(p[1]))
            }()
            out.append(Row(id: "s\(zeroPadded(i, 7))", onset: timestamp(minutes), resolved: timestamp(minutes + duration),
                           severity: rng.int(1...5), temperature: rng.int(-8...34),
                           condition: conditions[rng.int(0...(conditions.count - 1))],
                           medication: medPair, notes: note))
        }
        return out
    }

    /// Local time 2023-01-01T07:00+01:00 plus `m` minutes, written with the +01:00 offset.
    static func timestamp(_ m: Int) -> String {
        let total = 7 * 60 + m
        let day = total / 1440, minute = total % 1440
        let epochDay = 19358 + day  // 2023-01-01
        let (y, mo, d) = LocalDate.civilFromDays(epochDay)
        return "\(y)-\(zeroPadded(mo, 2))-\(zeroPadded(d, 2))T\(zeroPadded(minute / 60, 2)):\(zeroPadded(minute % 60, 2)):00+01:00"
    }

    /// The rows as a JSON export (schema version 1).
    public static func json(_ rows: [Row]) -> String {
        var s = "{\"schemaVersion\": 1, \"logs\": [\n"
        for (i, r) in rows.enumerated() {
            s += "{\"id\": \"\(r.id)\", \"onsetAt\": \"\(r.onset)\", \"resolvedAt\": \"\(r.resolved)\", \"severity\": \(r.severity), "
            s += "\"weather\": {\"temperatureC\": \(r.temperature), \"condition\": \"\(r.condition)\"}"
            var retro: [String] = []
            if let m = r.medication { retro.append("\"medications\": [{\"name\": \"\(m.name)\", \"dose\": \"\(m.dose)\"}]") }
            if !r.notes.isEmpty { retro.append("\"notes\": \"\(r.notes)\"") }
            if !retro.isEmpty { s += ", \"retrospective\": {" + retro.joined(separator: ", ") + "}" }
            s += i == rows.count - 1 ? "}\n" : "},\n"
        }
        return s + "]}\n"
    }

    /// The rows as a CSV export with the input schema's columns.
    public static func csv(_ rows: [Row]) -> String {
        var s = "id,onset_at,resolved_at,severity,temperature_c,condition,medications,notes\n"
        for r in rows {
            let meds = r.medication.map { "\($0.name)|\($0.dose)|||" } ?? ""
            let notes = r.notes.contains(",") ? "\"\(r.notes)\"" : r.notes
            s += "\(r.id),\(r.onset),\(r.resolved),\(r.severity),\(r.temperature),\(r.condition),\(meds),\(notes)\n"
        }
        return s
    }
}
