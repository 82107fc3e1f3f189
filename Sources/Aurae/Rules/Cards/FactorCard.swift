import Ingest
import Insights

/// Counts, per factor of one group, the resolved episodes where it was known and present.
struct FactorCard {
    let group: Factor.Group
    private let mask: UInt32
    private var count = [Int](repeating: 0, count: Factor.all.count)
    private var known = [Int](repeating: 0, count: Factor.all.count)

    init(group: Factor.Group) {
        self.group = group
        var m: UInt32 = 0
        for (i, f) in Factor.all.enumerated() where f.group == group { m |= 1 << UInt32(i) }
        mask = m
    }

    @inline(__always) mutating func add(_ e: ResolvedEpisode) {
        var bits = e.factors.known & mask
        while bits != 0 {
            let i = bits.trailingZeroBitCount
            known[i] += 1
            if e.factors.present & (1 << UInt32(i)) != 0 { count[i] += 1 }
            bits &= bits - 1
        }
    }

    /// The factors that pass the thresholds, most frequent share first (ties: count, then id).
    func stats(baseline: BaselineDays.Counts?, config: InsightsConfig) -> [FactorStat] {
        let t = config.thresholds, labels = t.frequencyLabels.highestFirst
        var out: [FactorStat] = []
        for (i, factor) in Factor.all.enumerated() where factor.group == group {
            let n = count[i], k = known[i]
            guard k >= t.factors.minKnown, n >= t.factors.minCount,
                  Int128(n) * 1_000_000 >= Int128(t.factors.minShare.millionths) * Int128(k) else { continue }
            let label = labels.first { Int128(n) * 1_000_000 >= Int128($0.minShare.millionths) * Int128(k) }
                ?? labels[labels.count - 1]
            let base = FactorEvaluator.dayRecords(factor.measure) ? baseline : nil
            out.append(FactorStat(factor: factor, count: n, known: k, share: RoundedNumber(Int128(n), Int128(k), places: 3),
                                  frequency: label, baselineCount: base?.count[i], baselineKnown: base?.known[i],
                                  association: nil))
        }
        return out.sorted {
            let l = Int128($0.count) * Int128($1.known), r = Int128($1.count) * Int128($0.known)
            if l != r { return l > r }
            if $0.count != $1.count { return $0.count > $1.count }
            return $0.id < $1.id
        }
    }
}
