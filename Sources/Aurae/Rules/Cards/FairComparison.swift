import Ingest
import Insights

/// The fair comparison: a one-sided Fisher exact test per shown factor with a baseline, and
/// Benjamini–Hochberg across every factor tested on both cards.
enum FairComparison {
    static func apply(_ cards: inout [[FactorStat]], config: InsightsConfig) {
        let c = config.thresholds.association
        var tested: [(card: Int, index: Int, p: Double)] = []
        for card in cards.indices {
            for (j, f) in cards[card].enumerated() {
                guard let bc = f.baselineCount, let bk = f.baselineKnown else { continue }
                let a = f.count, b = f.known - f.count, cc = bc, d = bk - bc
                if a + cc >= c.minExposedDays && b + d >= c.minUnexposedDays {
                    tested.append((card, j, Statistics.fisherGreater(a: a, b: b, c: cc, d: d)))
                } else {
                    cards[card][j].association = Association(tested: false, p: nil, q: nil, supported: false)
                }
            }
        }
        let q = Statistics.benjaminiHochberg(tested.map { $0.p })
        for (t, qv) in zip(tested, q) {
            cards[t.card][t.index].association = Association(tested: true, p: t.p, q: qv, supported: qv < c.maxQ)
        }
    }
}
