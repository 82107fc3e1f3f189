import ReportKit

/// Why an export cannot be made.
public enum GentleExportError: ReportFailure, Equatable, CustomStringConvertible {
    /// A user with no events is invalid input (exit status 1).
    public var kind: FailureKind { .invalidInput }

    /// No event was sent by the user asked for, so nothing of theirs is known.
    case unknownUser

    public var description: String {
        "no event in the input was sent by the user given with --user; nothing was written"
    }
}

/// One person's own Gentle Days data (seed §15.2): their latest sharing settings per pair, their
/// status history (status updates with the chips they chose, and their comfort SOS), their
/// calendar entries, and the care actions they received from their partner. Never the partner's
/// data: nothing the partner sent except care actions addressed to this person, and of those
/// only what the action was and when, not who sent it. Entries are in replay order.
public enum GentleExport {
    /// The export document for `userId`; throws `unknownUser` when no event was sent by them.
    public static func document(userId: String, events: [GentleEvent]) throws -> JSONOutput {
        let ordered = events.sorted(by: GentleEvent.replayOrder)
        let own = ordered.filter { $0.userId == userId }
        guard !own.isEmpty else { throw GentleExportError.unknownUser }
        let pairs = Set(own.map(\.pairId))
        var settings: [String: (status: Bool, calendar: Bool)] = [:]
        var pairOrder: [String] = []
        for e in own {
            if settings[e.pairId] == nil { pairOrder.append(e.pairId) }
            var s = settings[e.pairId] ?? (false, false)
            if let on = e.shareStatus { s.status = on }
            if let on = e.shareCalendar { s.calendar = on }
            settings[e.pairId] = s
        }
        let settingsJSON = pairOrder.map { pair -> JSONOutput in
            let s = settings[pair] ?? (false, false)
            return .object([("pairId", .string(pair)), ("shareStatus", .bool(s.status)), ("shareCalendar", .bool(s.calendar))])
        }
        let statuses = own.filter { $0.type == .status || $0.type == .sos }.map { e -> JSONOutput in
            var fields = entry(e)
            if e.type == .sos { fields.append(("sos", .bool(true))) } else { fields.append(("chips", .array(e.chips.map { .string($0) }))) }
            return .object(fields)
        }
        let calendar = own.filter { $0.type == .calendar }.map { JSONOutput.object(entry($0)) }
        let received = ordered.filter { $0.type == .care && $0.userId != userId && pairs.contains($0.pairId) }.map { e in
            JSONOutput.object(entry(e) + (e.action.map { [("action", JSONOutput.string($0.rawValue))] } ?? []))
        }
        return .object([
            ("userId", .string(userId)),
            ("settings", .array(settingsJSON)),
            ("statusHistory", .array(statuses)),
            ("calendarEntries", .array(calendar)),
            ("careActionsReceived", .array(received)),
        ])
    }

    private static func entry(_ e: GentleEvent) -> [(String, JSONOutput)] {
        [("id", .string(e.id)), ("pairId", .string(e.pairId)), ("at", .string(e.at.description))]
    }
}
