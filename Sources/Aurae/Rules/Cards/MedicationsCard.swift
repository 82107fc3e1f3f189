import Ingest
import Insights

/// Each medication (by lower-cased trimmed name): times taken, ratings and hours from taking it
/// to the episode's resolution.
struct MedicationsCard {
    private var groupOfInfo: [Int] = []
    private var groupIndex: [String: Int] = [:]
    private var names: [String] = []
    private var taken: [Int] = [], rated: [Int] = [], effectivenessSum: [Int128] = []
    private var durations: [[Int128]] = []

    mutating func add(_ e: ResolvedEpisode, classifier: inout MedicationClassifier) {
        for entry in e.log.retrospective.medications {
            let ii = classifier.index(of: entry.name)
            while groupOfInfo.count < classifier.infos.count { groupOfInfo.append(-1) }
            var g = groupOfInfo[ii]
            if g < 0 {
                let name = classifier.infos[ii].groupName
                if let existing = groupIndex[name] { g = existing } else {
                    g = names.count; groupIndex[name] = g; names.append(name)
                    taken.append(0); rated.append(0); effectivenessSum.append(0); durations.append([])
                }
                groupOfInfo[ii] = g
            }
            taken[g] += 1
            if let v = entry.effectiveness { rated[g] += 1; effectivenessSum[g] += Int128(v) }
            if let t = entry.takenAt {
                let d = elapsedNanoseconds(from: t, to: e.resolvedAt)
                if d >= 0 { durations[g].append(d) }
            }
        }
    }

    /// Most taken first, ties by name; entries without a name are left out.
    func ratings() -> [MedicationRating] {
        var out: [MedicationRating] = []
        for g in names.indices where !names[g].isEmpty {
            var median: RoundedNumber? = nil
            let ds = durations[g].sorted()
            if !ds.isEmpty {
                let m = ds.count / 2
                median = ds.count % 2 == 1
                    ? RoundedNumber(ds[m], 3_600_000_000_000, places: 1)
                    : RoundedNumber(ds[m - 1] + ds[m], 7_200_000_000_000, places: 1)
            }
            out.append(MedicationRating(name: names[g], timesTaken: taken[g], ratedCount: rated[g],
                                        meanEffectiveness: rated[g] > 0 ? RoundedNumber(effectivenessSum[g], Int128(rated[g]), places: 1) : nil,
                                        medianHoursToResolution: median))
        }
        return out.sorted { $0.timesTaken != $1.timesTaken ? $0.timesTaken > $1.timesTaken : $0.name < $1.name }
    }
}
