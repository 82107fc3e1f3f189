import Foundation
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
    /// given. Per user the latest record that gives a time zone (or a notification status) sets
    /// it; of starts logged on the same date the one read last is the latest. A user whose
    /// records give no time zone is an input error at the user's latest record.
    public static func plans(_ starts: [PeriodStart], settings: CycleSettings, asOf: LocalDate? = nil) throws -> [CyclePlan] {
        let kept = starts.enumerated().filter { item in asOf.map { item.element.startDate <= $0 } ?? true }
        let byUser = Dictionary(grouping: kept, by: { $0.element.userId })
        var plans: [CyclePlan] = []
        var missingZone: [Diagnostic] = []
        for userId in byUser.keys.sorted() {
            // Oldest first; the same date keeps input order, so the last one read is the latest.
            let records = (byUser[userId] ?? []).sorted { ($0.element.startDate, $0.offset) < ($1.element.startDate, $1.offset) }
                .map(\.element)
            guard let latest = records.last else { continue }
            guard let zoneName = records.last(where: { $0.timeZone != nil })?.timeZone, let zone = TimeZones.zone(named: zoneName) else {
                let field = PeriodField.timeZone.name(in: latest.format)
                missingZone.append(Diagnostic(.error, "\(field) is required: no record of this user gives one", at: latest.source))
                continue
            }
            let length = CycleLength(starts: records.map(\.startDate), settings: settings)
            let prediction = latest.startDate.adding(days: length.days)
            let reminders = settings.reminderDaysAfterPrediction.enumerated().compactMap { index, days -> Reminder? in
                let date = prediction.adding(days: days)
                return TimeZones.instant(date, hour: settings.reminderHour, in: zone).map { Reminder(attempt: index + 1, date: date, at: $0) }
            }
            plans.append(CyclePlan(
                userId: userId, cycleId: latest.id, latestStart: latest.startDate, length: length, prediction: prediction,
                timeZone: zoneName, notifications: records.last(where: { $0.notifications != nil })?.notifications ?? .notDetermined,
                reminders: reminders))
        }
        if !missingZone.isEmpty { throw IngestError.invalid(missingZone) }
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
