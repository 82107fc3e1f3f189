import Catalog

/// The Aurae insights rules, loaded once from `templates/thresholds` and `templates/medications`:
/// every threshold and list the analysis uses. Nothing of this is written in Swift code, and
/// nothing of it is wording.
///
/// Both files are used as read, their keys the property names, so a new threshold is one
/// field where the rules read it. The values the rules need in another form (a share as
/// millionths, labels and bands in order, lower-cased names) are made, and checked, by the type
/// that decodes them (`Thresholds.swift`, `Medications.swift`), once per load.
public struct InsightsConfig: Sendable {
    /// `templates/thresholds/aurae.json`.
    public let thresholds: Thresholds
    /// `templates/medications/aurae.json`.
    public let medications: Medications

    public init(templates: TemplateSet) throws {
        thresholds = try Thresholds(templates.node(file: templates.thresholdsFile))
        medications = try Medications(templates.node(file: templates.medicationsFile))
    }
}
