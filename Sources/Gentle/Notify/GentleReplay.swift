import Ingest

/// Why a partner was not notified of an event.
public enum NotSentReason: String, CaseIterable, Sendable {
    /// The type's limit within its rolling window was reached.
    case throttled
    /// The person does not share this (status or calendar sharing is off).
    case sharingOff
    /// The calendar notification was already sent once for this person and pair.
    case alreadySent
}

/// The decision for one event: sent, or not and why.
public struct NotifyDecision: Equatable, Sendable {
    public var event: GentleEvent
    public var reason: NotSentReason?
    public var sent: Bool { reason == nil }
}

/// Replays events in time order and decides for each whether the partner is notified (spec
/// 50-companion-apps.md, "Notifications"; seed §6): sharing is the latest `shareStatus` /
/// `shareCalendar` seen for the person and pair, this event's own values included, off until
/// seen; a status update is sent only while status sharing is on and within its limit; care
/// actions and SOS within theirs; the calendar notification once ever per person and pair, on a
/// calendar event while calendar sharing is on. Only sent notifications count toward a limit.
public struct GentleReplay {
    public let settings: ThrottleSettings

    public init(settings: ThrottleSettings) { self.settings = settings }

    private struct MemberState {
        var shareStatus = false
        var shareCalendar = false
        var calendarSent = false
        var status: RollingLimit
        var care: RollingLimit
        var sos: RollingLimit
    }

    /// The decisions in replay order (`GentleEvent.replayOrder`), whatever the order of `events`.
    public func run(_ events: [GentleEvent]) -> [NotifyDecision] {
        var states: [PairMember: MemberState] = [:]
        return events.sorted(by: GentleEvent.replayOrder).map { event in
            var state = states[event.sender] ?? MemberState(status: RollingLimit(settings.status),
                                                            care: RollingLimit(settings.care), sos: RollingLimit(settings.sos))
            defer { states[event.sender] = state }
            if let on = event.shareStatus { state.shareStatus = on }
            if let on = event.shareCalendar { state.shareCalendar = on }
            let reason: NotSentReason?
            switch event.type {
            case .status:
                reason = !state.shareStatus ? .sharingOff : Self.take(&state.status, at: event.at)
            case .care:
                reason = Self.take(&state.care, at: event.at)
            case .sos:
                reason = Self.take(&state.sos, at: event.at)
            case .calendar:
                reason = !state.shareCalendar ? .sharingOff : state.calendarSent ? .alreadySent : nil
                if reason == nil { state.calendarSent = true }
            }
            return NotifyDecision(event: event, reason: reason)
        }
    }

    /// `nil` (sent, and counted) when `limit` allows one more at `at`, else `.throttled`.
    private static func take(_ limit: inout RollingLimit, at: Timestamp) -> NotSentReason? {
        guard limit.allows(at: at) else { return .throttled }
        limit.record(at)
        return nil
    }
}
