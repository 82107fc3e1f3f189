import Ingest
import ReportKit

/// Headache logs as JSON in the input schema: `{"schemaVersion": 1, "logs": [...]}`, each log
/// with its top-level fields and its `weather`, `health`, `sleep` and `retrospective` objects in
/// the reader's field order; unknown values and empty objects are left out.
enum HeadacheExportJSON {
    static func write(_ logs: [HeadacheLog]) -> String {
        JSONOutput.object([("schemaVersion", .int(1)), ("logs", .array(logs.map(object)))]).serialized()
    }

    static func object(_ log: HeadacheLog) -> JSONOutput {
        var pairs: [(String, JSONOutput)] = []
        var groups: [String: Int] = [:]
        for (field, value) in zip(HeadacheLogSchema.fields, HeadacheLogSchema.values(log)) {
            guard let value else { continue }
            guard let group = field.group else { pairs.append((field.key, json(value))); continue }
            if let i = groups[group], case .object(let members) = pairs[i].1 {
                pairs[i].1 = .object(members + [(field.key, json(value))])
            } else {
                groups[group] = pairs.count
                pairs.append((group, .object([(field.key, json(value))])))
            }
        }
        return .object(pairs)
    }

    static func json(_ value: SchemaValue) -> JSONOutput {
        switch value {
        case .text(let s), .symbol(let s): return .string(s)
        case .number(let s): return .number(s)
        case .bool(let b): return .bool(b)
        case .list(let items): return .array(items.map(JSONOutput.string))
        case .entries(let entries):
            return .array(entries.map { members in
                .object(members.compactMap { m in m.value.map { (m.key, json($0)) } })
            })
        }
    }
}
