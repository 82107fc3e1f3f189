import Catalog
import Ingest

extension InsightsConfig {
    /// Wording keys used by the full analysis, with the placeholders the code fills.
    static var analysisWordingUses: [(key: String, placeholders: Set<String>)] {
        var u: [(key: String, placeholders: Set<String>)] = [
            ("patterns.progress", []), ("patterns.trustSignal", ["count"]),
            ("patterns.factorsTitle", []), ("patterns.factorsDisclaimer", []),
            ("patterns.weatherTitle", []), ("patterns.sleepClosing", []),
            ("patterns.medicationsTitle", []), ("patterns.medicationsDisclaimer", []),
            ("patterns.last30Days", []), ("patterns.exampleFactorSentence", ["factor", "count", "known"]),
            ("disclaimer.insights", []), ("disclaimer.compactFooter", []), ("disclaimer.medicationRecords", []),
            ("overuse.heading", ["month"]),
            ("insights.locked", []),
            ("insights.factors.item", ["label", "frequency"]),
            ("insights.factors.baseline", ["count", "known", "baselineCount", "baselineKnown"]),
            ("insights.factors.associated", ["label"]),
            ("insights.factors.none", []),
            ("insights.weather.item", ["label", "count", "known", "frequency"]),
            ("insights.weather.baseline", ["label", "count", "known", "baselineCount", "baselineKnown"]),
            ("insights.weather.associated", ["label"]),
            ("insights.weather.none", []),
            ("insights.sleep.title", []),
            ("insights.sleep.short", ["count", "hours", "severity", "duration"]),
            ("insights.sleep.typical", ["count", "hours", "severity", "duration"]),
            ("insights.dayOfWeek.title", []), ("insights.dayOfWeek.row", ["day", "count"]),
            ("insights.timeOfDayCard.title", []), ("insights.timeOfDayCard.row", ["band", "count"]),
            ("insights.medications.item", ["name", "count"]),
            ("insights.medications.rating", ["rating", "rated"]),
            ("insights.medications.resolution", ["hours"]),
            ("insights.medications.none", []),
            ("insights.trends.title", []), ("insights.trends.monthRow", ["month", "count"]),
            ("insights.trends.weekRow", ["week", "count"]),
            ("insights.trends.monthlyLine", ["slope", "intercept"]),
            ("insights.trends.weeklyLine", ["slope", "intercept"]),
            ("insights.byClass.title", []), ("insights.byClass.intro", []),
            ("insights.byClass.row", ["label", "days"]),
            ("insights.byClass.rowReference", ["label", "days", "reference"]),
            ("insights.byClass.other", ["label", "days", "names"]),
            ("insights.frequency.headacheDays", ["count"]),
            ("insights.frequency.episodes", ["count", "days", "previous"]),
            ("insights.frequency.streak", ["count"]),
            ("insights.frequency.streakZero", []),
            ("insights.redFlag.item", ["date", "severity", "condition"]),
            ("cell.listSeparator", []),
        ]
        for i in 0..<20 {
            u.append((Factors.labelKey(i), []))
            u.append((Factors.phraseKey(i), []))
        }
        for i in 1...7 { u.append(("insights.weekday.\(i)", [])) }
        return u
    }
}

/// Formats a threshold number for a sentence: "6" for 6.0, "6.5" otherwise.
func thresholdText(_ d: Double) -> String {
    d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
}

extension InsightsResult {
    /// Renders every user-visible sentence from the templates, in display order.
    mutating func renderSections(config c: InsightsConfig) throws -> [TextSection] {
        let w = c.fast
        func r(_ key: String, _ v: [String: String] = [:]) throws -> String { try w.render(key, v) }
        var dateCache: [Int32: String] = [:]
        func n(_ i: Int) -> String { String(i) }
        func dateText(_ d: LocalDate) throws -> String {
            if let s = dateCache[d.daysSinceEpoch] { return s }
            let p = d.components
            let s = try r("dateFormat", ["day": n(p.day), "month": try r("month.\(p.month)"), "year": n(p.year)])
            dateCache[d.daysSinceEpoch] = s
            return s
        }
        func monthText(_ year: Int, _ month: Int, long: Bool) throws -> String {
            try r("monthYearFormat", ["month": try r((long ? "monthLong." : "month.") + n(month)), "year": n(year)])
        }
        let progress = try r("patterns.progress")
        progressSentence = progress
        let locked = try r("insights.locked")
        var out: [TextSection] = []

        // Safety first: flagged episodes.
        if !redFlags.isEmpty {
            var lines = [try r("insights.redFlag.intro")]
            for f in redFlags {
                let condition: String
                switch f.tier {
                case .primary: condition = try r("redFlag.primaryCondition", ["severity": try r("severity.\(f.severity)")])
                case .secondary: condition = try r("redFlag.secondaryCondition")
                case .auraVisual: condition = try r("redFlag.auraVisualCondition")
                }
                lines.append(try r("insights.redFlag.item", ["date": try dateText(f.onsetAt.localDate),
                                                              "severity": try r("severity.\(f.severity)"), "condition": condition]))
            }
            if redFlags.contains(where: { $0.tier == .primary }) { lines.append(try r("safety.redFlagPrimary")) }
            if redFlags.contains(where: { $0.tier == .secondary }) { lines.append(try r("safety.redFlagSecondary")) }
            out.append(TextSection(id: "redFlags", heading: try r("redFlag.heading"), lines: lines))
        }

        // Medication-overuse awareness (every tier).
        let o = medicationOveruse
        if o.acuteDays > 0 || o.warning {
            let month = try monthText(o.year, o.monthNumber, long: true)
            var lines = [try r("overuse.count", ["days": n(o.acuteDays), "month": month])]
            if o.warning {
                let warning = try r("safety.overuseWarning")
                overuseWarningText = warning
                lines.append(warning)
                lines.append(try r("overuse.pointer"))
            }
            out.append(TextSection(id: "medicationOveruse", heading: try r("overuse.heading", ["month": month]), lines: lines))
        }

        // Last 30 days (every tier, counts only).
        var freq = [try r("insights.frequency.headacheDays", ["count": n(frequency.headacheDaysLast30)]),
                    try r("insights.frequency.episodes", ["count": n(frequency.episodesLast30),
                                                          "days": n(c.frequencyWindowDays),
                                                          "previous": n(frequency.episodesPrevious30)])]
        if let s = frequency.currentStreakDays {
            freq.append(s == 0 ? try r("insights.frequency.streakZero") : try r("insights.frequency.streak", ["count": n(s)]))
        }
        out.append(TextSection(id: "frequency", heading: try r("patterns.last30Days"), lines: freq))

        // Overall progress or trust signal.
        if status == .collecting {
            out.append(TextSection(id: "progress", heading: nil, lines: [progress]))
        } else if tier == .premium {
            out.append(TextSection(id: "trustSignal", heading: nil, lines: [try r("patterns.trustSignal", ["count": n(resolvedCount)])]))
        }

        func card<T>(_ id: String, _ title: String, _ s: InsightSection<T>, _ ready: (T) throws -> [String]) throws {
            switch s {
            case .locked: out.append(TextSection(id: id, heading: title, lines: [locked]))
            case .collecting: out.append(TextSection(id: id, heading: title, lines: [progress]))
            case .ready(let v): out.append(TextSection(id: id, heading: title, lines: try ready(v)))
            }
        }

        try card("factors", try r("patterns.factorsTitle"), factors) { list in
            var lines: [String] = []
            if list.isEmpty { lines.append(try r("insights.factors.none")) }
            for f in list {
                let i = Factors.ids.firstIndex(of: f.id)!
                lines.append(try r("insights.factors.item", ["label": f.label, "frequency": f.frequency]))
                lines.append(try r("patterns.exampleFactorSentence", ["factor": try r(Factors.phraseKey(i)),
                                                                      "count": n(f.count), "known": n(f.known)]))
                if let bc = f.baselineCount, let bk = f.baselineKnown {
                    lines.append(try r("insights.factors.baseline", ["count": n(f.count), "known": n(f.known),
                                                                     "baselineCount": n(bc), "baselineKnown": n(bk)]))
                }
                if f.association?.supported == true {
                    lines.append(try r("insights.factors.associated", ["label": f.label]))
                }
            }
            lines.append(try r("patterns.factorsDisclaimer"))
            return lines
        }

        try card("weather", try r("patterns.weatherTitle"), weather) { list in
            var lines: [String] = []
            if list.isEmpty { lines.append(try r("insights.weather.none")) }
            for f in list {
                lines.append(try r("insights.weather.item", ["label": f.label, "count": n(f.count),
                                                             "known": n(f.known), "frequency": f.frequency]))
                if let bc = f.baselineCount, let bk = f.baselineKnown {
                    lines.append(try r("insights.weather.baseline", ["label": f.label, "count": n(f.count), "known": n(f.known),
                                                                     "baselineCount": n(bc), "baselineKnown": n(bk)]))
                }
                if f.association?.supported == true {
                    lines.append(try r("insights.weather.associated", ["label": f.label]))
                }
            }
            return lines
        }

        try card("sleep", try r("insights.sleep.title"), sleep) { s in
            let hours = thresholdText(c.shortSleepHours)
            return [
                try r("insights.sleep.short", ["count": n(s.short.count), "hours": hours,
                                               "severity": s.short.meanSeverity.text, "duration": s.short.meanDurationHours.text]),
                try r("insights.sleep.typical", ["count": n(s.typical.count), "hours": hours,
                                                 "severity": s.typical.meanSeverity.text, "duration": s.typical.meanDurationHours.text]),
                try r("patterns.sleepClosing"),
            ]
        }

        try card("dayOfWeek", try r("insights.dayOfWeek.title"), dayOfWeek) { counts in
            try counts.enumerated().map { try r("insights.dayOfWeek.row", ["day": try r("insights.weekday.\($0.offset + 1)"), "count": n($0.element)]) }
        }

        try card("timeOfDay", try r("insights.timeOfDayCard.title"), timeOfDay) { bands in
            try bands.map { try r("insights.timeOfDayCard.row", ["band": try r("insights.timeOfDay." + $0.name), "count": n($0.count)]) }
        }

        let medsTitle = try r("patterns.medicationsTitle")
        try card("medications", medsTitle, medications) { ms in
            var lines = [try r("patterns.medicationsDisclaimer")]
            if ms.isEmpty { lines.append(try r("insights.medications.none")) }
            for m in ms {
                lines.append(try r("insights.medications.item", ["name": m.name, "count": n(m.timesTaken)]))
                if let e = m.meanEffectiveness {
                    lines.append(try r("insights.medications.rating", ["rating": e.text, "rated": n(m.ratedCount)]))
                }
                if let h = m.medianHoursToResolution {
                    lines.append(try r("insights.medications.resolution", ["hours": h.text]))
                }
            }
            lines.append(try r("disclaimer.medicationRecords"))
            return lines
        }

        try card("trends", try r("insights.trends.title"), trends) { t in
            var lines: [String] = []
            for m in t.monthly {
                let p = m.period.split(separator: "-")
                lines.append(try r("insights.trends.monthRow", ["month": try monthText(Int(p[0])!, Int(p[1])!, long: false),
                                                                "count": n(m.count)]))
            }
            lines.append(try r("insights.trends.monthlyLine", ["slope": t.monthlyTrend.slope.text, "intercept": t.monthlyTrend.intercept.text]))
            for wk in t.weekly { lines.append(try r("insights.trends.weekRow", ["week": wk.period, "count": n(wk.count)])) }
            lines.append(try r("insights.trends.weeklyLine", ["slope": t.weeklyTrend.slope.text, "intercept": t.weeklyTrend.intercept.text]))
            return lines
        }

        try card("acuteMedicationByClass", try r("insights.byClass.title"), acuteDaysByClass) { months in
            var lines = [try r("insights.byClass.intro")]
            let sep = try r("cell.listSeparator")
            for m in months {
                let p = m.month.split(separator: "-")
                lines.append(try monthText(Int(p[0])!, Int(p[1])!, long: true))
                for cl in m.classes {
                    if let note = cl.note {
                        lines.append(try r("insights.byClass.rowReference", ["label": cl.label, "days": n(cl.days), "reference": note]))
                    } else if !cl.names.isEmpty {
                        lines.append(try r("insights.byClass.other", ["label": cl.label, "days": n(cl.days),
                                                                      "names": cl.names.joined(separator: sep)]))
                    } else {
                        lines.append(try r("insights.byClass.row", ["label": cl.label, "days": n(cl.days)]))
                    }
                }
            }
            return lines
        }

        out.append(TextSection(id: "disclaimer", heading: nil,
                               lines: [try r("disclaimer.insights"), try r("disclaimer.compactFooter")]))
        return out
    }
}
