import Aurae
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Ingest
import ReportKit
import Quoting

extension BenchmarkCommand {
    /// The fixed cost every single report pays: `report --version` as a whole process (median
    /// of at least 20 runs after one warm-up) and the size of the executable.
    func measureStartup(exe: String) throws {
        let args = [exe, "--version"]
        _ = try spawn(args)  // warm-up
        let times = try (0..<max(20, runs)).map { _ in try spawn(args).seconds }.sorted()
        let bytes = Self.fileBytes(exe) ?? 0
        print(Text.format("start-up: report --version %.1f ms median of %ld (whole process); executable %.1f MB",
                     times[times.count / 2] * 1000, times.count, Double(bytes) / 1e6))
    }

    /// The size of the file at `path` in bytes, `nil` when it cannot be read. (FoundationEssentials'
    /// `attributesOfItem` gives the size as a `UInt64`, so a cast to `Int` gave 0.)
    static func fileBytes(_ path: String) -> Int? {
        var st = stat()
        guard stat(path, &st) == 0, st.st_size >= 0 else { return nil }
        return Int(st.st_size)
    }

    /// The free summary of each size next to the C floor of the Cairo + Pango stack (the
    /// anchors' `report_cairo`, drawing with Inter as the summary does), whole processes,
    /// run alternately so that both see the same machine; the floor reads the same episodes
    /// as its seven tab-separated columns.
    func measureFloor(_ floor: String, dir: String, exe: String) throws {
        print("")
        print("summary against the C floor (\(floor), ANCHOR_FONT=Inter), whole process, alternating runs:")
        print("size    | summary PDF             | C floor                 | summary ÷ floor")
        print("--------|-------------------------|-------------------------|----------------")
        for n in counts {
            let jsonPath = "\(dir)/logs_\(n).json", tsvPath = "\(dir)/floor_rows_\(n).tsv"
            let logs = try HeadacheLogReader.read([InputSource(path: jsonPath)]).records
            try Self.floorRows(logs).write(toFile: tsvPath, atomically: false, encoding: .utf8)
            var args = [exe, "headache", "summary", jsonPath, "-o", "\(dir)/summary_\(n).pdf", "--as-of", "2099-12-31", "--quiet"]
            if let templates { args += ["--templates", templates] }
            let floorArgs = [floor, tsvPath, "\(dir)/floor_\(n).pdf"]
            let floorEnvironment = ["ANCHOR_FONT=Inter", "ANCHOR_TIMES=/dev/null"]
            _ = try spawn(args)  // warm-up
            _ = try spawn(floorArgs, extraEnvironment: floorEnvironment)
            var ours: [Double] = [], theirs: [Double] = []
            for _ in 0..<max(runs, n <= 100 ? 10 : 3) {
                ours.append(try spawn(args).seconds)
                theirs.append(try spawn(floorArgs, extraEnvironment: floorEnvironment).seconds)
            }
            let a = ours.sorted()[ours.count / 2], b = theirs.sorted()[theirs.count / 2]
            print(pad("\(n)", 7) + " | " + pad(Text.format("%.1f ms median of %ld", a * 1000, ours.count), 23) + " | "
                  + pad(Text.format("%.1f ms median of %ld", b * 1000, theirs.count), 23) + " | "
                  + Text.format("%.2f×", a / b))
        }
    }

    /// Episodes as the floor's input: date, time, severity out of 10, duration, weather,
    /// medication (or —) and notes, one line each.
    static func floorRows(_ logs: [HeadacheLog]) -> String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        var out = ""
        for log in logs {
            let minute = log.onsetAt.localMinuteOfDay
            let length = max(0, Int((log.resolvedAt?.epochSeconds ?? log.onsetAt.epochSeconds) - log.onsetAt.epochSeconds) / 60)
            let weather = log.weather.temperatureC.map { "\(Int($0.rounded()))°C " } ?? ""
            let medication = log.retrospective.medications.first.map { [$0.name, $0.dose ?? ""].joined(separator: " ") } ?? "—"
            let fields = [log.onsetAt.localDate.description, two(minute / 60) + ":" + two(minute % 60),
                          "\(log.severity * 2)/10", "\(length / 60)h \(two(length % 60))m",
                          weather + (log.weather.condition ?? ""), medication, log.retrospective.notes ?? ""]
            out += fields.map { String($0.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 }) }.joined(separator: "\t") + "\n"
        }
        return out
    }
}
