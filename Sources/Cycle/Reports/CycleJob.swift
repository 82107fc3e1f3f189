import Catalog
import Ingest
import Quoting
import ReportKit

/// Runs the period start check-ins: loads the rules' numbers and the approved copy, plans every
/// user's cycle, and presents the reminders of a cron window or the per-user summary, as text or
/// JSON lines. Every value from the input (user ids, cycle ids, zone names) goes into a text
/// line through `Quote.text`, so none can reach the terminal raw or forge a line; JSON lines are
/// escaped by the JSON writer.
public struct CycleJob {
    /// Every wording key the cycle commands render.
    struct Keys: WordingKeySet {
        /// By attempt (1-based); the settings allow one or two.
        let titles = WordingKeyFamily(1...2) { "reminder.attempt\($0).title" }
        let bodies = WordingKeyFamily(1...2) { "reminder.attempt\($0).body" }
        let user = WordingKey("summary.user", "userId", "timeZone", "notifications")
        let average = WordingKey("summary.average", "days", "gaps")
        let averageOneGap = WordingKey("summary.averageOneGap", "days")
        let averageDefault = WordingKey("summary.averageDefault", "days", "min", "max")
        let latestStart = WordingKey("summary.latestStart", "date")
        let latestStartWithId = WordingKey("summary.latestStartWithId", "date", "cycleId")
        let prediction = WordingKey("summary.prediction", "date")
        let reminder = WordingKey("summary.reminder", "attempt", "localTime")
        let noUsers = WordingKey("summary.noUsers")
        let line = WordingKey("reminders.line", "at", "userId", "attempt", "title")
        let none = WordingKey("reminders.none")

        var declaredKeys: [WordingKey] {
            keys(titles, bodies, user, average, averageOneGap, averageDefault, latestStart,
                 latestStartWithId, prediction, reminder, noUsers, line, none)
        }
    }

    static let thresholdsName = "cycle"
    let keys = Keys()
    let book: Phrasebook
    public let settings: CycleSettings

    /// Loads and checks the settings and every wording key (templates of app `cycle`).
    public init(templates: TemplateSet) throws {
        let file = templates.thresholdsFile
        settings = try templates.decode(CycleSettings.self, file: file)
        if let key = settings.problem {
            throw CatalogError.wrongType(file: file, key: key, expected: "values the cycle rules can use")
        }
        book = try templates.wording.compile(keys)
    }

    /// The plans of every user (see `CyclePlanner.plans`).
    public func plans(_ starts: [PeriodStart], asOf: LocalDate? = nil, zones: ZoneDirectory = .system) throws -> [CyclePlan] {
        try CyclePlanner.plans(starts, settings: settings, asOf: asOf, zones: zones)
    }

    /// The reminders due in `[from, to)`: one JSON line each, or one text line each.
    public func reminders(_ plans: [CyclePlan], from: Timestamp, to: Timestamp, json: Bool) throws -> String {
        let due = CyclePlanner.due(plans, from: from, to: to)
        if due.isEmpty && !json { return try book.render(keys.none) + "\n" }
        return try due.map { item -> String in
            let attempt = item.reminder.attempt
            let title = try book.render(keys.titles[attempt]), body = try book.render(keys.bodies[attempt])
            guard json else {
                return try book.render(keys.line, ["at": item.reminder.at.utc.description, "userId": Quote.text(item.userId),
                                                   "attempt": String(attempt), "title": title])
            }
            return JSONOutput.object([
                ("userId", .string(item.userId)), ("cycleId", item.cycleId.map(JSONOutput.string) ?? .null),
                ("attempt", .int(attempt)), ("identifier", .string(item.reminder.identifier)),
                ("at", .string(item.reminder.at.utc.description)), ("localTime", .string(item.reminder.at.description)),
                ("title", .string(title)), ("body", .string(body)),
            ]).compact()
        }.map { $0 + "\n" }.joined()
    }

    /// Per user: the average and whether it is the default, the latest start, the prediction
    /// and both reminder times; text blocks or one JSON line per user.
    public func summary(_ plans: [CyclePlan], json: Bool) throws -> String {
        if json { return plans.map { Self.summaryJSON($0).compact() + "\n" }.joined() }
        if plans.isEmpty { return try book.render(keys.noUsers) + "\n" }
        return try plans.map { try summaryText($0) }.joined(separator: "\n")
    }

    static func summaryJSON(_ p: CyclePlan) -> JSONOutput {
        .object([
            ("userId", .string(p.userId)), ("timeZone", .string(p.timeZone)),
            ("notifications", .string(p.notifications.rawValue)),
            ("averageCycleDays", .int(p.length.days)), ("default", .bool(p.length.isDefault)),
            ("gaps", .array(p.length.gaps.map(JSONOutput.int))),
            ("latestStart", .string(p.latestStart.description)), ("cycleId", p.cycleId.map(JSONOutput.string) ?? .null),
            ("prediction", .string(p.prediction.description)),
            ("reminders", .array(p.reminders.map { r in
                .object([("attempt", .int(r.attempt)), ("identifier", .string(r.identifier)),
                         ("at", .string(r.at.utc.description)), ("localTime", .string(r.at.description))])
            })),
        ])
    }

    func summaryText(_ p: CyclePlan) throws -> String {
        let k = keys, l = p.length
        let average: String
        if l.isDefault {
            average = try book.render(k.averageDefault, ["days": String(l.days), "min": String(settings.plausibleGapMinDays),
                                                         "max": String(settings.plausibleGapMaxDays)])
        } else if l.gaps.count == 1 {
            average = try book.render(k.averageOneGap, ["days": String(l.days)])
        } else {
            average = try book.render(k.average, ["days": String(l.days), "gaps": String(l.gaps.count)])
        }
        var lines = [try book.render(k.user, ["userId": Quote.text(p.userId), "timeZone": Quote.text(p.timeZone),
                                              "notifications": p.notifications.rawValue]), "  " + average]
        lines.append("  " + (try p.cycleId.map { try book.render(k.latestStartWithId, ["date": p.latestStart.description, "cycleId": Quote.text($0)]) }
            ?? book.render(k.latestStart, ["date": p.latestStart.description])))
        lines.append("  " + (try book.render(k.prediction, ["date": p.prediction.description])))
        for r in p.reminders {
            lines.append("  " + (try book.render(k.reminder, ["attempt": String(r.attempt), "localTime": r.at.description])))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
