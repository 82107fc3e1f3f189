import Catalog
import Ingest
import ReportKit

/// Runs the data export (premium): the logs with onset in the range, oldest first (ties by id),
/// written back in the input schema as CSV or JSON to the context's output, whole or not at all.
public struct ExportJob: ReportJob {
    /// The data export is premium.
    public static let gate = TierGate<AuraeTier>("the data export", needs: .premium)

    public static func gates(for request: Request) -> [TierGate<AuraeTier>] { [gate] }

    public enum Format: String, Sendable, CaseIterable { case csv, json }

    /// What the caller asked for besides the inputs.
    public struct Request: Sendable {
        public var format: Format
        public var from: LocalDate?
        public var to: LocalDate?

        public init(format: Format, from: LocalDate? = nil, to: LocalDate? = nil) {
            self.format = format; self.from = from; self.to = to
        }
    }

    /// Why nothing was written.
    public enum Failure: ReportFailure {
        /// A log holds text the CSV form of its field cannot hold; JSON can.
        case notRepresentableInCSV(field: String, source: SourceLocation?)

        /// The output cannot carry the text (exit status 4).
        public var kind: FailureKind { .output }

        public var description: String {
            switch self {
            case .notRepresentableInCSV(let field, let source):
                let place = source.map { "\($0): " } ?? ""
                return "\(place)\(field) holds ';' or '|', which its CSV form cannot hold; export with --format json instead; nothing was written"
            }
        }
    }

    public init() {}

    public init(templates: TemplateSet) {}

    /// The logs exported for `request`: onset local date from `from` (else the first) to `to`
    /// (else the as-of date), oldest first, ties by id.
    public static func selection(_ logs: [HeadacheLog], _ request: Request, asOf: LocalDate) -> [HeadacheLog] {
        let to = request.to ?? asOf
        return logs.filter {
            let d = $0.onsetAt.localDate
            return d <= to && request.from.map { d >= $0 } ?? true
        }.sorted { $0.onsetAt != $1.onsetAt ? $0.onsetAt < $1.onsetAt : $0.id < $1.id }
    }

    /// The export's text for `logs` as they are (already selected and ordered).
    public static func text(_ logs: [HeadacheLog], as format: Format) throws -> String {
        switch format {
        case .json: return HeadacheExportJSON.write(logs)
        case .csv:
            do { return try HeadacheExportCSV.write(logs) } catch let e as HeadacheExportCSV.Unrepresentable {
                throw Failure.notRepresentableInCSV(field: e.field, source: e.source)
            }
        }
    }

    /// Writes the export and returns the number of logs written.
    @discardableResult
    public func run(_ inputs: HeadacheInputs, _ request: Request, in context: ReportContext) throws -> Int {
        let logs = ExportJob.selection(inputs.logs, request, asOf: context.run.asOf)
        let text = try ExportJob.text(logs, as: request.format)
        try context.writeText(text)
        return logs.count
    }
}
