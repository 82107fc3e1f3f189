/// The feeling chips a person can choose (seed §5.2), by the id the app stores.
public enum Chip: String, CaseIterable, Sendable {
    case tender, calm, tired
    case needingSpace = "needing_space"
    case extraLove = "extra_love"
    case fragile, grateful, anxious, peaceful, sensitive, content, overwhelmed

    /// Tired or low chips: one of them followed by a settled chip joins with "but".
    public var isLow: Bool { self == .tired || self == .fragile || self == .sensitive }

    /// Settled chips: the second half of a "but" pair.
    public var isSettled: Bool { self == .calm || self == .peaceful || self == .content }

    /// The known chips of `ids` in the order chosen, each once; unknown ids are dropped.
    public static func chosen(_ ids: [String]) -> [Chip] {
        var seen = Set<Chip>()
        return ids.compactMap(Chip.init(rawValue:)).filter { seen.insert($0).inserted }
    }
}
