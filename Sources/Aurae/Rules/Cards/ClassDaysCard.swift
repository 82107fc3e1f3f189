import Ingest
import Insights

/// Acute-medication days per ICHD-3 class in the as-of month and the two before (distinct days,
/// never after the as-of date). Fed with every log.
struct ClassDaysCard {
    let asOf: LocalDate
    private let firstMonth: Int
    private let classCount: Int
    private var monthStarts: [LocalDate] = []
    private var masks: [UInt32]
    private var otherNames: [Set<String>] = [[], [], []]

    init(asOf: LocalDate, classCount: Int) {
        self.asOf = asOf
        firstMonth = YearMonth(asOf).index - 2
        self.classCount = classCount + 1  // + other acute
        masks = [UInt32](repeating: 0, count: 3 * (classCount + 1))
        for k in 0..<3 {
            let m = YearMonth(index: firstMonth + k)
            let first = LocalDate.daysFromCivil(year: m.year, month: m.month, day: 1)
            monthStarts.append(LocalDate(daysSinceEpoch: Int32(clamping: first)))
        }
    }

    mutating func add(_ log: HeadacheLog, onsetDate: LocalDate, classifier: inout MedicationClassifier) {
        for entry in log.retrospective.medications {
            if entry.isAcute == false { continue }
            let d = entry.takenAt?.localDate ?? onsetDate
            guard d <= asOf else { continue }
            let k = YearMonth(d).index - firstMonth
            guard k >= 0 && k < 3 else { continue }
            let day = d - monthStarts[k]
            guard day >= 0 && day < 32 else { continue }  // only at the saturated ends of LocalDate
            let i = classifier.index(of: entry.name)
            let info = classifier.infos[i]
            if entry.isAcute == nil && info.preventive { continue }
            masks[k * classCount + info.classIndex] |= 1 << UInt32(day)
            if info.classIndex == classCount - 1 { otherNames[k].insert(info.groupName) }
        }
    }

    func months(config c: InsightsConfig) -> [MonthClassDays] {
        (0..<3).map { k in
            var classes: [ClassDays] = c.classes.enumerated().map { ci, cls in
                let days = masks[k * classCount + ci].nonzeroBitCount
                return ClassDays(id: cls.id, label: cls.label, days: days, referenceDays: cls.referenceDays,
                                 atOrAboveReference: days >= cls.referenceDays, names: [])
            }
            classes.append(ClassDays(id: c.otherAcuteId, label: c.otherAcuteLabel,
                                     days: masks[k * classCount + classCount - 1].nonzeroBitCount,
                                     referenceDays: nil, atOrAboveReference: false, names: otherNames[k].sorted()))
            return MonthClassDays(month: YearMonth(index: firstMonth + k), classes: classes)
        }
    }
}
