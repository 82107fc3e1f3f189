import Foundation
import Ingest
import Synthetic

extension BenchmarkCommand {
    /// `care patterns --patient` as a whole process: the patterns of one patient in a store of
    /// `--care-patient-handoffs` generated handoffs over `--care-patients` patients (120 days) — the
    /// query that must search the handoffs by patient, never scan them all. The first run of the
    /// date (which stores its insights) and the median of the re-runs.
    func measureCarePatient(dir: String, exe: String) throws {
        let csvPath = "\(dir)/care_patient_handoffs.csv", db = "\(dir)/care_patient.sqlite"
        let end = LocalDate(year: 2026, month: 4, day: 15) ?? LocalDate(daysSinceEpoch: 0)
        try SyntheticCare.handoffsCSV(count: carePatientHandoffs, patients: carePatients, days: 120, end: end)
            .write(toFile: csvPath, atomically: false, encoding: .utf8)
        let extra = templates.map { ["--templates", $0] } ?? []
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: db + suffix) }
        _ = try spawn([exe, "care", "ingest", csvPath, "--db", db, "--quiet"] + extra)
        let patient = "p-" + zeroPadded(1, 4)  // SyntheticCare names patients p-0001 …
        let patterns = [exe, "care", "patterns", "--db", db, "--tier", "plus", "--as-of", end.description, "--patient", patient, "--json",
                        "--quiet"] + extra
        let first = try spawn(patterns)
        var again: [Double] = [], peak = first.maxRSSKiB
        for _ in 0..<max(3, runs) {
            let r = try spawn(patterns)
            again.append(r.seconds)
            peak = max(peak, r.maxRSSKiB)
        }
        print(String(format: "care patterns --patient: one of %d patients in a store of %d handoffs, first run of the date %.0f ms, again %.0f ms median of %d (whole process), peak RSS %.1f MB",
                     carePatients, carePatientHandoffs, first.seconds * 1000, again.sorted()[again.count / 2] * 1000, again.count,
                     Double(peak) / 1024))
    }
}
