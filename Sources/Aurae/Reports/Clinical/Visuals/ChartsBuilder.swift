import Catalog
import Ingest
import Render
import ReportKit

/// The charts section's blocks, each under a level-2 heading: headache days per month (per week
/// for ranges under `weeklyUnderDays`) with partial periods hatched and the trend over whole
/// periods only; the severity distribution; acute-medication days per month for each class used,
/// with its ICHD-3 reference line; episodes around logged menstrual starts. Counts come from the
/// report's `DayFacts`, the class months and the analysis; nothing is derived twice.
struct ChartsBuilder {
    let visuals: ClinicalVisuals
    let data: ClinicalVisualData

    var k: ClinicalVisuals.Keys { visuals.keys }
    var clinical: Thresholds.Clinical { visuals.config.thresholds.clinical }

    func blocks() throws -> [Block] {
        try headacheDays() + severity() + classes() + cycle()
    }

    private func chart(_ orientation: Chart.Orientation, _ bars: [Chart.Bar], line: [Double]? = nil,
                       valueAxis: String, categoryAxis: String, minimumTop: Double = 1,
                       references: [Chart.ReferenceLine] = [], plotHeight: Double? = nil, alternativeText: String) throws -> Block {
        var style = visuals.chartStyle
        if let plotHeight { style.plotHeight = plotHeight }
        var c = Chart(orientation: orientation, bars: bars, line: line, lineLabel: line == nil ? nil : try visuals.text(k.trend),
                      valueAxisTitle: valueAxis, categoryAxisTitle: categoryAxis,
                      emptyMessage: try visuals.text(k.noData), valueAxisMinimumTop: minimumTop,
                      style: style, spaceAfter: visuals.layout.charts.spaceAfter, alternativeText: alternativeText)
        c.referenceLines = references
        return .chart(c)
    }

    /// Whether the range is charted by week (shorter than `weeklyUnderDays`).
    static func weekly(from: LocalDate, to: LocalDate, underDays: Int) -> Bool { to - from + 1 < underDays }

    /// The periods of the chart: weeks or months of the range, each covered where it has data.
    var periods: (weekly: Bool, list: [ReportPeriod]) {
        let weekly = Self.weekly(from: data.from, to: data.to, underDays: clinical.weeklyUnderDays)
        return (weekly, weekly ? ReportPeriod.weeks(from: data.from, to: data.to, data: data.data) : data.months)
    }

    /// A period's label as drawn under its bar — "May 2026", "Jul 2026 1–15" for a month covered
    /// in part, "4 May" for a week (by its Monday) — or, `spoken`, as a listener hears it in the
    /// chart's alternative text: "June 2026", "July 2026 (days 1–15 only)", "week of 4 May",
    /// "week of 15 February (17 Feb 2027 to 21 Feb 2027 only)" for a week covered in part.
    func label(_ p: ReportPeriod, spoken: Bool = false) throws -> String {
        let f = visuals.format, a = k.alt
        switch p.kind {
        case .week(let monday):
            let c = monday.components
            let day = String(c.day), month = spoken ? f.longMonth(c.month) : try f.shortMonth(c.month)
            guard spoken, let covered = p.covered, !p.isWhole else {
                return try visuals.book.render(spoken ? a.week : k.weekLabel, ["day": day, "month": month])
            }
            return covered.lowerBound == covered.upperBound
                ? try visuals.book.render(a.partialWeekOneDay, ["day": day, "month": month, "date": try f.date(covered.lowerBound)])
                : try visuals.book.render(a.partialWeek, ["day": day, "month": month, "from": try f.date(covered.lowerBound),
                                                          "to": try f.date(covered.upperBound)])
        case .month(let m):
            let month = spoken ? try f.monthYear(year: m.year, month: m.month) : try f.shortMonthYear(year: m.year, month: m.month)
            guard let covered = p.covered, !p.isWhole else { return month }
            let first = covered.lowerBound.components.day, last = covered.upperBound.components.day
            return first == last
                ? try visuals.book.render(spoken ? a.partialMonthOneDay : k.partialMonthLabelOneDay, ["month": month, "day": String(first)])
                : try visuals.book.render(spoken ? a.partialMonth : k.partialMonthLabel,
                                          ["month": month, "first": String(first), "last": String(last)])
        }
    }

    /// The bars of `periods` as a listener hears them: each period and its value ("no data"
    /// for a period the data does not cover).
    func spokenBars(_ periods: [ReportPeriod], _ bars: [Chart.Bar]) throws -> String {
        try visuals.spokenBars(zip(periods, bars).map { p, bar in (try label(p, spoken: true), p.covered == nil ? nil : bar.valueText) })
    }

    /// One bar per period of `value` over its covered days: hatched when covered in part, "—"
    /// and no bar when not covered at all.
    func bars(_ periods: [ReportPeriod], value: (ReportPeriod, ClosedRange<LocalDate>) -> Int) throws -> [Chart.Bar] {
        try periods.map { p in
            guard let covered = p.covered else {
                return Chart.Bar(label: try label(p), value: 0, valueText: visuals.format.none)
            }
            let v = value(p, covered)
            var bar = Chart.Bar(label: try label(p), value: Double(v), valueText: String(v))
            bar.hatched = !p.isWhole
            return bar
        }
    }

    /// Headache days per period, with the least-squares trend over whole periods only (from the
    /// pattern threshold and `minTrendPeriods` whole periods).
    func headacheDays() throws -> [Block] {
        let (weekly, periods) = self.periods
        var out = [try visuals.subheading(weekly ? k.headacheDaysWeekHeading : k.headacheDaysMonthHeading)]
        var bars = try self.bars(periods) { _, c in data.facts.figures(from: c.lowerBound, to: c.upperBound).headacheDays }
        if !periods.contains(where: { $0.covered != nil }) { bars = [] }  // no data at all: the chart says so
        let whole = bars.isEmpty ? [] : periods.indices.filter { periods[$0].isWhole }
        var line: [Double]? = nil
        var trend: TrendLine? = nil
        if data.insights.status == .ready, whole.count >= clinical.minTrendPeriods {
            let t = trendLine(points: whole.map { ($0, Int(bars[$0].value)) })
            line = periods.indices.map { periods[$0].isWhole ? t.intercept.value + t.slope.value * Double($0) : .nan }
            trend = t
        }
        var alt = try visuals.book.render(weekly ? k.alt.headacheDaysWeek : k.alt.headacheDaysMonth,
                                          ["bars": bars.isEmpty ? visuals.text(k.noData) : spokenBars(periods, bars)])
        // The slope as the caption prints it, a negative one with a real minus sign.
        let slope = try trend.map { t in
            t.slope.text.hasPrefix("-") ? try visuals.book.render(k.negative, ["value": String(t.slope.text.dropFirst())]) : t.slope.text
        }
        if let trend, let slope {
            // The direction as the caption's number reads: "0.0" is flat.
            let shown = Double(trend.slope.text) ?? trend.slope.value
            let keys = weekly ? k.alt.trendWeek : k.alt.trendMonth
            alt += " " + (try visuals.book.render(keys[shown > 0 ? 0 : shown < 0 ? 1 : 2], ["slope": slope]))
        }
        out.append(try chart(.vertical, bars, line: line, valueAxis: try visuals.text(k.headacheDaysAxis),
                             categoryAxis: try visuals.text(weekly ? k.weekAxis : k.monthAxis), alternativeText: alt))
        if bars.contains(where: \.hatched) { out.append(visuals.caption(try visuals.text(weekly ? k.partialCaptionWeek : k.partialCaption))) }
        if let slope {
            out.append(visuals.caption(try visuals.book.render(weekly ? k.trendWeek : k.trendMonth, ["slope": slope])))
        }
        return out
    }

    /// Episodes in range per severity level, each level written as its word.
    func severity() throws -> [Block] {
        var counts = [Int](repeating: 0, count: 5)
        for e in data.episodes { counts[min(4, max(0, e.severity - 1))] += 1 }
        let bars = data.episodes.isEmpty ? [] : (1...5).map {
            Chart.Bar(label: visuals.format.severity($0), value: Double(counts[$0 - 1]), valueText: String(counts[$0 - 1]))
        }
        let alt = try visuals.book.render(k.alt.severity, ["bars": bars.isEmpty ? visuals.text(k.noData)
                                                           : visuals.spokenBars(bars.map { ($0.label, $0.valueText) })])
        return [try visuals.subheading(k.severityHeading),
                try chart(.horizontal, bars, valueAxis: try visuals.text(k.episodesAxis), categoryAxis: try visuals.text(k.severityAxis),
                          alternativeText: alt)]
    }

    /// For each class with a day in the range: its days per month, partial months hatched, with
    /// its ICHD-3 reference as a dashed line (none for a class without one).
    func classes() throws -> [Block] {
        var out = [try visuals.subheading(k.classHeading)]
        let months = data.months
        let classCount = data.classMonths.first?.classes.count ?? 0
        var any = false
        for i in 0..<classCount {
            let days = data.classMonths.map { $0.classes.indices.contains(i) ? $0.classes[i].days : 0 }
            guard days.contains(where: { $0 > 0 }), let cls = data.classMonths.first?.classes[i] else { continue }
            any = true
            let bars = try self.bars(months) { p, _ in months.firstIndex(of: p).map { days[$0] } ?? 0 }
            let references = try cls.referenceDays.map {
                [Chart.ReferenceLine(value: Double($0), label: try visuals.book.render(k.reference, ["days": visuals.format.days($0)]))]
            } ?? []
            var alt = try visuals.book.render(k.alt.classDays, ["label": cls.label, "bars": spokenBars(months, bars)])
            if let reference = cls.referenceDays {
                let counted = zip(months, days).filter { $0.0.covered != nil }
                let reached = counted.filter { $0.1 >= reference }.count
                alt += " " + (try reached == 0 ? visuals.book.render(k.alt.referenceNotReached, ["days": visuals.format.days(reference)])
                    : visuals.book.render(k.alt.reference, ["days": visuals.format.days(reference), "count": String(reached),
                                                           "months": String(counted.count)]))
            }
            out.append(.keepTogether([try chart(.vertical, bars, valueAxis: try visuals.book.render(k.classAxis, ["label": cls.label]),
                                                categoryAxis: "", references: references,
                                                plotHeight: visuals.layout.charts.classPlotHeight, alternativeText: alt)]))
        }
        if !any { out.append(visuals.caption(try visuals.text(k.noAcute))) }
        return out
    }

    /// Episodes by day relative to each logged menstrual start, with the count of cycles with an
    /// episode beginning near the start.
    func cycle() throws -> [Block] {
        var out = [try visuals.subheading(k.cycleHeading)]
        guard let days = data.days else { return out + [visuals.caption(try visuals.text(k.cycleNoDays))] }
        let overlay = CycleOverlay(logs: data.logs, days: days, from: data.from, to: data.to, asOf: data.asOf, config: visuals.config)
        guard !overlay.starts.isEmpty else { return out + [visuals.caption(try visuals.text(k.cycleNoStarts))] }
        let bars = try overlay.episodesByDay.enumerated().map { i, count in
            Chart.Bar(label: try dayLabel(overlay.fromDay + i), value: Double(count), valueText: String(count))
        }
        let spoken = try visuals.spokenBars(bars.map { (try visuals.book.render(k.alt.cycleDay, ["day": $0.label]), $0.valueText) })
        out.append(try chart(.vertical, bars, valueAxis: try visuals.text(k.cycleAxis), categoryAxis: try visuals.text(k.cycleDayAxis),
                             alternativeText: try visuals.book.render(k.alt.cycle, ["bars": spoken])))
        out.append(visuals.caption(try visuals.book.render(k.cycleCount, [
            "cycles": String(overlay.starts.count), "nearFrom": try dayLabel(overlay.nearFromDay), "nearTo": try dayLabel(overlay.nearToDay),
            "count": String(overlay.cyclesWithEpisodeNearStart),
        ])))
        return out
    }

    /// "−2", "0", "+3".
    func dayLabel(_ d: Int) throws -> String {
        if d == 0 { return try visuals.text(k.cycleZero) }
        return try visuals.book.render(d < 0 ? k.cycleBefore : k.cycleAfter, ["day": String(d.magnitude)])
    }
}
