/// Everything the run found about one symptom, as the family-meeting PDF shows it (spec
/// 40-care-circle.md: "one block per symptom holding every finding about it … its sources listed
/// once").
public struct SymptomBlock: Equatable, Sendable {
    /// The canonical symptom key.
    public var key: String
    /// Its findings in the order the spec lists them: new, how often, the change, what it was
    /// mentioned with, its absence (then by key). A finding about two symptoms (CORRELATION) is in
    /// the block of each.
    public var insights: [Insight]
    /// Every handoff those findings were computed from, once, by date then id.
    public var sources: [PatternHandoff]

    /// The order of findings inside a block.
    static let order: [PatternType] = [.new, .frequency, .trend, .correlation, .absence]
    /// Which finding a block's one appointment question comes from: the first of these it has.
    static let questionOrder: [PatternType] = [.frequency, .trend, .new, .correlation, .absence]

    /// One block per symptom key named by any of `insights`, by key.
    public static func blocks(_ insights: [Insight]) -> [SymptomBlock] {
        var bySymptom: [String: [Insight]] = [:]
        for insight in insights {
            for symptom in Set(insight.finding.symptoms) { bySymptom[symptom, default: []].append(insight) }
        }
        return bySymptom.keys.sorted().map { key in
            let list = (bySymptom[key] ?? []).sorted {
                (order.firstIndex(of: $0.finding.type) ?? 0, $0.finding.key) < (order.firstIndex(of: $1.finding.type) ?? 0, $1.finding.key)
            }
            var seen: Set<String> = []
            let sources = list.flatMap(\.finding.sources).filter { seen.insert($0.id).inserted }
                .sorted { ($0.date, $0.id) < ($1.date, $1.id) }
            return SymptomBlock(key: key, insights: list, sources: sources)
        }
    }

    /// The finding the block's appointment question is built from.
    public var questionFinding: Finding? {
        for type in Self.questionOrder { if let i = insights.first(where: { $0.finding.type == type }) { return i.finding } }
        return nil
    }
}
