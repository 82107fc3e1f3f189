import Catalog
import Render

/// The sections of one report, each a builder registered under the id that the report's section
/// list in `templates/reports/` (and a `--sections` option) names. A report picks and orders its
/// sections by id; adding a section is one `register` call. Sendable (its builders are), so that a
/// report's registry can be one `static let` that the batch's worker threads share.
public struct SectionRegistry<Input>: Sendable {
    public typealias Builder = @Sendable (Input) throws -> [Block]

    private var builders: [String: Builder] = [:]
    /// Registration order: the order a report has when nothing else orders it.
    public private(set) var ids: [String] = []

    public init() {}

    /// Registers `build` as the section `id`; a second registration of an id replaces the first.
    public mutating func register(_ id: String, _ build: @escaping Builder) {
        if builders.updateValue(build, forKey: id) == nil { ids.append(id) }
    }

    /// Checks a section list against the registered ids; `file` and `key` name where the list came
    /// from in the error.
    public func check(_ list: [String], file: String, key: String) throws {
        if let unknown = list.first(where: { builders[$0] == nil }) {
            throw CatalogError.wrongType(file: file, key: key,
                                         expected: "a list of \(ids.joined(separator: ", ")), not \(unknown)")
        }
    }

    /// The blocks of the sections in `list`, in that order.
    public func blocks(_ list: [String], _ input: Input) throws -> [Block] {
        var blocks: [Block] = []
        for id in list {
            guard let build = builders[id] else {
                throw CatalogError.wrongType(file: "sections", key: id, expected: "one of \(ids.joined(separator: ", "))")
            }
            blocks += try build(input)
        }
        return blocks
    }
}
