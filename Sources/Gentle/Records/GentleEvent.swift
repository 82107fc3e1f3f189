import Ingest

/// What happened in a Gentle Days event (spec 50-companion-apps.md, `events`).
public enum GentleEventType: String, InputEnum {
    case status, care, sos, calendar
    public static let inputTable = EnumTable<GentleEventType>()
}

/// The care action a partner sent.
public enum CareAction: String, InputEnum {
    case text, voice, facetime, hug
    public static let inputTable = EnumTable<CareAction>()
}

/// One Gentle Days event: a status update (with the chips the person chose), a care action, a
/// comfort SOS or a calendar entry, sent by `userId` in `pairId`. `shareStatus` and
/// `shareCalendar`, when given, are that person's sharing settings from this event on.
public struct GentleEvent: Equatable, Sendable {
    public var id: String
    public var pairId: String
    public var userId: String
    public var at: Timestamp
    public var type: GentleEventType
    /// The care action (care events only).
    public var action: CareAction?
    /// The chip ids as chosen, unknown ones and repeats included (status events only).
    public var chips: [String]
    public var shareStatus: Bool?
    public var shareCalendar: Bool?

    public init(id: String, pairId: String, userId: String, at: Timestamp, type: GentleEventType,
                action: CareAction? = nil, chips: [String] = [], shareStatus: Bool? = nil, shareCalendar: Bool? = nil) {
        self.id = id; self.pairId = pairId; self.userId = userId; self.at = at; self.type = type
        self.action = action; self.chips = chips; self.shareStatus = shareStatus; self.shareCalendar = shareCalendar
    }

    /// The person and the pair the event belongs to: the key of sharing settings and throttles.
    public var sender: PairMember { PairMember(userId: userId, pairId: pairId) }

    /// Replay order: by instant, ties by id, so that any order of the input gives the same replay.
    public static func replayOrder(_ a: GentleEvent, _ b: GentleEvent) -> Bool {
        if a.at.epochSeconds != b.at.epochSeconds { return a.at.epochSeconds < b.at.epochSeconds }
        if a.at.nanoseconds != b.at.nanoseconds { return a.at.nanoseconds < b.at.nanoseconds }
        return a.id < b.id
    }
}

/// A person within one pair.
public struct PairMember: Hashable, Sendable {
    public var userId: String
    public var pairId: String
    public init(userId: String, pairId: String) { self.userId = userId; self.pairId = pairId }
}
