import Catalog
import Ingest
import Insights
import Render

/// Runs the free summary end to end: select the episodes, compute the safety items, lay out,
/// and write the PDF atomically.
public struct SummaryJob {
    public struct Result: Sendable {
        public var pageCount: Int
        public var episodeCount: Int
        public var fontWarnings: [String]
    }

    let summary: HeadacheSummary
    let config: InsightsConfig

    public init(templates: TemplateSet) throws {
        summary = try HeadacheSummary(templates: templates)
        config = try InsightsConfig(templates: templates)
    }

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
        return (try summary.document(logs: episodes, range: range, safety: safety, options: options), episodes.count)
    }

    /// Lays out and writes the PDF to `path` (`-` for standard output), whole or not at all.
    @discardableResult
    public func render(logs: [HeadacheLog], options: HeadacheSummary.Options, to path: String,
                       measurer: PangoMeasurer = PangoMeasurer()) throws -> Result {
        let (doc, count) = try document(logs: logs, options: options)
        let laidOut = try LayoutEngine(measurer: measurer).layout(doc)
        let file = try AtomicFile(path: path)
        do {
            try PDFRenderer.render(laidOut, measurer: measurer) { try file.write($0) }
            try file.commit()
        } catch {
            file.abandon()
            throw error
        }
        return Result(pageCount: laidOut.pages.count, episodeCount: count, fontWarnings: measurer.fontWarnings)
    }
}
