import Ingest
import Insights

/// Gives a logged medication name its ICHD-3 classes: the one place a name is classified, for
/// the acute days below (the overuse awareness, the class table, the calendar's mark), the
/// medication tables' name groups and the episode details' class label. Whether an entry counts
/// as acute, and on which day, is `AcuteMedicationDays`'s rule.
///
/// A name is cut into the components of a product at "/", "+", "&" and the word "with"; each
/// component is matched, case-insensitively, by its longest known prefix of whole words
/// (`Medications.lookup`: generic, brand and product names), words after it (a dose, "ODT",
/// "Migraine") left aside, and a known name that itself holds a separator ("Tylenol with
/// Codeine") taken whole. A component of no letter (the "30/500" of a dose) is part of the one
/// before it. A component no name matches is "other acute", listed under its own words, never
/// guessed. In one product an analgesic with a companion (an adjuvant such as caffeine or
/// butalbital, or an opioid) is one combination analgesic; two simple analgesics stay simple
/// analgesics; any other component counts for its own class. Results are cached by the raw
/// name, so a repeated name costs one hash lookup.
struct MedicationClassifier {
    struct Info {
        /// Every component is a preventive name (an entry with `isAcute` empty is then not acute).
        let preventive: Bool
        /// The classes an acute entry of this name counts in: indices into the config's classes,
        /// `otherIndex` for other acute; sorted, none twice.
        let classes: [Int]
        /// The components counted as other acute, lower-cased words, in the order logged.
        let otherNames: [String]
        /// The trimmed, lower-cased name: how the medication tables group entries.
        let groupName: String
    }
    let config: InsightsConfig
    /// The index of "other acute" (after the config's classes).
    let otherIndex: Int
    private var cache: [String: Int] = [:]
    private(set) var infos: [Info] = []

    init(config: InsightsConfig) {
        self.config = config
        otherIndex = config.medications.ichd3Classes.count
    }

    /// Index into `infos` for a raw entry name.
    mutating func index(of name: String) -> Int {
        if let i = cache[name] { return i }
        infos.append(Self.classify(name, config.medications, otherIndex: otherIndex))
        cache[name] = infos.count - 1
        return infos.count - 1
    }

    /// What one component of a product is.
    enum Component: Equatable {
        case known(Medications.Kind)
        case unknown(String)
    }

    /// The components of `name`, matched against the table.
    static func components(_ name: String, _ table: Medications) -> [Component] {
        let words = MedicationName.words(name)
        var out: [Component] = []
        var i = 0
        while i < words.count {
            if MedicationName.isSeparator(words[i]) { i += 1; continue }
            var end = i
            var found: Medications.Kind? = nil
            var k = min(table.longestName, words.count - i)
            while k >= 1 {
                if let kind = table.lookup[words[i..<(i + k)].joined(separator: " ")] { found = kind; end = i + k; break }
                k -= 1
            }
            // The rest of the component (dose words, a form) up to the next separator; a part of
            // no letter after a separator ("30/500") still belongs to this component.
            var j = found == nil ? i : end
            while j < words.count {
                if MedicationName.isSeparator(words[j]) {
                    let next = j + 1
                    if next < words.count, !MedicationName.isSeparator(words[next]), !words[next].contains(where: \.isLetter) {
                        j = next + 1
                        continue
                    }
                    break
                }
                j += 1
            }
            if let found {
                out.append(.known(found))
            } else if words[i..<j].contains(where: { $0.contains(where: \.isLetter) }) {
                out.append(.unknown(words[i..<j].filter { !MedicationName.isSeparator($0) }.joined(separator: " ")))
            }
            i = j
        }
        return out
    }

    static func classify(_ name: String, _ table: Medications, otherIndex: Int) -> Info {
        let group = trim(name).lowercased()
        let parts = components(name, table)
        var classes: [Int] = [], other: [String] = [], adjuvant = false
        var preventive = !parts.isEmpty
        func add(_ kind: Medications.Kind) {
            switch kind {
            case .preventive: return
            case .adjuvant: adjuvant = true
            case .medicationClass(let i): classes.append(i)
            case .product(let kinds): kinds.forEach(add)
            }
            preventive = false
        }
        for part in parts {
            switch part {
            case .known(let kind): add(kind)
            case .unknown(let words): other.append(words); preventive = false
            }
        }
        // One product of an analgesic and a companion is one combination analgesic.
        let analgesic = classes.contains { table.analgesicClasses.contains($0) }
        let companion = adjuvant || classes.contains { table.companionClasses.contains($0) }
        if analgesic && companion {
            classes = classes.filter { !table.analgesicClasses.contains($0) && !table.companionClasses.contains($0) }
            classes.append(table.combinationClass)
        } else if classes.isEmpty && other.isEmpty && adjuvant {
            other.append(group)  // an adjuvant alone is no class
        }
        // A name of no letter at all ("", "5") is other acute too, listed as logged; so is a
        // preventive one logged as taken for headache relief.
        if (parts.isEmpty || preventive) && !group.isEmpty { other.append(group) }
        if !other.isEmpty || parts.isEmpty { classes.append(otherIndex) }
        return Info(preventive: preventive, classes: Array(Set(classes)).sorted(), otherNames: other, groupName: group)
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
/// counts. It counts in each class of its name, "other acute" for an unknown component (both
/// decided by `MedicationClassifier`: brand names, products and their components). Only days in
/// `first...last` count, each day once per class however many entries fall on it.
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
            for c in info.classes { marks.insert(Mark(date: date, classIndex: c)) }
            days.insert(date)
            if !info.otherNames.isEmpty { otherNames[date, default: []].formUnion(info.otherNames) }
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
        let first = YearMonth(asOf).index - 2
        return classMonths((0..<3).map { YearMonth(index: first + $0) }, through: asOf, config: c)
    }

    /// The distinct days of each class in each of `months` (in the window, up to `last`), with
    /// the other-acute names of each month.
    func classMonths(_ months: [YearMonth], through last: LocalDate, config c: InsightsConfig) -> [MonthClassDays] {
        var slotOf: [YearMonth: Int] = [:]
        for (k, m) in months.enumerated() where slotOf[m] == nil { slotOf[m] = k }
        func slot(_ d: LocalDate) -> Int? { d <= last ? slotOf[YearMonth(d)] : nil }
        var counts = [Int](repeating: 0, count: months.count * classCount)
        for m in marks {
            if let k = slot(m.date), m.classIndex >= 0 && m.classIndex < classCount { counts[k * classCount + m.classIndex] += 1 }
        }
        var names = [Set<String>](repeating: [], count: months.count)
        for (d, set) in otherNames { if let k = slot(d) { names[k].formUnion(set) } }
        return months.indices.map { k in
            var classes: [ClassDays] = c.medications.ichd3Classes.prefix(classCount - 1).enumerated().map { ci, cls in
                let days = counts[k * classCount + ci]
                return ClassDays(id: cls.id, label: cls.label, days: days, referenceDays: cls.referenceDays,
                                 atOrAboveReference: cls.referenceDays.map { days >= $0 } ?? false, names: [])
            }
            classes.append(ClassDays(id: c.medications.otherAcute.id, label: c.medications.otherAcute.label,
                                     days: counts[k * classCount + classCount - 1],
                                     referenceDays: nil, atOrAboveReference: false, names: names[k].sorted()))
            return MonthClassDays(month: months[k], classes: classes)
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

extension HeadacheInsights {
    /// The ICHD-3 class labels `entry` counts in (each class of a product, "other acute" for an
    /// unknown component), by the one acute-entry rule; empty when it is not an acute entry.
    public static func medicationClassLabels(_ entry: MedicationEntry, config: InsightsConfig) -> [String] {
        var classifier = MedicationClassifier(config: config)
        return AcuteMedicationDays.acuteClass(of: entry, classifier: &classifier)?.classes.map(config.medications.classLabel) ?? []
    }
}

extension Medications {
    /// The label of class `index` ("other acute" past the classes).
    func classLabel(_ index: Int) -> String {
        ichd3Classes.indices.contains(index) ? ichd3Classes[index].label : otherAcute.label
    }
}
