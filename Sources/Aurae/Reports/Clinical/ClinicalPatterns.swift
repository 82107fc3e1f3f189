import Catalog
import Ingest
import Render
import ReportKit

/// The pattern section's wording, in a clinician's words.
struct PatternKeys: WordingKeySet {
    enum SleepColumn: String, CaseIterable { case group, episodes, severity, duration }
    let basis = WordingKey("clinical.patterns.basis", "episodes")
    let factorsTitle = WordingKey("clinical.patterns.factorsTitle")
    let factorsNote = WordingKey("clinical.patterns.factorsNote")
    let weatherTitle = WordingKey("clinical.patterns.weatherTitle")
    let weatherColumn = WordingKey("clinical.patterns.weatherColumn")
    let weatherCollecting = WordingKey("clinical.patterns.weatherCollecting", "min", "count")
    let sleepTitle = WordingKey("clinical.patterns.sleepTitle")
    let sleepColumns = WordingKeyFamily<SleepColumn>("clinical.patterns.sleepColumn")
    let sleepShort = WordingKey("clinical.patterns.sleepShort", "hours")
    let sleepTypical = WordingKey("clinical.patterns.sleepTypical", "hours")
    let severityValue = WordingKey("clinical.patterns.severityValue", "value")
    let sleepCollecting = WordingKey("clinical.patterns.sleepCollecting", "min")
    let dayOfWeekTitle = WordingKey("clinical.patterns.dayOfWeekTitle")
    let timeOfDayTitle = WordingKey("clinical.patterns.timeOfDayTitle")
    let timeBand = WordingKey("clinical.patterns.timeBand", "band", "from", "to")
    let weekdays = WordingKeyFamily<Int>("calendar.weekday", 1...7)

    var declaredKeys: [WordingKey] {
        keys(basis, factorsTitle, factorsNote, weatherTitle, weatherColumn, weatherCollecting,
             sleepTitle, sleepColumns, sleepShort, sleepTypical, severityValue, sleepCollecting,
             dayOfWeekTitle, timeOfDayTitle, timeBand, weekdays)
    }
}

extension ClinicalReport {
    /// The cards of the analysis as tables: factors with both counts and the result of the fair
    /// comparison, weather, sleep groups, day of week, time of day. Under the pattern threshold,
    /// one line for the whole section.
    func patternBlocks(_ c: Content) throws -> [Block] {
        let k = keys.patterns, g = keys.glance, f = c.format, r = c.insights
        var blocks = [try sectionHeading(.patterns, c)]
        guard r.status == .ready else {
            blocks.append(paragraph(try book.render(g.patternsProgress, ["min": String(config.thresholds.patterns.minResolvedEpisodes),
                                                                         "count": String(r.resolvedCount)]), c))
            return blocks
        }
        blocks.append(paragraph(try book.render(k.basis, ["episodes": f.episodes(r.resolvedCount)]), c, introduces: true))

        blocks.append(subheading(try book.render(k.factorsTitle), c))
        let factors = Self.ranked(r.factors.value ?? [])
        if factors.isEmpty {
            blocks.append(paragraph(try book.render(g.noFactors), c))
        } else {
            blocks += try factorTable(factors, c, before: g.factorColumns[.before])
        }
        if c.input.days == nil { blocks.append(paragraph(try book.render(g.withoutDays), c, caption: true)) }
        blocks.append(paragraph(try book.render(k.factorsNote), c, caption: true))

        blocks.append(subheading(try book.render(k.weatherTitle), c))
        switch r.weather {
        case .ready(let list) where !list.isEmpty: blocks += try factorTable(Self.ranked(list), c, before: k.weatherColumn)
        case .ready: blocks.append(paragraph(try book.render(g.noFactors), c))
        default:
            blocks.append(paragraph(try book.render(k.weatherCollecting, ["min": String(config.thresholds.weather.minResolvedEpisodes),
                                                                          "count": String(r.resolvedCount)]), c))
        }

        blocks.append(subheading(try book.render(k.sleepTitle), c))
        blocks += try sleepTable(c)

        if let counts = r.dayOfWeek.value {
            let days = try book.texts(of: k.weekdays)
            blocks.append(subheading(try book.render(k.dayOfWeekTitle), c))
            blocks.append(.table(table("episodes by day of the week", columns: counts.map { _ in TableColumn(.flexible(1), alignment: .center) },
                                       header: (1...7).map { days[$0] ?? String($0) }, rows: [TableRow(counts.map { TableCell(String($0)) })],
                                       c: c, zebra: false, rowHeaders: 0)))
        }
        if let bands = r.timeOfDay.value {
            let text = presenter.text
            let starts = config.thresholds.timeOfDay.earliestFirst
            let header = try bands.enumerated().map { i, band -> String in
                let from = starts.indices.contains(i) ? starts[i].fromMinute : 0
                let next = i + 1 < starts.count ? starts[i + 1].fromMinute : 24 * 60
                return try book.render(k.timeBand, ["band": try text.w.render(text.k.timeBands[band.name]),
                                                    "from": Self.clock(from), "to": Self.clock(next - 1)])
            }
            blocks.append(subheading(try book.render(k.timeOfDayTitle), c))
            blocks.append(.table(table("episodes by time of day", columns: bands.map { _ in TableColumn(.flexible(1), alignment: .center) },
                                       header: header, rows: [TableRow(bands.map { TableCell(String($0.count)) })], c: c, zebra: false,
                                       rowHeaders: 0)))
        }
        return blocks
    }

    /// "05:59".
    static func clock(_ minute: Int) -> String {
        let m = max(0, min(24 * 60 - 1, minute))
        return zeroPadded(m / 60, 2) + ":" + zeroPadded(m % 60, 2)
    }

    /// Episodes, mean severity and mean duration after short and after typical sleep, or the
    /// line saying each group needs more episodes.
    func sleepTable(_ c: Content) throws -> [Block] {
        let k = keys.patterns, f = c.format
        let hours = InsightsText.thresholdText(config.thresholds.sleep.shortSleepHours)
        guard let s = c.insights.sleep.value else {
            return [paragraph(try book.render(k.sleepCollecting, ["min": String(config.thresholds.sleep.minPerGroup)]), c)]
        }
        let names = try book.texts(of: k.sleepColumns)
        let rows = try [(k.sleepShort, s.short), (k.sleepTypical, s.typical)].map { key, group in
            TableRow([TableCell(try book.render(key, ["hours": hours])), TableCell(String(group.count)),
                      TableCell(try book.render(k.severityValue, ["value": group.meanSeverity.text])),
                      TableCell(try f.duration(nanoseconds: group.meanDuration))])
        }
        return [.table(table("sleep before headaches", columns: [
            TableColumn(.fixed(layout.factorTable.factorWidth)), TableColumn(.flexible(1), alignment: .trailing),
            TableColumn(.flexible(1), alignment: .trailing), TableColumn(.flexible(1), alignment: .trailing),
        ], header: PatternKeys.SleepColumn.allCases.map { names[$0] ?? $0.rawValue }, rows: rows, c: c))]
    }
}
