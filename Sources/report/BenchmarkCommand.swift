import ArgumentParser
import Aurae
import Catalog
import Dispatch
import FoundationEssentials
import Ingest
import Quoting
import ReportKit
import Synthetic
#if canImport(Glibc)
import Glibc
#endif

struct BenchmarkCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "benchmark",
        abstract: "Measure ingest, summary and clinical PDF, insights and care speed on generated data.",
        discussion: """
            First times the start-up (report --version as a whole process) and prints the \
            executable's size. Generates synthetic headache logs of each size (JSON and CSV in \
            the input schema), then prints for each size: CSV and JSON ingest throughput (in process), the free \
            summary PDF as a whole process (median wall time over --runs, pages per second, \
            peak memory of that process); with --floor, each size's summary alternately with the C \
            floor of the Cairo and Pango stack on the same episodes; then the premium clinical PDF of one year of logs \
            (--clinical-episodes, with daily context for every day) as a whole process, and once \
            the longest one (--long-clinical-episodes, every section over the years they span) \
            for its peak memory against the spec's 100 MB for any single report; then \
            care ingest of generated handoffs (--care-handoffs over --care-patients) and care \
            patterns for every patient, as whole processes; then the nightly batch of \
            --batch-users generated users (insights and summary) as a whole process: users per \
            second, worker time per report, peak memory. Measure a release build (swift build \
            -c release); the project's figures are of --sizes 100,1000,10000 --runs 5 with the \
            other defaults, and take several minutes.

            Example (a quick run):
              report benchmark --sizes 100 --runs 1 --insights-episodes 1000 \\
                --clinical-episodes 30 --care-handoffs 200 --batch-users 10
            """)

    @Option(help: ArgumentHelp("Comma-separated episode counts.", valueName: "LIST"), transform: BenchmarkCommand.sizeList)
    var sizes: [Int] = [100, 1000, 10000]

    @Option(help: ArgumentHelp("Timed whole-process runs per size (after one untimed warm-up run).", valueName: "N"))
    var runs: Int = 5

    @Option(help: ArgumentHelp("Folder for the generated logs and PDFs (default: a new temporary folder).", valueName: "DIR"))
    var work: String?

    @Option(name: .customLong("templates"), help: ArgumentHelp("The templates folder, passed on to the measured runs.", valueName: "DIR"))
    var templates: String?

    @Option(name: .customLong("insights-episodes"), help: ArgumentHelp("Episodes for the in-process insights measurement (0 to skip).", valueName: "N"))
    var insightsEpisodes: Int = 1_000_000

    @Option(name: .customLong("clinical-episodes"), help: ArgumentHelp("Episodes in the year of logs of the clinical PDF measurement (0 to skip).", valueName: "N"))
    var clinicalEpisodes: Int = 120

    @Option(name: .customLong("long-clinical-episodes"), help: ArgumentHelp("Episodes of the longest clinical PDF, every section over all the years they span, measured once for the peak memory of one report (0 to skip; skipped with --clinical-episodes 0).", valueName: "N"))
    var longClinicalEpisodes: Int = 10_000

    @Option(name: .customLong("care-handoffs"), help: ArgumentHelp("Handoffs for the care ingest and patterns measurement (0 to skip).", valueName: "N"))
    var careHandoffs: Int = 100_000

    @Option(name: .customLong("care-patients"), help: ArgumentHelp("Patients the care handoffs are spread over.", valueName: "N"))
    var carePatients: Int = 1_000

    @Option(name: .customLong("care-patient-handoffs"), help: ArgumentHelp("Handoffs in the store of the one-patient care patterns measurement (0 to skip).", valueName: "N"))
    var carePatientHandoffs: Int = 150_000

    @Option(name: .customLong("floor"), help: ArgumentHelp("The C floor to time the summary against: the anchors' report_cairo program, built.", valueName: "BINARY"))
    var floor: String?

    @Option(name: .customLong("batch-users"), help: ArgumentHelp("Generated users (100 episodes each) for the nightly batch measurement (0 to skip).", valueName: "N"))
    var batchUsers: Int = 1_000

    /// The benchmark's own messages are plain text, never quiet.
    var console: Console { Console() }

    /// The episode counts of `--sizes`: positive, each once.
    static func sizeList(_ text: String) throws -> [Int] {
        try CommaList(text, noun: "size", known: "positive counts like 100,1000",
                      element: { Int($0).flatMap { $0 > 0 ? $0 : nil } }, describe: { "\($0)" }).values
    }

    /// The episode counts of `--sizes`.
    var counts: [Int] { sizes }

    func validate() throws {
        guard !counts.isEmpty, counts.allSatisfy({ $0 > 0 }), runs > 0, clinicalEpisodes >= 0, clinicalEpisodes <= 100_000,
              (0...100_000).contains(longClinicalEpisodes), (0...100_000).contains(batchUsers) else {
            throw ValidationError("--sizes takes positive counts like 100,1000, --runs at least 1, --clinical-episodes, --long-clinical-episodes and --batch-users 0 to 100000")
        }
        guard (0...10_000_000).contains(careHandoffs), (0...10_000_000).contains(carePatientHandoffs),
              (1...1_000_000).contains(carePatients) else {
            throw ValidationError("--care-handoffs and --care-patient-handoffs take 0 to 10000000 and --care-patients 1 to 1000000")
        }
    }

    func run() throws {
        let dir = work ?? (FileManager.default.temporaryDirectory.path + "/report-benchmark-\(getpid())")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        #if DEBUG
        console.warning("this is a debug build; measure a release build (swift build -c release)")
        #endif
        print("report benchmark — work folder \(dir)")
        try measureStartup(exe: exe)
        print("size    | CSV ingest | JSON ingest | summary PDF (whole process) | pages | pages/s | peak RSS")
        print("--------|------------|-------------|-----------------------------|-------|---------|---------")
        for n in counts {
            let rows = SyntheticExport.rows(count: n)
            let jsonPath = "\(dir)/logs_\(n).json", csvPath = "\(dir)/logs_\(n).csv"
            try SyntheticExport.json(rows).write(toFile: jsonPath, atomically: false, encoding: .utf8)
            try SyntheticExport.csv(rows).write(toFile: csvPath, atomically: false, encoding: .utf8)
            let csvRate = try ingestRate(csvPath)
            let jsonRate = try ingestRate(jsonPath)
            let pdfPath = "\(dir)/summary_\(n).pdf"
            var args = [exe, "headache", "summary", jsonPath, "-o", pdfPath, "--as-of", "2099-12-31", "--quiet"]
            if let templates { args += ["--templates", templates] }
            _ = try spawn(args)  // warm-up (page cache, font cache)
            var times: [Double] = [], peak = 0
            for _ in 0..<runs {
                let r = try spawn(args)
                times.append(r.seconds)
                peak = max(peak, r.maxRSSKiB)
            }
            let median = times.sorted()[times.count / 2]
            let pages = pageCount(pdfPath)
            print(pad("\(n)", 7) + " | " + pad(Text.format("%.1f MB/s", csvRate), 10) + " | "
                  + pad(Text.format("%.1f MB/s", jsonRate), 11) + " | "
                  + pad(Text.format("%.0f ms median of %ld", median * 1000, runs), 27) + " | "
                  + pad("\(pages)", 5) + " | " + pad(Text.format("%.0f", Double(pages) / median), 7) + " | "
                  + Text.format("%.1f MB", Double(peak) / 1024))
        }
        if let floor { try measureFloor(floor, dir: dir, exe: exe) }
        if clinicalEpisodes > 0 { try measureClinical(dir: dir, exe: exe) }
        if clinicalEpisodes > 0 && longClinicalEpisodes > 0 { try measureLongClinical(dir: dir, exe: exe) }
        if careHandoffs > 0 { try measureCare(dir: dir, exe: exe) }
        if careHandoffs > 0 && carePatientHandoffs > 0 { try measureCarePatient(dir: dir, exe: exe) }
        if batchUsers > 0 { try measureBatch(dir: dir, exe: exe) }
        // Last: it grows this process to about 1 GB, and Linux counts the memory a process had
        // when it started another program in that program's peak (posix_spawn shares the
        // parent's memory until exec), so every later whole-process peak would read 1 GB.
        if insightsEpisodes > 0 { try measureInsights() }
    }

    /// The premium clinical PDF as a whole process: generated episodes, the year that ends on the
    /// last onset date as the range, and a daily-context record for every day of it.
    func measureClinical(dir: String, exe: String) throws {
        let rows = SyntheticExport.rows(count: clinicalEpisodes, seed: 11)
        let logsPath = "\(dir)/clinical_logs.json", daysPath = "\(dir)/clinical_days.json", pdfPath = "\(dir)/clinical.pdf"
        try SyntheticExport.json(rows).write(toFile: logsPath, atomically: false, encoding: .utf8)
        let last = try HeadacheLogReader.read([InputSource(path: logsPath)]).records.map { $0.onsetAt.localDate }.max()
            ?? LocalDate(daysSinceEpoch: 0)
        let from = last.adding(days: -364)
        try Self.daysJSON(SyntheticAurae.days(from: from, to: last, seed: 11)).write(toFile: daysPath, atomically: false, encoding: .utf8)
        var args = [exe, "headache", "clinical", logsPath, "--days", daysPath, "-o", pdfPath, "--tier", "premium",
                    "--from", from.description, "--as-of", last.description, "--quiet"]
        if let templates { args += ["--templates", templates] }
        _ = try spawn(args)  // warm-up
        var times: [Double] = [], peak = 0
        for _ in 0..<runs {
            let r = try spawn(args)
            times.append(r.seconds)
            peak = max(peak, r.maxRSSKiB)
        }
        let median = times.sorted()[times.count / 2]
        print("")
        print(Text.format("clinical PDF: %ld episodes over one year with daily context, %.0f ms median of %ld (whole process), %ld pages, peak RSS %.1f MB",
                     clinicalEpisodes, median * 1000, runs, pageCount(pdfPath), Double(peak) / 1024))
    }

    /// The longest clinical PDF as a whole process, once: `longClinicalEpisodes` generated episodes
    /// (about a day and a half apart: 10,000 span 38 years) with every section, from the first
    /// onset to the last — the report the spec's "peak memory for any single report" is checked on.
    func measureLongClinical(dir: String, exe: String) throws {
        let rows = SyntheticExport.rows(count: longClinicalEpisodes, seed: 12)
        let logsPath = "\(dir)/clinical_long_logs.json", pdfPath = "\(dir)/clinical_long.pdf"
        try SyntheticExport.json(rows).write(toFile: logsPath, atomically: false, encoding: .utf8)
        let onsets = try HeadacheLogReader.read([InputSource(path: logsPath)]).records.map { $0.onsetAt.localDate }
        guard let first = onsets.min(), let last = onsets.max() else { return }
        var args = [exe, "headache", "clinical", logsPath, "-o", pdfPath, "--tier", "premium", "--sections", "all",
                    "--from", first.description, "--as-of", last.description, "--quiet"]
        if let templates { args += ["--templates", templates] }
        let r = try spawn(args)
        let megabytes = Double(r.maxRSSKiB) * 1024 / 1_000_000
        print(Text.format("longest clinical PDF: %ld episodes, every section, \(first) to \(last), %.0f ms (whole process, one run), %ld pages, peak RSS %.1f MB (%.1f decimal MB: \(megabytes < 100 ? "under" : "OVER") the spec's 100 MB for any single report)",
                     longClinicalEpisodes, r.seconds * 1000, pageCount(pdfPath), Double(r.maxRSSKiB) / 1024, megabytes))
    }

    /// Daily-context records as a JSON export in the input schema (10-data-formats.md).
    static func daysJSON(_ days: [DayContext]) -> String {
        func number(_ v: Double) -> String { Text.format("%.1f", v) }
        var lines: [String] = []
        for d in days {
            var f = ["\"date\": \"\(d.date)\""]
            if let v = d.sleepHours { f.append("\"sleepHours\": \(number(v))") }
            if let v = d.sleepQuality { f.append("\"sleepQuality\": \(v)") }
            if let v = d.stressLevel { f.append("\"stressLevel\": \(v)") }
            if let v = d.alcohol { f.append("\"alcohol\": \(v)") }
            if let v = d.caffeine { f.append("\"caffeine\": \(v)") }
            if let v = d.skippedMeal { f.append("\"skippedMeal\": \(v)") }
            if let v = d.pressureTrend { f.append("\"pressureTrend\": \"\(v.rawValue)\"") }
            if let v = d.humidityPct { f.append("\"humidityPct\": \(number(v))") }
            if let v = d.cyclePhase { f.append("\"cyclePhase\": \"\(v.rawValue)\"") }
            lines.append("{" + f.joined(separator: ", ") + "}")
        }
        return "{\"schemaVersion\": 1, \"days\": [\n" + lines.joined(separator: ",\n") + "\n]}\n"
    }

    /// Insights over generated episodes, in process: analysis plus JSON, premium tier.
    func measureInsights() throws {
        let templateDir = try TemplateDirectory.locate(explicit: templates)
        let templateSet = try TemplateSet(directory: templateDir)
        let config = try InsightsConfig(templates: templateSet)
        let presenter = try InsightsPresenter(templates: templateSet, config: config)
        let before = peakRSSKiB()
        let logs = SyntheticAurae.logs(count: insightsEpisodes, seed: 7)
        let inputRSS = peakRSSKiB()
        let asOf = logs.map { $0.onsetAt.localDate }.max() ?? LocalDate(daysSinceEpoch: 0)
        var times: [Double] = []
        var bytes = 0
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            let result = HeadacheInsights.analyze(InsightsRequest(logs: logs, asOf: asOf, tier: .premium), config: config)
            bytes = try presenter.json(result).utf8.count
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let median = times.sorted()[1]
        print("")
        print(Text.format("insights: %ld episodes, analysis + JSON (%.1f MB) in %.2f s (median of 3); memory: input %.0f MB, peak %.0f MB",
                     insightsEpisodes, Double(bytes) / 1e6, median, Double(inputRSS - before) / 1024, Double(peakRSSKiB()) / 1024))
    }

    func peakRSSKiB() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss)
    }

    /// MB/s (10^6 bytes) of one input file, best of enough repetitions to take ~0.3 s.
    func ingestRate(_ path: String) throws -> Double {
        let bytes = Self.fileBytes(path) ?? 0
        var best = Double.infinity
        var total = 0.0
        var reps = 0
        while reps < 3 || (total < 0.3 && reps < 200) {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try HeadacheLogReader.read([InputSource(path: path)], options: IngestOptions())
            let t = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            best = min(best, t); total += t; reps += 1
        }
        return Double(bytes) / best / 1e6
    }

    /// Runs a command with its output discarded; returns its wall time and peak memory.
    ///
    /// Linux counts in a program's peak memory the peak of the process that started it
    /// (posix_spawn shares this process's memory until the exec), so this process first gives
    /// its free heap back and resets its own peak to its current size: the figure is then the
    /// measured program's peak unless this process is larger (a few MB here).
    func spawn(_ args: [String], extraEnvironment: [String] = []) throws -> (seconds: Double, maxRSSKiB: Int) {
        _ = benchmarkMallocTrim(0)
        if let f = fopen("/proc/self/clear_refs", "w") {
            fputs("5", f)
            fclose(f)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let cArgs = args.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        let cEnvironment = extraEnvironment.map { strdup($0) }
        defer { cEnvironment.forEach { free($0) } }
        var environment: [UnsafeMutablePointer<CChar>?] = cEnvironment
        var e = environ
        while let entry = e.pointee { environment.append(entry); e += 1 }
        environment.append(nil)
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let rc = posix_spawn(&pid, args[0], &actions, nil, cArgs, environment)
        guard rc == 0 else { throw RunFailure(.output, "cannot run \(args[0]): \(String(cString: strerror(rc)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard status == 0 else { throw RunFailure(.output, "a measured run failed (status \(status)): \(args.joined(separator: " "))") }
        return (seconds, Int(usage.ru_maxrss))
    }

    /// Pages in a PDF written by cairo (counts `/Type /Page` objects).
    func pageCount(_ path: String) -> Int {
        guard let data = FileManager.default.contents(atPath: path) else { return 0 }
        let needle = Array("/Type /Page\n".utf8), alt = Array("/Type /Page ".utf8)
        var count = 0
        data.withUnsafeBytes { (buf: UnsafeRawBufferPointer) in
            let b = buf.bindMemory(to: UInt8.self)
            var i = 0
            while i + needle.count <= b.count {
                if b[i] == 0x2F, b[i + 1] == 0x54 {
                    var match = true, matchAlt = true
                    for j in 0..<needle.count {
                        if b[i + j] != needle[j] { match = false }
                        if b[i + j] != alt[j] { matchAlt = false }
                        if !match && !matchAlt { break }
                    }
                    if match || matchAlt { count += 1 }
                }
                i += 1
            }
        }
        return count
    }

    func pad(_ s: String, _ w: Int) -> String { s.count >= w ? s : s + String(repeating: " ", count: w - s.count) }
}

/// glibc's `malloc_trim` (its header is not in the Glibc module): gives free heap back to the
/// system.
@_silgen_name("malloc_trim")
private func benchmarkMallocTrim(_ pad: Int) -> Int32
