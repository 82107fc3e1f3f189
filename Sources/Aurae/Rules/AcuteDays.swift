import Ingest
import Insights

/// Classifies medication names by their first word, case-insensitively, with a cache keyed by
/// the raw name so that repeated names cost one hash lookup and no allocation: the one place a
/// name gets its ICHD-3 class (or "other acute") and is found preventive, for the acute days
/// below, the medication ratings' name groups and the episode details' class label. Whether an
/// entry counts as acute, and on which day, is `AcuteMedicationDays`'s rule.
struct MedicationClassifier {
    struct Info { let preventive: Bool; let classIndex: Int; let firstWord: String; let groupName: String }
    let config: InsightsConfig
    private var cache: [String: Int] = [:]
    private(set) var infos: [Info] = []

    init(config: InsightsConfig) { self.config = config }

    /// Index into `infos` for a raw entry name.
    mutating func index(of name: String) -> Int {
        if let i = cache[name] { return i }
        let trimmed = MedicationClassifier.trim(name)
        let group = trimmed.lowercased()
        let first = String(group.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).first ?? "")
        var cls = config.medications.ichd3Classes.count  // other acute
        for (i, c) in config.medications.ichd3Classes.enumerated() where c.names.contains(first) { cls = i; break }
        let info = Info(preventive: config.medications.preventive.contains(first), classIndex: cls,
                        firstWord: first, groupName: group)
        infos.append(info)
        cache[name] = infos.count - 1
        return infos.count - 1
    }

    static func trim(_ s: String) -> String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let start = s.firstIndex(where: { !isSpace($0) }),
              let end = s.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(s[start...end])
    }
}

/// The acute-medication days of a window of dates, by ICHD-3 class: the one place the rule is
/// written. Three views read it — the medication-overuse awareness (`overuse(asOf:config:)`, the
/// summary's and the insights' safety item), the ICHD-3 class table (`classMonths(asOf:config:)`,
/// the insights card and the clinical safety section) and the clinical calendar's acute mark
/// (`HeadacheInsights.acuteMedicationDays`).
///
/// The rule (`add`): a medication entry's day is the local date of its `takenAt` in that
/// timestamp's own UTC offset, else the local date of its episode's onset. The entry counts when
/// `isAcute` is true, or empty with a name that is not preventive; `isAcute` = false never
/// counts. Its class is the ICHD-3 class of its name, "other acute" for an unknown one (both
/// decided by `MedicationClassifier`, by the name's first word). Only days in `first...last`
/// count, each day once per class however many entries fall on it.
struct AcuteMedicationDays {
    /// One acute-medication day of one class.
    struct Mark: Hashable {
        let date: LocalDate
        /// Index into the config's classes; `classCount - 1` is "other acute".
        let classIndex: Int
    }

    /// The first and last date that count.
    let first: LocalDate
    let last: LocalDate
    /// The config's ICHD-3 classes and "other acute", last.
    let classCount: Int
    private(set) var marks: Set<Mark> = []
    /// The days of any class.
    private(set) var days: Set<LocalDate> = []
    /// The other-acute names (lower-cased, trimmed) by day.
    private var otherNames: [LocalDate: Set<String>] = [:]

    init(from first: LocalDate, through last: LocalDate, config: InsightsConfig) {
        self.first = first
        self.last = last
        classCount = config.medications.ichd3Classes.count + 1
    }

    /// The window of the calendar month of `asOf` and the `months - 1` before it, through `asOf`:
    /// with 3 months what the analysis keeps (the class table; the overuse awareness reads the
    /// last), with 1 what the overuse awareness alone needs.
    static func window(months: Int, through asOf: LocalDate, config: InsightsConfig) -> AcuteMedicationDays {
        let m = YearMonth(index: YearMonth(asOf).index - (months - 1))
        let start = LocalDate(daysSinceEpoch: Int32(clamping: LocalDate.daysFromCivil(year: m.year, month: m.month, day: 1)))
        return AcuteMedicationDays(from: start, through: asOf, config: config)
    }

    /// The local date an entry of an episode with onset date `onsetDate` is taken on.
    @inline(__always)
    static func day(of entry: MedicationEntry, onsetDate: LocalDate) -> LocalDate {
        entry.takenAt?.localDate ?? onsetDate
    }

    /// The classification of `entry` when it counts as acute (its class index and name group),
    /// `nil` when it does not.
    @inline(__always)
    static func acuteClass(of entry: MedicationEntry, classifier: inout MedicationClassifier) -> MedicationClassifier.Info? {
        if entry.isAcute == false { return nil }
        let i = classifier.index(of: entry.name)  // may add to `infos`: read them after
        let info = classifier.infos[i]
        if entry.isAcute == nil && info.preventive { return nil }
        return info
    }

    /// Marks the acute-medication days of `log`'s entries (`onsetDate`: the local date of its onset).
    mutating func add(_ log: HeadacheLog, onsetDate: LocalDate, classifier: inout MedicationClassifier) {
        for entry in log.retrospective.medications {
            let date = Self.day(of: entry, onsetDate: onsetDate)
            guard date >= first && date <= last, let info = Self.acuteClass(of: entry, classifier: &classifier) else { continue }
            marks.insert(Mark(date: date, classIndex: info.classIndex))
            days.insert(date)
            if info.classIndex == classCount - 1 { otherNames[date, default: []].insert(info.groupName) }
        }
    }

    /// Feeds every log of `logs`, with a classifier of its own.
    mutating func add(_ logs: [HeadacheLog], config: InsightsConfig) {
        guard first <= last else { return }
        var classifier = MedicationClassifier(config: config)
        for log in logs where !log.retrospective.medications.isEmpty {
            add(log, onsetDate: log.onsetAt.localDate, classifier: &classifier)
        }
    }

    // MARK: Views

    /// The overuse awareness: distinct days of any class in the calendar month of `asOf`, up to
    /// `asOf` (the window must hold that month). An as-of date outside the years 1–9999 (only at
    /// the saturated ends of `LocalDate`) counts none and never warns.
    func overuse(asOf: LocalDate, config: InsightsConfig) -> MedicationOveruse {
        let month = YearMonth(asOf)
        guard (1...9999).contains(month.year) else { return MedicationOveruse(month: month, acuteDays: 0, warning: false) }
        var count = 0
        for d in days where d <= asOf && YearMonth(d) == month { count += 1 }
        return MedicationOveruse(month: month, acuteDays: count, warning: count >= config.thresholds.medicationOveruse.acuteDaysWarning)
    }

    /// The class table: for the calendar month of `asOf` and the two before it (oldest first),
    /// the distinct days of each class up to `asOf` (the window must hold those months), "other
    /// acute" last with its names, sorted.
    func classMonths(asOf: LocalDate, config c: InsightsConfig) -> [MonthClassDays] {
        let firstMonth = YearMonth(asOf).index - 2
        func slot(_ d: LocalDate) -> Int? {
            guard d <= asOf else { return nil }
            let k = YearMonth(d).index - firstMonth
            return k >= 0 && k < 3 ? k : nil
        }
        var counts = [Int](repeating: 0, count: 3 * classCount)
        for m in marks {
            if let k = slot(m.date), m.classIndex >= 0 && m.classIndex < classCount { counts[k * classCount + m.classIndex] += 1 }
        }
        var names: [Set<String>] = [[], [], []]
        for (d, set) in otherNames { if let k = slot(d) { names[k].formUnion(set) } }
        return (0..<3).map { k in
            var classes: [ClassDays] = c.medications.ichd3Classes.prefix(classCount - 1).enumerated().map { ci, cls in
                let days = counts[k * classCount + ci]
                return ClassDays(id: cls.id, label: cls.label, days: days, referenceDays: cls.referenceDays,
                                 atOrAboveReference: days >= cls.referenceDays, names: [])
            }
            classes.append(ClassDays(id: c.medications.otherAcute.id, label: c.medications.otherAcute.label,
                                     days: counts[k * classCount + classCount - 1],
                                     referenceDays: nil, atOrAboveReference: false, names: names[k].sorted()))
            return MonthClassDays(month: YearMonth(index: firstMonth + k), classes: classes)
        }
    }
}

extension HeadacheInsights {
    /// The calendar's view: the local dates in `from...to` with an acute-medication entry among
    /// `logs` (`AcuteMedicationDays`). Empty when `to` is before `from`.
    public static func acuteMedicationDays(_ logs: [HeadacheLog], from: LocalDate, to: LocalDate,
                                           config: InsightsConfig) -> Set<LocalDate> {
        var acute = AcuteMedicationDays(from: from, through: to, config: config)
        acute.add(logs, config: config)
        return acute.days
    }

    /// The overuse awareness for the calendar month of `asOf` over `logs` (every tier; the
    /// summary's safety item): distinct acute-medication days (`AcuteMedicationDays`) in that
    /// month, never after `asOf`; a warning from `acuteDaysWarning` days.
    public static func medicationOveruse(_ logs: [HeadacheLog], asOf: LocalDate,
                                         config: InsightsConfig) -> MedicationOveruse {
        var acute = AcuteMedicationDays.window(months: 1, through: asOf, config: config)
        acute.add(logs, config: config)
        return acute.overuse(asOf: asOf, config: config)
    }
}
