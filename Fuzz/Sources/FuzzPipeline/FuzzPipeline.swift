import Ingest
import Aurae
import ReportKit

/// Small limits, so that every limit is reached by inputs of at most 4 KiB (`-max_len=4096`) and
/// one input stays cheap.
private let limits = IngestLimits(maxFieldBytes: 512, maxRecords: 100, maxDepth: 16, maxColumns: 64)

/// The whole pipeline as the `insights` and `summary` commands run it: ingest (logs, then the
/// daily context when present), insights in the chosen tier and format, then the summary
/// document, its layout and the PDF. Errors are expected results; only a trap is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let input = FuzzCase(UnsafeBufferPointer(start: data, count: size)) else { return 0 }
    let harness = Harness.shared
    var options = IngestOptions(skipInvalid: input.skipInvalid, limits: limits)
    var inputs: HeadacheInputs
    do {
        let logs = try HeadacheLogReader.read(bytes: input.logs, name: "logs", format: input.logsFormat, options: options)
        _ = logs.warnings.map(\.description)
        inputs = HeadacheInputs(logs: logs.records, skipped: logs.skipped)
        if let days = input.days {
            options.format = days.format
            let read = try DayContextReader.read(bytes: days.bytes, name: "days", format: days.format, options: options)
            _ = read.warnings.map(\.description)
            inputs.days = read.records
        }
    } catch {
        _ = "\(error)"
        return 0
    }
    let dates = input.dates(logs: inputs.logs)
    let run = RunInfo.resolve(asOf: dates.asOf, environment: [:])
    harness.insights(inputs, input, dates: dates,
                     in: ReportContext(run: run, output: .standardOutput, measurer: harness.measurer))
    do {
        try harness.summaryPDF(inputs, dates: dates, patientName: input.patientName, run: run)
    } catch {
        _ = "\(error)"
    }
    return 0
}
