import Ingest

/// One check-in reminder: the attempt (1 or 2), its local date, and its instant with the zone's
/// offset.
public struct Reminder: Equatable, Sendable {
    public var attempt: Int
    public var date: LocalDate
    public var at: Timestamp

    /// The seed's notification identifier, `period_start_attempt_1` / `_2`.
    public var identifier: String { "period_start_attempt_\(attempt)" }
}

/// What the tool knows of one user's cycle: the latest start, the average length, the predicted
/// next start and the reminders of the latest start (a newer start replaces the older cycle's).
public struct CyclePlan: Equatable, Sendable {
    public var userId: String
    /// The id of the latest start (the seed's `cycleId`).
    public var cycleId: String?
    public var latestStart: LocalDate
    public var length: CycleLength
    public var prediction: LocalDate
    public var timeZone: String
    public var notifications: NotificationStatus
    /// Both reminders of the latest start, whether or not the user allowed notifications.
    public var reminders: [Reminder]

    /// The reminders that go out: none unless notifications are authorized.
    public var deliverable: [Reminder] { notifications == .authorized ? reminders : [] }
}

/// A reminder that goes out, with the user and cycle it belongs to.
public struct ScheduledReminder: Equatable, Sendable {
    public var userId: String
    public var cycleId: String?
    public var reminder: Reminder
}

/// Builds every user's plan from period starts and picks the reminders of a cron window.
public enum CyclePlanner {
    /// The plans of all users, sorted by user id. Only starts on or before `asOf` count when it is
    /// given. A user's records are ordered by start date, then id (a record without one first),
    /// then zone and status, so the input's order never matters; the latest record that gives a
    /// time zone (or a notification status) sets it. A user whose records give no time zone is an
    /// input error at the user's latest record. Zones come from `zones` (the reader has already
    /// checked every name against the system's database).
    public static func plans(_ starts: [PeriodStart], settings: CycleSettings, asOf: LocalDate? = nil,
                             zones: ZoneDirectory = .system) throws -> [CyclePlan] {
        let kept = starts.enumerated().filter { item in asOf.map { item.element.startDate <= $0 } ?? true }
        let byUser = Dictionary(grouping: kept, by: { $0.element.userId })
        var plans: [CyclePlan] = []
        var problems: [Diagnostic] = []
        for userId in byUser.keys.sorted() {
            // Oldest first; the input position only orders records that are equal in every field.
            let records = (byUser[userId] ?? []).sorted { a, b in
                let (x, y) = (a.element, b.element)
                return (x.startDate, x.id ?? "", x.timeZone ?? "", x.notifications?.rawValue ?? "", a.offset)
                    < (y.startDate, y.id ?? "", y.timeZone ?? "", y.notifications?.rawValue ?? "", b.offset)
            }.map(\.element)
            guard let latest = records.last else { continue }
            guard let zoneRecord = records.last(where: { $0.timeZone != nil }), let zoneName = zoneRecord.timeZone else {
                let field = PeriodField.timeZone.name(in: latest.format)
                problems.append(Diagnostic(.error, "\(field) is required: no record of this user gives one", at: latest.source))
                continue
            }
            let zone: ZoneRules
            do {
                zone = try zones.zone(named: zoneName)
            } catch {
                let field = PeriodField.timeZone.name(in: zoneRecord.format)
                problems.append(Diagnostic(.error, "\(field) is not a usable time zone of the system's time-zone database", at: zoneRecord.source))
                continue
            }
            let length = CycleLength(starts: records.map(\.startDate), settings: settings)
            let prediction = latest.startDate.adding(days: length.days)
            let reminders = settings.reminderDaysAfterPrediction.enumerated().map { index, days -> Reminder in
                let date = prediction.adding(days: days)
                return Reminder(attempt: index + 1, date: date, at: zone.instant(on: date, secondOfDay: settings.reminderHour * 3600))
            }
            plans.append(CyclePlan(
                userId: userId, cycleId: latest.id, latestStart: latest.startDate, length: length, prediction: prediction,
                timeZone: zoneName, notifications: records.last(where: { $0.notifications != nil })?.notifications ?? .notDetermined,
                reminders: reminders))
        }
        if !problems.isEmpty { throw IngestError.invalid(problems) }
        return plans
    }

    /// The reminders that go out with their instant in `[from, to)`, in order of instant, then
    /// user id, then attempt: the same window always gives the same list.
    public static func due(_ plans: [CyclePlan], from: Timestamp, to: Timestamp) -> [ScheduledReminder] {
        plans.flatMap { plan in
            plan.deliverable.filter { !$0.at.isEarlierInstant(than: from) && $0.at.isEarlierInstant(than: to) }
                .map { ScheduledReminder(userId: plan.userId, cycleId: plan.cycleId, reminder: $0) }
        }.sorted {
            if $0.reminder.at.epochSeconds != $1.reminder.at.epochSeconds { return $0.reminder.at.epochSeconds < $1.reminder.at.epochSeconds }
            if $0.userId != $1.userId { return $0.userId < $1.userId }
            return $0.reminder.attempt < $1.reminder.attempt
        }
    }
}
