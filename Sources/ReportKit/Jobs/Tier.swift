/// An app's subscription tiers, lowest first (`allCases` order): Aurae's free and premium,
/// CuraKnot's free, plus and family. A tier is at least another when it comes no earlier.
public protocol AppTier: RawRepresentable, CaseIterable, Sendable, Equatable where RawValue == String, AllCases == [Self] {
    /// What a run of `given` is told when `feature` needs `needed` (its exit status is 3).
    static func refusal(_ feature: TierGate<Self>, given: Self) -> String
}

extension AppTier {
    /// Whether `self` comes no earlier than `other` in the app's tiers.
    public func isAtLeast(_ other: Self) -> Bool {
        (Self.allCases.firstIndex(of: self) ?? 0) >= (Self.allCases.firstIndex(of: other) ?? 0)
    }
}

/// What one feature of a report needs: its name in messages and the lowest tier that has it.
/// Jobs declare their gates as data (`ReportJob.gates(for:)`); the command line and the batch
/// check them the same way, before any input is read.
public struct TierGate<Tier: AppTier>: Sendable {
    /// The feature as a message names it: "the clinical report", "projections and benchmarks".
    public var feature: String
    public var minimum: Tier
    /// Whether `feature` is plural ("they need").
    public var plural: Bool

    public init(_ feature: String, needs minimum: Tier, plural: Bool = false) {
        self.feature = feature; self.minimum = minimum; self.plural = plural
    }

    public func allows(_ tier: Tier) -> Bool { tier.isAtLeast(minimum) }
}

/// A refusal for the tier: exit status 3, nothing read or written.
public struct TierRefusal: ReportFailure, Equatable {
    public var message: String
    public var kind: FailureKind { .tier }
    public var description: String { message }
}

extension Array {
    /// Throws the refusal of the first gate `tier` does not pass, in order.
    public func check<Tier>(_ tier: Tier) throws where Element == TierGate<Tier> {
        if let gate = first(where: { !$0.allows(tier) }) {
            throw TierRefusal(message: Tier.refusal(gate, given: tier))
        }
    }

    /// Whether `tier` passes every gate.
    public func allow<Tier>(_ tier: Tier) -> Bool where Element == TierGate<Tier> {
        allSatisfy { $0.allows(tier) }
    }
}

/// The tier of apps without tiers (Cycle, Gentle Days, Mindful Home): every feature is in it.
public enum NoTiers: String, AppTier {
    case any
    public static func refusal(_ feature: TierGate<NoTiers>, given: NoTiers) -> String { "" }
}
