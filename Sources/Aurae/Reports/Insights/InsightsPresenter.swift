import Catalog
import ReportKit

/// The insights output formats: plain text for a person and the JSON contract. Loading it
/// compiles and checks every wording key the insights use, before any analysis runs.
public struct InsightsPresenter: Sendable {
    let text: InsightsText

    public init(templates: TemplateSet, config: InsightsConfig) throws {
        let keys = InsightsWording(config: config)
        text = try InsightsText(keys: keys, book: try templates.wording.compile(keys), config: config)
    }

    public init(templates: TemplateSet) throws {
        try self.init(templates: templates, config: try InsightsConfig(templates: templates))
    }

    /// The sections a person reads, in display order.
    public func sections(_ r: InsightsResult) throws -> [TextSection] { try text.sections(r) }

    /// Every sentence a user would see, in order (headings included).
    public func messages(_ r: InsightsResult) throws -> [String] {
        try sections(r).flatMap { ($0.heading.map { [$0] } ?? []) + $0.lines }
    }

    /// Plain text: one block per section, a blank line between blocks, a final newline.
    public func text(_ r: InsightsResult) throws -> String {
        try sections(r).map { s in ((s.heading.map { [$0] } ?? []) + s.lines).joined(separator: "\n") }
            .joined(separator: "\n\n") + "\n"
    }

    /// The JSON contract as a value (tests pick sections from it).
    public func jsonValue(_ r: InsightsResult) throws -> JSONOutput {
        try InsightsJSON(text: text).value(r, sections: try sections(r))
    }

    /// The JSON contract, pretty-printed with a final newline.
    public func json(_ r: InsightsResult) throws -> String { try jsonValue(r).serialized() }
}
