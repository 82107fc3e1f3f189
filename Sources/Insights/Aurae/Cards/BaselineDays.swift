import Ingest

/// The fair comparison's baseline: factor counts on the headache-free days of the daily-context
/// file (no onset that day or the next), fed with every episode's onset date.
struct BaselineDays {
    /// Per factor (by `Factor.all` position): headache-free days where it was present and known.
    struct Counts { var count: [Int]; var known: [Int] }

    let days: [DayContext]
    private var onsetBits: [UInt64] = []
    private var lo: Int32 = 0, hi: Int32 = -1

    init(days: [DayContext]) {
        self.days = days
        guard let first = days.first else { return }
        var mn = first.date.daysSinceEpoch, mx = mn
        for d in days { mn = min(mn, d.date.daysSinceEpoch); mx = max(mx, d.date.daysSinceEpoch) }
        lo = mn; hi = mx + 1
        onsetBits = [UInt64](repeating: 0, count: Int(hi - lo) / 64 + 1)
    }

    @inline(__always) mutating func add(onset d: LocalDate) {
        let day = d.daysSinceEpoch
        guard day >= lo && day <= hi else { return }
        let k = Int(day - lo)
        onsetBits[k >> 6] |= 1 << UInt64(k & 63)
    }

    private func hasOnset(_ d: Int32) -> Bool {
        guard d >= lo && d <= hi else { return false }
        let k = Int(d - lo)
        return onsetBits[k >> 6] & (1 << UInt64(k & 63)) != 0
    }

    /// Counts over the headache-free days from `from` to `to`.
    func counts(from: LocalDate, to: LocalDate, evaluator: FactorEvaluator) -> Counts {
        var out = Counts(count: [Int](repeating: 0, count: Factor.all.count), known: [Int](repeating: 0, count: Factor.all.count))
        for d in days where d.date >= from && d.date <= to {
            if hasOnset(d.date.daysSinceEpoch) || hasOnset(d.date.daysSinceEpoch + 1) { continue }
            let bits = evaluator.evaluate(d)
            for i in Factor.all.indices where bits.known & (1 << UInt32(i)) != 0 {
                out.known[i] += 1
                if bits.present & (1 << UInt32(i)) != 0 { out.count[i] += 1 }
            }
        }
        return out
    }
}
