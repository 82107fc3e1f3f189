import Ingest
import Insights

/// One medication of a range as the clinical report lists it: the name as logged (entries
/// grouped case-insensitively, trimmed), its classes, the days it was logged on, and for an
/// acute one its ratings and time to resolution.
public struct MedicationUse: Sendable, Hashable {
    /// The spelling logged most often (ties: the first in code-point order).
    public let name: String
    /// The group key: trimmed, lower-cased.
    public let group: String
    /// The ICHD-3 class labels (each class of a product, "other acute" for an unknown one);
    /// empty for a preventive medication.
    public let classes: [String]
    /// Distinct local dates in the range (up to the as-of date) an entry was taken on, by the
    /// acute-medication day rule (`AcuteMedicationDays.day(of:onsetDate:)`).
    public let days: Int
    /// Acute entries with a rating, of episodes with onset in the range.
    public let ratings: Int
    /// Mean rating (1 decimal); `nil` without one.
    public let meanRating: RoundedNumber?
    /// Median time from taking it to the episode's resolution (entries with both, taken no
    /// later than resolved), in nanoseconds; `nil` without one.
    public let medianToResolution: Int128?
}

/// The medications of a range, acute ones and preventive (or daily) ones apart, by the one
/// acute-entry rule (`AcuteMedicationDays.acuteClass`): an acute entry is taken for headache
/// relief; a preventive one (`isAcute` false, or empty with a preventive name) is listed with the
/// days it was logged on only: its ratings and times mean nothing for a headache.
public struct MedicationUseList: Sendable, Hashable {
    /// Most days first, then most ratings, then by name.
    public let acute: [MedicationUse]
    public let preventive: [MedicationUse]

    /// Every entry of `logs` taken in `from...to` (up to `asOf`) counts its day; ratings and
    /// times come from the episodes with onset in the range.
    public init(logs: [HeadacheLog], from: LocalDate, to: LocalDate, asOf: LocalDate, config: InsightsConfig) {
        struct Acc {
            var spellings: [String: Int] = [:]
            var classes: [Int] = []
            var days: Set<LocalDate> = []
            var ratings = 0
            var ratingSum: Int128 = 0
            var durations: [Int128] = []
        }
        var classifier = MedicationClassifier(config: config)
        var acute: [String: Acc] = [:], preventive: [String: Acc] = [:]
        let last = min(to, asOf)
        for log in logs where !log.retrospective.medications.isEmpty {
            let onset = log.onsetAt.localDate
            let episodeInRange = onset >= from && onset <= last
            for entry in log.retrospective.medications {
                let date = AcuteMedicationDays.day(of: entry, onsetDate: onset)
                let inRange = date >= from && date <= last
                guard inRange || episodeInRange else { continue }
                let info = AcuteMedicationDays.acuteClass(of: entry, classifier: &classifier)
                let i = classifier.index(of: entry.name)
                let group = classifier.infos[i].groupName
                guard !group.isEmpty else { continue }
                let spelling = MedicationClassifier.trim(entry.name)
                if let info {
                    var a = acute[group] ?? Acc()
                    a.classes = info.classes
                    if inRange { a.days.insert(date); a.spellings[spelling, default: 0] += 1 }
                    if episodeInRange {
                        if let v = entry.effectiveness { a.ratings += 1; a.ratingSum += Int128(v) }
                        if let t = entry.takenAt, let end = log.resolvedAt {
                            let d = elapsedNanoseconds(from: t, to: end)
                            if d >= 0 { a.durations.append(d) }
                        }
                        if a.spellings.isEmpty { a.spellings[spelling, default: 0] += 1 }
                    }
                    acute[group] = a
                } else if inRange {
                    var p = preventive[group] ?? Acc()
                    p.days.insert(date); p.spellings[spelling, default: 0] += 1
                    preventive[group] = p
                }
            }
        }
        func use(_ group: String, _ a: Acc, acute: Bool) -> MedicationUse {
            let name = a.spellings.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key ?? group
            return MedicationUse(
                name: name, group: group, classes: acute ? a.classes.map(config.medications.classLabel) : [], days: a.days.count,
                ratings: a.ratings, meanRating: a.ratings > 0 ? RoundedNumber(a.ratingSum, Int128(a.ratings), places: 1) : nil,
                medianToResolution: HeadacheInsights.medianNanoseconds(a.durations))
        }
        func order(_ x: MedicationUse, _ y: MedicationUse) -> Bool {
            if x.days != y.days { return x.days > y.days }
            if x.ratings != y.ratings { return x.ratings > y.ratings }
            return x.group < y.group
        }
        self.acute = acute.map { use($0.key, $0.value, acute: true) }.sorted(by: order)
        self.preventive = preventive.filter { !$0.value.days.isEmpty }.map { use($0.key, $0.value, acute: false) }.sorted(by: order)
    }
}
