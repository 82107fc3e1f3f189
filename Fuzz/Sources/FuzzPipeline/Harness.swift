import Catalog
import Foundation
import Render
import Aurae
import ReportKit

/// What every fuzz input shares, made once per process: the templates, the loaded jobs and one
/// Pango measurer (a new font map per input would cost more than the rest of the pipeline).
struct Harness {
    let templates: TemplateSet
    let insights: InsightsJob
    let summary: SummaryJob
    let measurer = PangoMeasurer()

    /// Loads the templates found as the command finds them (`$REPORT_TEMPLATES`, else the
    /// checkout's `templates/` above the executable) and sends standard output, where the
    /// insights job writes as `-o -` does, to /dev/null: no files, no fsync. Exits on failure.
    /// `nonisolated(unsafe)`: the measurer is not thread-safe and need not be, libFuzzer calls the
    /// target from one thread (`-jobs` and `-workers` start other processes), the one that uses it.
    nonisolated(unsafe) static let shared: Harness = {
        let devNull = open("/dev/null", O_WRONLY)
        guard devNull >= 0, dup2(devNull, STDOUT_FILENO) >= 0 else {
            FileHandle.standardError.write(Data("FuzzPipeline: cannot send standard output to /dev/null\n".utf8))
            exit(2)
        }
        close(devNull)
        do {
            let templates = try TemplateSet(directory: TemplateDirectory.locate())
            return Harness(templates: templates, insights: try InsightsJob(templates: templates),
                           summary: try SummaryJob(templates: templates))
        } catch {
            FileHandle.standardError.write(Data("FuzzPipeline: cannot load templates (set REPORT_TEMPLATES): \(error)\n".utf8))
            exit(2)
        }
    }()

    /// The insights of `inputs` in the input's tier and format, through `InsightsJob.run`.
    func insights(_ inputs: HeadacheInputs, _ input: FuzzCase, dates: FuzzCase.Dates, in context: ReportContext) {
        let request = InsightsJob.Request(tier: input.tier, format: input.insightsFormat, from: dates.from, to: dates.to)
        do { try insights.run(inputs, request, in: context) } catch { _ = "\(error)" }
    }

    /// What `SummaryJob.run` does, with the shared measurer: the document, its layout and the
    /// PDF, whose bytes are dropped.
    func summaryPDF(_ inputs: HeadacheInputs, dates: FuzzCase.Dates, patientName: String?, run: RunInfo) throws {
        let options = HeadacheSummary.Options(from: dates.from, to: dates.to, patientName: patientName,
                                              skippedCount: inputs.skipped, run: run)
        let (document, _) = try summary.document(logs: inputs.logs, options: options)
        let laidOut = try LayoutEngine(measurer: measurer).layout(document)
        try PDFRenderer.render(laidOut, measurer: measurer) { _ in }
    }
}
