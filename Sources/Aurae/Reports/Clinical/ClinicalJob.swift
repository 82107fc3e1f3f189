import Catalog
import Ingest
import Render
import ReportKit

/// Runs the premium clinical report end to end: analyse, build the document, lay out, and write
/// the PDF atomically.
public struct ClinicalJob: ReportJob {
    /// The clinical report is premium.
    public static let gate = TierGate<AuraeTier>("the clinical report", needs: .premium)

    public static func gates(for request: Request) -> [TierGate<AuraeTier>] { [gate] }

    /// What the person asked for besides the inputs.
    public struct Request: Sendable {
        public var from: LocalDate?
        public var to: LocalDate?
        public var patientName: String?
        /// Section ids in order (`nil`: every section); `safety` is added when left out.
        public var sections: [String]?

        public init(from: LocalDate? = nil, to: LocalDate? = nil, patientName: String? = nil, sections: [String]? = nil) {
            self.from = from; self.to = to; self.patientName = patientName; self.sections = sections
        }
    }

    public struct Result: Sendable {
        public var pageCount: Int
        public var episodeCount: Int
    }

    let report: ClinicalReport

    /// Loads every template the report uses, so that a broken one fails before any input is read.
    public init(templates: TemplateSet) throws {
        report = try ClinicalReport(templates: templates, config: try InsightsConfig(templates: templates))
    }

    public var fonts: [FontSpec] { report.fonts }

    /// The document for `inputs` (everything after ingest and before layout).
    public func document(_ inputs: HeadacheInputs, _ request: Request, run: RunInfo) throws -> (Document, episodes: Int) {
        let options = HeadacheSummary.Options(from: request.from, to: request.to, patientName: request.patientName,
                                              skippedCount: inputs.skipped, run: run)
        return try report.document(ClinicalReport.Input(logs: inputs.logs, days: inputs.days,
                                                        sections: request.sections, options: options))
    }

    /// Writes the clinical report of `inputs` to the context's output, whole or not at all.
    @discardableResult
    /// The inputs are consumed: the logs are freed once the document holds what it shows.
    public func run(_ inputs: consuming HeadacheInputs, _ request: Request, in context: ReportContext) throws -> Result {
        let (doc, count) = try document(inputs, request, run: context.run)
        _ = consume inputs
        return Result(pageCount: try context.writePDF(consume doc), episodeCount: count)
    }
}
