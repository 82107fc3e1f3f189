import Catalog
import Ingest
import Render
import ReportKit

/// Runs the free summary end to end: select the episodes, compute the safety items, lay out,
/// and write the PDF atomically.
public struct SummaryJob: ReportJob {
    public typealias Tier = AuraeTier

    /// What the person asked for besides the inputs: the date range and the name to show.
    public struct Request: Sendable {
        public var from: LocalDate?
        public var to: LocalDate?
        public var patientName: String?

        public init(from: LocalDate? = nil, to: LocalDate? = nil, patientName: String? = nil) {
            self.from = from; self.to = to; self.patientName = patientName
        }
    }

    public struct Result: Sendable {
        public var pageCount: Int
        public var episodeCount: Int
    }

    let summary: HeadacheSummary
    let config: InsightsConfig

    public init(templates: TemplateSet) throws {
        summary = try HeadacheSummary(templates: templates)
        config = try InsightsConfig(templates: templates)
    }

    public var fonts: [FontSpec] { summary.fonts }

    /// The document for `logs` (everything after ingest and before layout).
    public func document(logs: [HeadacheLog], options: HeadacheSummary.Options) throws -> (Document, episodes: Int) {
        let range = HeadacheSummary.range(logs, options: options)
        let episodes = HeadacheSummary.episodes(logs, from: range.from, to: range.to)
        let byId = Dictionary(episodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let flags: [HeadacheSummary.Flag] = HeadacheInsights.redFlags(episodes).compactMap { flag in
            byId[flag.logId].map { HeadacheSummary.Flag(log: $0, tier: flag.tier) }
        }
        let overuse = HeadacheInsights.medicationOveruse(logs, asOf: options.run.asOf, config: config)
        let safety = HeadacheSummary.Safety(flags: flags, overuse: overuse)
        let totals = DayFacts(logs: logs, days: nil, from: range.from, to: range.to, asOf: options.run.asOf, config: config)
            .figures(from: range.from, to: range.to)
        return (try summary.document(logs: episodes, range: range, safety: safety, totals: totals, options: options), episodes.count)
    }

    /// Writes the summary of `inputs` to the context's output, whole or not at all.
    @discardableResult
    /// The inputs are consumed: the logs are freed once the document holds what it shows.
    public func run(_ inputs: consuming HeadacheInputs, _ request: Request, in context: ReportContext) throws -> Result {
        let options = HeadacheSummary.Options(from: request.from, to: request.to, patientName: request.patientName,
                                              skippedCount: inputs.skipped, run: context.run)
        let (doc, count) = try document(logs: inputs.logs, options: options)
        _ = consume inputs
        return Result(pageCount: try context.writePDF(consume doc), episodeCount: count)
    }
}
