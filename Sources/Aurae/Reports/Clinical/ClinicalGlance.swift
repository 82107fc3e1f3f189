import Catalog
import Ingest
import Insights
import Render
import ReportKit

/// Page 1's wording: who and what, the monthly table and the comparison, alerts, acute
/// medication, associations.
struct GlanceKeys: WordingKeySet {
    enum Row: String, CaseIterable { case headacheDays, acuteDays, severeDays, episodes }
    enum MedicationColumn: String, CaseIterable { case medication, `class`, days, ratings, relief, resolution }
    enum FactorColumn: String, CaseIterable { case factor, before, free, result, frequency }
    enum Result: String, CaseIterable { case associated, noDifference, noDaily, tooFew }
    let basis = WordingKey("clinical.glance.basis", "episodes", "days")
    let basisTracked = WordingKey("clinical.glance.basisTracked", "episodes", "days", "tracked")
    let basisNone = WordingKey("clinical.glance.basisNone", "date")
    let basisNothing = WordingKey("clinical.glance.basisNothing")
    let measure = WordingKey("clinical.glance.measure")
    let partialMonth = WordingKey("clinical.glance.partialMonth", "month", "first", "last")
    let partialMonthOneDay = WordingKey("clinical.glance.partialMonthOneDay", "month", "day")
    let noDataMonth = WordingKey("clinical.glance.noDataMonth", "month")
    let total = WordingKey("clinical.glance.total")
    let previous = WordingKey("clinical.glance.previous", "days")
    let change = WordingKey("clinical.glance.change")
    let up = WordingKey("clinical.glance.up", "value")
    let down = WordingKey("clinical.glance.down", "value")
    let same = WordingKey("clinical.glance.same")
    let noData = WordingKey("clinical.glance.noData")
    let rows = WordingKeyFamily<Row>("clinical.glance.row")
    let previousPeriod = WordingKey("clinical.glance.previousPeriod", "from", "to")
    let previousTracked = WordingKey("clinical.glance.previousTracked", "from", "to", "count", "days")
    let notComparable = WordingKey("clinical.glance.notComparable", "from", "to", "date")
    let nothingLogged = WordingKey("clinical.glance.nothingLogged", "from", "to")
    let dayRule = WordingKey("clinical.glance.dayRule")
    let alertsHeading = WordingKey("clinical.glance.alertsHeading")
    let alertMarker = WordingKey("clinical.glance.alertMarker")
    let alertFlag = WordingKey("clinical.glance.alertFlag", "date", "severity", "condition")
    let alertClass = WordingKey("clinical.glance.alertClass", "month", "label", "days", "reference")
    let noAlerts = WordingKey("clinical.glance.noAlerts")
    let moreOnPage = WordingKey("clinical.glance.moreOnPage", "count", "page")
    let more = WordingKey("clinical.glance.more", "count")
    let medicationHeading = WordingKey("clinical.glance.medicationHeading")
    let medicationColumns = WordingKeyFamily<MedicationColumn>("clinical.glance.column")
    let relief = WordingKey("clinical.glance.relief", "value")
    let noAcute = WordingKey("clinical.glance.noAcute")
    let preventive = WordingKey("clinical.glance.preventive", "list")
    let preventiveItem = WordingKey("clinical.glance.preventiveItem", "name", "days")
    let ratingsCollecting = WordingKey("clinical.glance.ratingsCollecting", "min", "count")
    let associationsHeading = WordingKey("clinical.glance.associationsHeading")
    let factorColumns = WordingKeyFamily<FactorColumn>("clinical.glance.factorColumn")
    let ofCount = WordingKey("clinical.glance.ofCount", "count", "known")
    let results = WordingKeyFamily<Result>("clinical.glance.result")
    let withoutDays = WordingKey("clinical.glance.withoutDays")
    let noFactors = WordingKey("clinical.glance.noFactors")
    let patternsProgress = WordingKey("clinical.patterns.progress", "min", "count")
    let flagged = FlagKeys()

    var declaredKeys: [WordingKey] {
        keys(basis, basisTracked, basisNone, basisNothing, measure, partialMonth, partialMonthOneDay,
             noDataMonth, total, previous, change, up, down, same, noData, rows, previousPeriod,
             previousTracked, notComparable, nothingLogged, dayRule, alertsHeading, alertMarker,
             alertFlag, alertClass, noAlerts, moreOnPage, more, medicationHeading, medicationColumns,
             relief, noAcute, preventive, preventiveItem, ratingsCollecting, associationsHeading,
             factorColumns, ofCount, results, withoutDays, noFactors, patternsProgress, flagged)
    }
}

/// The words of a flagged episode's condition (the summary's).
struct FlagKeys: WordingKeySet {
    let primaryCondition = WordingKey("redFlag.primaryCondition", "severity")
    let secondaryCondition = WordingKey("redFlag.secondaryCondition")
    let auraVisualCondition = WordingKey("redFlag.auraVisualCondition")

    var declaredKeys: [WordingKey] {
        keys(primaryCondition, secondaryCondition, auraVisualCondition)
    }
}

extension ClinicalReport {
    /// Page 1, "At a glance", on one page whatever the data: who and what, the months of the
    /// range with totals and the previous period, alerts, acute medication, the associations of
    /// the fair comparison and the calendar in miniature. Lists show their top entries and say
    /// how many more there are and on which page. Opening the document it has the brand header
    /// and ends the page; elsewhere it starts a page of its own.
    func glanceBlocks(_ c: Content, pages: FrontMatter.Pages) throws -> [Block] {
        let g = keys.glance
        var blocks: [Block] = []
        if pages.opensDocument {
            blocks += try whoAndWhat(c)
        } else {
            blocks.append(.pageBreak)
        }
        blocks.append(Self.atLevel(.heading(Heading(headings[.glance] ?? "", style: c.base.heading, outlineLevel: 1, spaceAfter: 4)),
                                   Level.section))
        // A making that took more than one page lists fewer entries.
        func limit(_ n: Int) -> Int { max(1, n - 2 * pages.attempt) }
        blocks += try monthTable(c)
        blocks += try alerts(c, limit: limit(layout.glance.alerts), pages: pages)
        blocks.append(subheading(try book.render(g.medicationHeading), c, spaceBefore: layout.glance.subheadingSpaceBefore))
        blocks += try medicationTable(c, limit: limit(layout.glance.medications), preventives: limit(layout.glance.preventives), pages: pages)
        blocks.append(subheading(try book.render(g.associationsHeading), c, spaceBefore: layout.glance.subheadingSpaceBefore))
        blocks += try associations(c, limit: limit(config.thresholds.factors.pdfTopCount), pages: pages)
        blocks.append(subheading(headings[.calendar] ?? "", c, spaceBefore: layout.glance.subheadingSpaceBefore))
        blocks += try visuals.miniCalendar(c.visual, months: layout.glance.months)
        if !pages.opensDocument { blocks.append(.pageBreak) }
        return blocks
    }

    /// The brand, the title, the patient, the range, the generation date and the data basis.
    func whoAndWhat(_ c: Content) throws -> [Block] {
        let s = summary, g = keys.glance, f = c.format
        let brand = s.brand, p = brand.palette
        var line = [try s.book.render(s.keys.dateRange, ["from": c.base.fromText, "to": c.base.toText]),
                    try s.book.render(s.keys.generated, ["date": f.date(c.input.options.run.generatedOn)])]
        if let name = c.base.shortPatientName { line.insert(try s.book.render(s.keys.patient, ["name": name]), at: 0) }
        let days = c.range.to - c.range.from + 1
        let figures = c.facts.figures(from: c.range.from, to: c.range.to)
        let basis: String
        if c.range.covered == nil {
            basis = try c.range.firstData.map { try book.render(g.basisNone, ["date": f.date($0)]) } ?? book.render(g.basisNothing)
        } else if c.input.days == nil {
            basis = try book.render(g.basis, ["episodes": f.episodes(figures.episodes), "days": f.days(days)])
        } else {
            basis = try book.render(g.basisTracked, ["episodes": f.episodes(figures.episodes), "days": f.days(days),
                                                     "tracked": String(figures.trackedDays)])
        }
        return [
            try s.markBlock(spaceAfter: 6),
            .heading(Heading(try book.render(keys.title), style: brand.style(\.headingFamily, layout.glance.titleSize, .bold, p.textSecondary),
                             outlineLevel: nil, spaceAfter: 3)),
            .paragraph(Paragraph(line.joined(separator: " · "), style: c.base.body, spaceAfter: 1)),
            .paragraph(Paragraph(basis, style: c.base.body)),
            .rule(Rule(height: brand.accentBarHeight, color: p.accentBar, spaceBefore: 6, spaceAfter: 8)),
        ]
    }

    // MARK: - Months, totals and the previous period

    /// One row per figure; a column per calendar month (the most recent `glance.months`), the
    /// range, and the previous period with the change when it can be compared.
    func monthTable(_ c: Content) throws -> [Block] {
        let g = keys.glance, f = c.format
        let months = Array(c.months.suffix(layout.glance.months))
        let total = c.range.covered.map { c.facts.figures(from: $0.lowerBound, to: $0.upperBound) }
        let monthFigures = months.map { m in m.covered.map { c.facts.figures(from: $0.lowerBound, to: $0.upperBound) } }
        var header = [try book.render(g.measure)] + (try months.map { try monthLabel($0) })
        header.append(try book.render(g.total))
        if c.previous != nil {
            header += [try book.render(g.previous, ["days": f.days(c.range.previousDays)]), try book.render(g.change)]
        }
        let none = try book.render(g.noData)
        let labels = try book.texts(of: g.rows)
        let value: [GlanceKeys.Row: (PeriodFigures) -> Int] = [
            .headacheDays: \.headacheDays, .acuteDays: \.acuteDays, .severeDays: \.severeDays, .episodes: \.episodes,
        ]
        var rows: [TableRow] = []
        for row in GlanceKeys.Row.allCases {
            guard let get = value[row] else { continue }
            var cells = [TableCell(labels[row] ?? row.rawValue)]
            cells += monthFigures.map { TableCell($0.map { String(get($0)) } ?? none) }
            cells.append(TableCell(total.map { String(get($0)) } ?? none))
            if let previous = c.previous, let total {
                let now = get(total), before = get(previous)
                cells.append(TableCell(String(before)))
                cells.append(TableCell(try change(now - before)))
            }
            rows.append(TableRow(cells))
        }
        let columns = [TableColumn(.fixed(layout.glance.labelWidth))]
            + header.dropFirst().map { _ in TableColumn(.flexible(1), alignment: .trailing) }
        var blocks: [Block] = [.table(table("figures per month", columns: columns, header: header, rows: rows, c: c, spaceAfter: 3))]
        blocks.append(paragraph(try previousLine(c), c, caption: true, spaceAfter: 1))
        blocks.append(paragraph(try book.render(g.dayRule), c, caption: true, spaceAfter: 2))
        return blocks
    }

    /// "▲ 12", "▼ 3", "no change".
    func change(_ d: Int) throws -> String {
        let g = keys.glance
        if d == 0 { return try book.render(g.same) }
        return try book.render(d > 0 ? g.up : g.down, ["value": String(d.magnitude)])
    }

    /// The previous period's dates, and whether it is compared.
    func previousLine(_ c: Content) throws -> String {
        let g = keys.glance, f = c.format, r = c.range
        let from = try f.date(r.previousFrom), to = try f.date(r.previousTo)
        guard let previous = c.previous else {
            if let first = r.firstData {
                return try book.render(g.notComparable, ["from": from, "to": to, "date": f.date(first)])
            }
            return try book.render(g.nothingLogged, ["from": from, "to": to])
        }
        if c.input.days != nil, previous.trackedDays < r.previousDays {
            return try book.render(g.previousTracked, ["from": from, "to": to, "count": String(previous.trackedDays),
                                                       "days": f.days(r.previousDays)])
        }
        return try book.render(g.previousPeriod, ["from": from, "to": to])
    }

    // MARK: - Alerts

    /// Flagged episodes (oldest first), then each month × class at or above its reference (most
    /// recent first), as a list in the safety fill; or one line saying there are none.
    func alerts(_ c: Content, limit: Int, pages: FrontMatter.Pages) throws -> [Block] {
        let g = keys.glance, f = c.format
        var items: [(text: String, section: Section?)] = []
        for flag in c.base.safety.flags {
            items.append((try book.render(g.alertFlag, ["date": f.date(flag.log.onsetAt.localDate), "severity": f.severity(flag.log.severity),
                                                        "condition": try condition(flag)]), nil))
        }
        for (period, month) in zip(c.months, c.visual.classMonths).reversed() {
            for cls in month.classes where cls.atOrAboveReference {
                guard let reference = cls.referenceDays else { continue }
                items.append((try book.render(g.alertClass, [
                    "month": try monthLabel(period), "label": cls.label, "days": f.days(cls.days),
                    "reference": try book.render(keys.ichdReference, ["days": String(reference)]),
                ]), .charts))
            }
        }
        var blocks = [subheading(try book.render(g.alertsHeading), c, spaceBefore: layout.glance.subheadingSpaceBefore)]
        if items.isEmpty { return blocks + [paragraph(try book.render(g.noAlerts), c, spaceAfter: 2)] }
        let style = summary.brand.style(\.bodyFamily, summary.brand.bodySize, .regular, summary.brand.palette.safetyText)
        let shown = items.prefix(limit)
        let marker = try book.render(g.alertMarker)
        let rest = items.dropFirst(shown.count)
        var note: String?
        if !rest.isEmpty {
            // The flagged episodes and the as-of months are listed under Safety; older months in
            // the class chart.
            let section: Section? = rest.contains { $0.section == nil } || c.showsAsOfBlocks ? nil : .charts
            let title = try section.flatMap { headings[$0] } ?? summary.book.render(summary.keys.safetyHeading)
            note = try more(rest.count, page: pages.page(of: title))
        }
        // One item an alert, read as a list; the line saying how many more closes the box.
        blocks.append(.list(List(shown.map { List.Item($0.text, label: marker) }, style: style,
                                 labelWidth: layout.glance.alertMarkerWidth, spaceAfter: 2,
                                 fill: summary.brand.palette.safetyFill, padding: EdgeInsets(all: 5), note: note)))
        return blocks
    }

    /// The condition a flagged episode met, in the summary's words.
    func condition(_ flag: HeadacheSummary.Flag) throws -> String {
        let k = keys.glance.flagged
        switch flag.tier {
        case .primary: return try book.render(k.primaryCondition, ["severity": summary.format.severity(flag.log.severity)])
        case .secondary: return try book.render(k.secondaryCondition)
        case .auraVisual: return try book.render(k.auraVisualCondition)
        }
    }

    /// "… and 4 more on page 5" (the page when known).
    func more(_ count: Int, page: Int?) throws -> String {
        let g = keys.glance
        guard let page else { return try book.render(g.more, ["count": String(count)]) }
        return try book.render(g.moreOnPage, ["count": String(count), "page": String(page)])
    }

    // MARK: - Acute medication

    /// The acute medications (`limit` of them, each on one line; all, wrapped, with `limit` nil)
    /// with class, days, ratings, mean relief and median time to resolution (those three only
    /// from the pattern threshold), then `preventives` of the preventive or daily ones on one
    /// line (none with `preventives` nil).
    func medicationTable(_ c: Content, limit: Int?, preventives: Int?, pages: FrontMatter.Pages) throws -> [Block] {
        let g = keys.glance, f = c.format, m = layout.medicationTable
        let list = c.medications.acute
        var blocks: [Block] = []
        if list.isEmpty {
            blocks.append(paragraph(try book.render(g.noAcute), c, spaceAfter: 2))
        } else {
            let ratingsShown = c.insights.status == .ready
            let names = try book.texts(of: g.medicationColumns)
            var columns: [GlanceKeys.MedicationColumn] = [.medication, .class, .days]
            if ratingsShown { columns += [.ratings, .relief, .resolution] }
            let shown = limit.map { Array(list.prefix($0)) } ?? list
            let rows = try shown.map { use -> TableRow in
                TableRow(try columns.map { column -> TableCell in
                    switch column {
                    case .medication: return TableCell(use.name)
                    case .class: return TableCell(use.classes.joined(separator: f.listSeparator))
                    case .days: return TableCell(String(use.days))
                    case .ratings: return TableCell(String(use.ratings))
                    case .relief: return TableCell(try use.meanRating.map { try book.render(g.relief, ["value": $0.text]) } ?? f.none)
                    case .resolution: return TableCell(try use.medianToResolution.map { try f.duration(nanoseconds: $0) } ?? f.none)
                    }
                })
            }
            let overflow: TableColumn.Overflow = limit == nil ? .wrap : .truncate
            let widths: [GlanceKeys.MedicationColumn: TableColumn] = [
                .medication: TableColumn(.fixed(m.nameWidth), overflow: overflow), .class: TableColumn(.fixed(m.classWidth), overflow: overflow),
                .days: TableColumn(.fixed(m.numberWidth), alignment: .trailing),
                .ratings: TableColumn(.fixed(m.numberWidth), alignment: .trailing),
                .relief: TableColumn(.flexible(1), alignment: .trailing), .resolution: TableColumn(.flexible(1), alignment: .trailing),
            ]
            var t = table("acute medication", columns: columns.map { widths[$0] ?? TableColumn(.flexible(1)) },
                          header: columns.map { names[$0] ?? $0.rawValue }, rows: rows, c: c, spaceAfter: 2)
            if ratingsShown == false, let last = t.columns.indices.last { t.columns[last].width = .flexible(1) }
            blocks.append(.table(t))
            if shown.count < list.count {
                blocks.append(paragraph(try more(list.count - shown.count, page: pages.page(of: headings[.medications] ?? "")), c,
                                        caption: true, spaceAfter: 2))
            }
            if !ratingsShown {
                blocks.append(paragraph(try book.render(g.ratingsCollecting, [
                    "min": String(config.thresholds.patterns.minResolvedEpisodes), "count": String(c.insights.resolvedCount),
                ]), c, caption: true, spaceAfter: 2))
            }
        }
        if let preventives, let line = try preventiveLine(c, limit: preventives, pages: pages) {
            blocks.append(paragraph(line, c, spaceAfter: 2))
        }
        return blocks
    }

    /// "Preventive or daily medication logged: propranolol on 37 days, …" (the first `limit`,
    /// names cut to `glance.nameCharacters`); `nil` without one.
    func preventiveLine(_ c: Content, limit: Int, pages: FrontMatter.Pages) throws -> String? {
        let g = keys.glance, f = c.format
        let list = c.medications.preventive
        guard !list.isEmpty else { return nil }
        let shown = Array(list.prefix(limit))
        var items = try shown.map {
            try book.render(g.preventiveItem, ["name": f.notes($0.name, limit: layout.glance.nameCharacters), "days": f.days($0.days)])
        }
        if shown.count < list.count {
            items.append(try more(list.count - shown.count, page: pages.page(of: headings[.medications] ?? "")))
        }
        return try book.render(g.preventive, ["list": items.joined(separator: f.listSeparator)])
    }

    // MARK: - Associations

    /// The factors of the analysis (main and weather), supported ones first, then by share.
    func rankedFactors(_ c: Content) -> [FactorStat] {
        Self.ranked((c.insights.factors.value ?? []) + (c.insights.weather.value ?? []))
    }

    /// Supported ones first, then by share (the exact fraction), count and id.
    static func ranked(_ factors: [FactorStat]) -> [FactorStat] {
        factors.sorted { a, b in
            let sa = a.association?.supported == true, sb = b.association?.supported == true
            if sa != sb { return sa }
            let l = Int128(a.count) * Int128(b.known), r = Int128(b.count) * Int128(a.known)
            if l != r { return l > r }
            if a.count != b.count { return a.count > b.count }
            return a.id < b.id
        }
    }

    /// The fair comparison as a table: factor, before headaches, on headache-free days, result
    /// (without a days file: how often, and a line saying nothing can be compared); `limit`
    /// rows (all with `limit` nil); one line under the pattern threshold.
    func associations(_ c: Content, limit: Int?, pages: FrontMatter.Pages) throws -> [Block] {
        let g = keys.glance
        guard c.insights.status == .ready else {
            return [paragraph(try book.render(g.patternsProgress, ["min": String(config.thresholds.patterns.minResolvedEpisodes),
                                                                   "count": String(c.insights.resolvedCount)]), c, spaceAfter: 2)]
        }
        let list = rankedFactors(c)
        guard !list.isEmpty else { return [paragraph(try book.render(g.noFactors), c, spaceAfter: 2)] }
        let shown = limit.map { Array(list.prefix($0)) } ?? list
        var blocks = try factorTable(shown, c, before: g.factorColumns[.before])
        if shown.count < list.count {
            blocks.append(paragraph(try more(list.count - shown.count, page: pages.page(of: headings[.patterns] ?? "")), c,
                                    caption: true, spaceAfter: 2))
        }
        if c.input.days == nil { blocks.append(paragraph(try book.render(g.withoutDays), c, caption: true, spaceAfter: 2)) }
        return blocks
    }

    /// Factor rows: "k of n" before (or around) headaches, on headache-free days and the result
    /// with a days file; how often without one.
    func factorTable(_ factors: [FactorStat], _ c: Content, before: WordingKey) throws -> [Block] {
        let g = keys.glance, text = presenter.text, ft = layout.factorTable
        let names = try book.texts(of: g.factorColumns)
        let results = try book.texts(of: g.results)
        func of(_ count: Int, _ known: Int) throws -> String {
            try book.render(g.ofCount, ["count": String(count), "known": String(known)])
        }
        let withDays = c.input.days != nil
        let columns: [GlanceKeys.FactorColumn] = withDays ? [.factor, .before, .free, .result] : [.factor, .before, .frequency]
        var header = columns.map { names[$0] ?? $0.rawValue }
        header[1] = try book.render(before)
        let rows = try factors.map { f -> TableRow in
            var cells = [TableCell(text.label(f)), TableCell(try of(f.count, f.known))]
            if withDays {
                cells.append(TableCell(try f.baselineCount.flatMap { bc in try f.baselineKnown.map { try of(bc, $0) } } ?? c.format.none))
                let result: GlanceKeys.Result
                switch f.association {
                case nil: result = .noDaily
                case let a? where !a.tested: result = .tooFew
                case let a? where a.supported: result = .associated
                default: result = .noDifference
                }
                cells.append(TableCell(results[result] ?? result.rawValue,
                                       style: result == .associated ? summary.brand.style(\.bodyFamily, layout.tableTextSize, .semibold,
                                                                                          summary.brand.palette.textSecondary) : nil))
            } else {
                cells.append(TableCell(try text.frequency(f)))
            }
            return TableRow(cells)
        }
        let widths: [TableColumn] = withDays
            ? [TableColumn(.fixed(ft.factorWidth)), TableColumn(.flexible(1)), TableColumn(.flexible(1)), TableColumn(.fixed(ft.resultWidth))]
            : [TableColumn(.fixed(ft.factorWidth)), TableColumn(.flexible(1)), TableColumn(.flexible(1))]
        return [.table(table("factors", columns: widths, header: header, rows: rows, c: c, spaceAfter: 2))]
    }
}
