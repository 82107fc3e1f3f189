/// The CuraKnot tiers, per circle.
public enum CareTier: String, CaseIterable, Sendable {
    case free, plus, family
}
