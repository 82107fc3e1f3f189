import Aurae
import Ingest
import ReportKit

extension InputOptions {
    /// Reads and merges the logs, then the daily context at `daysPath` when given, printing
    /// their warnings (and the skipped count) as they come. Throws input errors.
    func read(days daysPath: String? = nil, console: Console) throws -> HeadacheInputs {
        let logs = try HeadacheLogReader.read(inputs.map(InputSource.init(path:)), options: ingestOptions)
        console.print(logs.warnings)
        if logs.skipped > 0 {
            console.warning("skipped \(logs.skipped) invalid record\(logs.skipped == 1 ? "" : "s")")
        }
        var inputs = HeadacheInputs(logs: logs.records, skipped: logs.skipped)
        if let daysPath {
            var dayOptions = ingestOptions
            dayOptions.format = nil
            let days = try DayContextReader.read([InputSource(path: daysPath)], options: dayOptions)
            console.print(days.warnings)
            inputs.days = days.records
        }
        return inputs
    }
}
