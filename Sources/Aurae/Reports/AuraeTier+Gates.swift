import ReportKit

extension AuraeTier: AppTier {
    /// "the clinical report needs the premium tier (--tier premium); nothing was written"
    public static func refusal(_ gate: TierGate<AuraeTier>, given: AuraeTier) -> String {
        "\(gate.feature) needs the \(gate.minimum.rawValue) tier (--tier \(gate.minimum.rawValue)); nothing was written"
    }
}
