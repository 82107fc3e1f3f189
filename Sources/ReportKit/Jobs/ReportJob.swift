import Catalog
import Render

/// One report, as every command and the batch run it: made once from the templates (so a broken
/// template fails before any input is read), then run on the inputs and what was asked for, in a
/// context that holds the run's dates, the output and where messages go.
///
/// A command is parse → gates → job → read → context → run; the batch keeps one job per report
/// per worker and runs each user through the same `run`.
public protocol ReportJob {
    /// What the job reads (records, already ingested).
    associatedtype Inputs
    /// What the person asked for besides the inputs (range, format, sections, …).
    associatedtype Request
    /// What the job did, for the command's closing line (pages, records written, …).
    associatedtype Outcome
    /// The app's tiers; `NoTiers` for an app without tiers.
    associatedtype Tier: AppTier = NoTiers

    init(templates: TemplateSet) throws

    /// The tiers `request` needs, checked in this order before anything is read; empty when
    /// every tier may run it.
    static func gates(for request: Request) -> [TierGate<Tier>]

    /// Runs the report: writes its output through `context`, whole or not at all.
    func run(_ inputs: Inputs, _ request: Request, in context: ReportContext) throws -> Outcome

    /// The fonts the job's PDF layout measures (loaded in this order): a command loads them
    /// on a spare core while it reads the input (`PangoMeasurer.preload`). A font missing here is
    /// loaded when first measured; this list is about speed, never about what is drawn. Empty
    /// for a job that writes no PDF.
    var fonts: [FontSpec] { get }
}

extension ReportJob {
    public static func gates(for request: Request) -> [TierGate<Tier>] { [] }
    public var fonts: [FontSpec] { [] }
}
