import Catalog
import Ingest
import Render
import ReportKit

/// The charts section's blocks: frequency over time, severity distribution, medication
/// effectiveness and the menstrual-cycle overlay, each under a level-2 heading. Counts come
/// from the analysis (trends, medications) or from the episodes shown; nothing is re-derived.
struct ChartsBuilder {
    let visuals: ClinicalVisuals
    let data: ClinicalVisualData

    var k: ClinicalVisuals.Keys { visuals.keys }

    func blocks() throws -> [Block] {
        try frequency() + severity() + medications() + cycle()
    }

    private func chart(_ orientation: Chart.Orientation, _ bars: [Chart.Bar], line: [Double]? = nil,
                       valueAxis: WordingKey, categoryAxis: WordingKey, minimumTop: Double = 1) throws -> Block {
        .chart(Chart(orientation: orientation, bars: bars, line: line, lineLabel: line == nil ? nil : try visuals.text(k.trend),
                     valueAxisTitle: try visuals.text(valueAxis), categoryAxisTitle: try visuals.text(categoryAxis),
                     emptyMessage: try visuals.text(k.noData), valueAxisMinimumTop: minimumTop,
                     style: visuals.chartStyle, spaceAfter: visuals.layout.charts.spaceAfter))
    }

    /// Whether the range is short enough to count by ISO week (about four months or less).
    static func weekly(from: LocalDate, to: LocalDate, upToDays: Int) -> Bool { to - from + 1 <= upToDays }

    /// Episodes per month (or ISO week) from the analysis's trends, with its least-squares line.
    func frequency() throws -> [Block] {
        var out = [try visuals.subheading(k.frequencyHeading)]
        guard let t = data.insights.trends.value else {
            out.append(visuals.caption(try visuals.text(k.progress)))
            return out
        }
        let weekly = Self.weekly(from: data.from, to: data.to, upToDays: visuals.layout.charts.weeklyUpToDays)
        let bars: [Chart.Bar]
        let line: TrendLine
        if weekly {
            bars = try t.weekly.map {
                let w = $0.period.week < 10 ? "0\($0.period.week)" : String($0.period.week)
                return Chart.Bar(label: try visuals.book.render(k.weekLabel, ["week": w]), value: Double($0.count),
                                 valueText: String($0.count))
            }
            line = t.weeklyTrend
        } else {
            bars = try t.monthly.map {
                Chart.Bar(label: try visuals.format.shortMonthYear(year: $0.period.year, month: $0.period.month),
                          value: Double($0.count), valueText: String($0.count))
            }
            line = t.monthlyTrend
        }
        let trend = bars.indices.map { line.intercept.value + line.slope.value * Double($0) }
        out.append(try chart(.vertical, bars, line: bars.isEmpty ? nil : trend, valueAxis: k.episodesAxis,
                             categoryAxis: weekly ? k.weekAxis : k.monthAxis))
        if !bars.isEmpty {
            let period = try visuals.text(weekly ? k.periodWeek : k.periodMonth)
            out.append(visuals.caption(try visuals.book.render(k.trendCaption, ["slope": line.slope.text, "period": period])))
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
        return [try visuals.subheading(k.severityHeading),
                try chart(.horizontal, bars, valueAxis: k.episodesAxis, categoryAxis: k.severityAxis)]
    }

    /// Mean rating per medication with its number of ratings, from the analysis.
    func medications() throws -> [Block] {
        var out = [try visuals.subheading(k.medicationHeading)]
        guard let list = data.insights.medications.value else {
            out.append(visuals.caption(try visuals.text(k.progress)))
            return out
        }
        let bars = try list.compactMap { m -> Chart.Bar? in
            guard let mean = m.meanEffectiveness else { return nil }
            return Chart.Bar(label: m.name, value: mean.value,
                             valueText: try visuals.book.render(k.ratingValue, ["mean": mean.text, "count": String(m.ratedCount)]))
        }
        out.append(try chart(.horizontal, bars, valueAxis: k.medicationAxis, categoryAxis: k.medicationCategory, minimumTop: 5))
        return out
    }

    /// Episodes by logged cycle phase, and the timeline of logged phases with episodes marked.
    func cycle() throws -> [Block] {
        var counts: [CyclePhase: Int] = [:]
        for e in data.episodes { if let p = e.retrospective.cyclePhase { counts[p, default: 0] += 1 } }
        let bars = counts.isEmpty ? [] : try CyclePhase.allCases.map { p in
            Chart.Bar(label: try visuals.text(k.phase[p]), value: Double(counts[p] ?? 0), valueText: String(counts[p] ?? 0))
        }
        var out = [try visuals.subheading(k.cycleHeading),
                   try chart(.horizontal, bars, valueAxis: k.episodesAxis, categoryAxis: k.phaseAxis)]
        if let timeline = try CycleTimeline(visuals: visuals, data: data) { out.append(try timeline.block()) }
        return out
    }
}
