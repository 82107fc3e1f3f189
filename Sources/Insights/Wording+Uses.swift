extension InsightsConfig {
    /// Wording keys used by the full analysis (filled in with the analysis).
    static var analysisWordingUses: [(key: String, placeholders: Set<String>)] { [] }
}
