import Catalog
import Ingest
import ReportKit

/// Runs pattern insights end to end: analyse the inputs for the request's tier and write them as
/// text or JSON to the context's output, whole or not at all.
public struct InsightsJob: ReportJob {
    public typealias Tier = AuraeTier

    public enum Format: Sendable {
        /// Sentences for a person.
        case text
        /// The contract in docs/insights.md, for the nightly job.
        case json
    }

    /// What the caller asked for besides the inputs.
    public struct Request: Sendable {
        public var tier: AuraeTier
        public var format: Format
        public var from: LocalDate?
        public var to: LocalDate?

        public init(tier: AuraeTier, format: Format, from: LocalDate? = nil, to: LocalDate? = nil) {
            self.tier = tier; self.format = format; self.from = from; self.to = to
        }
    }

    let config: InsightsConfig
    let presenter: InsightsPresenter

    /// Loads the thresholds and compiles the insights wording, so that a broken template is
    /// reported before any input is read.
    public init(templates: TemplateSet) throws {
        config = try InsightsConfig(templates: templates)
        presenter = try InsightsPresenter(templates: templates, config: config)
    }

    public func run(_ inputs: HeadacheInputs, _ request: Request, in context: ReportContext) throws {
        let analysis = InsightsRequest(logs: inputs.logs, days: inputs.days, asOf: context.run.asOf,
                                       from: request.from, to: request.to, tier: request.tier)
        var text = try present(analysis, as: request.format)
        if !text.hasSuffix("\n") { text += "\n" }
        try context.writeText(text)
    }

    /// The analysis and its wording in one step: the only place that knows how insights are presented.
    func present(_ analysis: InsightsRequest, as format: Format) throws -> String {
        let result = HeadacheInsights.analyze(analysis, config: config)
        switch format {
        case .text: return try presenter.text(result)
        case .json: return try presenter.json(result)
        }
    }
}
