import Catalog

/// What every report job of one run shares: the templates (wording, brand, thresholds), the run's
/// dates, and where the output goes.
public struct ReportContext {
    public var templates: TemplateSet
    public var run: RunInfo
    public var output: OutputTarget

    public init(templates: TemplateSet, run: RunInfo, output: OutputTarget) {
        self.templates = templates; self.run = run; self.output = output
    }
}
