import Aurae
import Ingest
import ReportKit

extension InputOptions {
    /// Reads and merges the logs (their warnings and skipped count printed as they come), then
    /// the daily context at `daysPath` when given (its warnings printed). Throws input errors.
    func read(days daysPath: String? = nil, messages: MessageSink) throws -> HeadacheInputs {
        let logs = messages.reading(try HeadacheLogReader.read(inputs.map(InputSource.init(path:)), options: ingestOptions))
        var inputs = HeadacheInputs(logs: logs.records, skipped: logs.skipped)
        if let daysPath {
            var dayOptions = ingestOptions
            dayOptions.format = nil
            let days = try DayContextReader.read([InputSource(path: daysPath)], options: dayOptions)
            messages.print(days.warnings)
            inputs.days = days.records
        }
        return inputs
    }
}
