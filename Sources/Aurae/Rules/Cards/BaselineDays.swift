import Ingest
import Insights

/// The fair comparison's baseline: factor counts on the headache-free days of the daily-context
/// file (no onset that day or the next), fed with every episode's onset date.
struct BaselineDays {
    /// Per factor (by `Factor.all` position): headache-free days where it was present and known.
    struct Counts { var count: [Int]; var known: [Int] }

    let days: [DayContext]
    private var onsetBits: [UInt64] = []
    /// The days the bits cover: the file's days inside the window, and the day after the last.
    private var lo = 0, hi = -1

    /// Onset bits for the file's days from `from` to `to` (the only days `counts` reads), so their
    /// size is bounded by the window, whatever dates the file holds.
    init(days: [DayContext], from: LocalDate, to: LocalDate) {
        self.days = days
        var mn = Int(to.daysSinceEpoch) + 1, mx = Int(from.daysSinceEpoch) - 1
        for d in days where d.date >= from && d.date <= to {
            mn = min(mn, Int(d.date.daysSinceEpoch)); mx = max(mx, Int(d.date.daysSinceEpoch))
        }
        guard mn <= mx else { return }
        lo = mn; hi = mx + 1
        onsetBits = [UInt64](repeating: 0, count: (hi - lo) / 64 + 1)
    }

    @inline(__always) mutating func add(onset d: LocalDate) {
        let day = Int(d.daysSinceEpoch)
        guard day >= lo && day <= hi else { return }
        let k = day - lo
        onsetBits[k >> 6] |= 1 << UInt64(k & 63)
    }

    private func hasOnset(_ d: Int) -> Bool {
        guard d >= lo && d <= hi else { return false }
        let k = d - lo
        return onsetBits[k >> 6] & (1 << UInt64(k & 63)) != 0
    }

    /// Counts over the headache-free days from `from` to `to`.
    func counts(from: LocalDate, to: LocalDate, evaluator: FactorEvaluator) -> Counts {
        var out = Counts(count: [Int](repeating: 0, count: Factor.all.count), known: [Int](repeating: 0, count: Factor.all.count))
        for d in days where d.date >= from && d.date <= to {
            let day = Int(d.date.daysSinceEpoch)
            if hasOnset(day) || hasOnset(day + 1) { continue }
            let bits = evaluator.evaluate(d)
            for i in Factor.all.indices where bits.known & (1 << UInt32(i)) != 0 {
                out.known[i] += 1
                if bits.present & (1 << UInt32(i)) != 0 { out.count[i] += 1 }
            }
        }
        return out
    }
}
