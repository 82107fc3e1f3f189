import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Ingest
import Synthetic
import Quoting

/// The care part of `report benchmark`: the care commands as whole processes on generated
/// handoffs (120 days to 15 April 2026, up to three symptoms each).
extension BenchmarkCommand {
    /// The end of the generated handoffs, the as-of date of the measured runs.
    var careEnd: LocalDate { LocalDate(year: 2026, month: 4, day: 15) ?? LocalDate(daysSinceEpoch: 0) }

    var careTemplates: [String] { templates.map { ["--templates", $0] } ?? [] }

    /// Writes `count` generated handoffs over `--care-patients` patients as CSV at `csvPath` and
    /// removes any store at `db`.
    func prepareCare(count: Int, csvPath: String, db: String) throws {
        try SyntheticCare.handoffsCSV(count: count, patients: carePatients, days: 120, end: careEnd)
            .write(toFile: csvPath, atomically: false, encoding: .utf8)
        removeStore(db)
    }

    func removeStore(_ db: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: db + suffix) }
    }

    /// Runs `args` once, then `count` times more; the first run and the re-runs' times, and the
    /// peak memory of all.
    func firstAndAgain(_ args: [String], count: Int) throws -> (first: Double, again: [Double], peakKiB: Int) {
        let first = try spawn(args)
        var again: [Double] = [], peak = first.maxRSSKiB
        for _ in 0..<count {
            let r = try spawn(args)
            again.append(r.seconds)
            peak = max(peak, r.maxRSSKiB)
        }
        return (first.seconds, again, peak)
    }

    /// Ingest of `--care-handoffs` generated handoffs into a new store, then patterns for every
    /// patient as JSON — the first run of a date (which stores the insights) and the median of the
    /// re-runs (which store nothing).
    func measureCare(dir: String, exe: String) throws {
        let csvPath = "\(dir)/care_handoffs.csv", db = "\(dir)/care.sqlite"
        try prepareCare(count: careHandoffs, csvPath: csvPath, db: db)
        var ingestTimes: [Double] = [], ingestPeak = 0
        for _ in 0..<min(runs, 3) {
            removeStore(db)
            let r = try spawn([exe, "care", "ingest", csvPath, "--db", db, "--quiet"] + careTemplates)
            ingestTimes.append(r.seconds)
            ingestPeak = max(ingestPeak, r.maxRSSKiB)
        }
        let patterns = try firstAndAgain([exe, "care", "patterns", "--db", db, "--tier", "plus", "--as-of", careEnd.description, "--json"]
                                         + careTemplates, count: min(runs, 3))
        print("")
        print(Text.format("care ingest: %ld handoffs for %ld patients into a new store, %.2f s median of %ld (whole process), peak RSS %.1f MB",
                     careHandoffs, carePatients, ingestTimes.sorted()[ingestTimes.count / 2], ingestTimes.count, Double(ingestPeak) / 1024))
        print(Text.format("care patterns: %ld patients as JSON, first run of the date %.2f s, again %.2f s median of %ld, peak RSS %.1f MB",
                     carePatients, patterns.first, patterns.again.sorted()[patterns.again.count / 2], patterns.again.count,
                     Double(patterns.peakKiB) / 1024))
    }

    /// `care patterns --patient` for one patient in a store of `--care-patient-handoffs` generated
    /// handoffs over `--care-patients` patients: the query that searches the handoffs by patient,
    /// never scans them all. The first run of the date (which stores its insights) and the median
    /// of the re-runs.
    func measureCarePatient(dir: String, exe: String) throws {
        let csvPath = "\(dir)/care_patient_handoffs.csv", db = "\(dir)/care_patient.sqlite"
        try prepareCare(count: carePatientHandoffs, csvPath: csvPath, db: db)
        _ = try spawn([exe, "care", "ingest", csvPath, "--db", db, "--quiet"] + careTemplates)
        let patient = "p-" + zeroPadded(1, 4)  // SyntheticCare names patients p-0001 …
        let patterns = try firstAndAgain([exe, "care", "patterns", "--db", db, "--tier", "plus", "--as-of", careEnd.description,
                                          "--patient", patient, "--json", "--quiet"] + careTemplates, count: max(3, runs))
        print(Text.format("care patterns --patient: one of %ld patients in a store of %ld handoffs, first run of the date %.0f ms, again %.0f ms median of %ld (whole process), peak RSS %.1f MB",
                     carePatients, carePatientHandoffs, patterns.first * 1000, patterns.again.sorted()[patterns.again.count / 2] * 1000,
                     patterns.again.count, Double(patterns.peakKiB) / 1024))
    }
}
