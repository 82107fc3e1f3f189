import ReportKit

/// The CuraKnot tiers, per circle.
public enum CareTier: String, CaseIterable, Sendable {
    case free, plus, family
}

extension CareTier: AppTier {
    /// "the expense report is not available in the free tier; it needs plus"
    public static func refusal(_ gate: TierGate<CareTier>, given: CareTier) -> String {
        "\(gate.feature) \(gate.plural ? "are" : "is") not available in the \(given.rawValue) tier; "
            + "\(gate.plural ? "they need" : "it needs") \(gate.minimum.rawValue)"
    }
}

/// What each CuraKnot feature needs, in one place; the commands check these before reading.
public enum CareGates {
    public static let patterns = TierGate<CareTier>("symptom pattern surfacing", needs: .plus)
    public static let directoryExport = TierGate<CareTier>("exporting the directory", needs: .plus)
    public static let expenses = TierGate<CareTier>("the expense report", needs: .plus)
    public static let expenseFiles = TierGate<CareTier>("the PDF and CSV expense report", needs: .family)
    public static let projections = TierGate<CareTier>("projections and benchmarks", needs: .family, plural: true)
}
