import Catalog
import ReportKit

/// Runs `gentle notify`: replays the events under the throttle settings and writes each one's
/// decision and texts, as text for a person or JSON lines for the job that sends them.
public struct NotifyJob: ReportJob {
    public struct Request: Sendable {
        public var json: Bool
        public init(json: Bool) { self.json = json }
    }

    let presenter: NotifyPresenter
    let replay: GentleReplay

    /// Loads the wording and the throttle settings, so a broken template fails before any input
    /// is read.
    public init(templates: TemplateSet) throws {
        presenter = try NotifyPresenter(templates: templates)
        replay = GentleReplay(settings: try ThrottleSettings.load(templates))
    }

    public func run(_ events: [GentleEvent], _ request: Request, in context: ReportContext) throws {
        let decisions = replay.run(events)
        try context.writeText(request.json ? try presenter.jsonLines(decisions) : try presenter.text(decisions))
    }
}

/// Runs `gentle export`: one person's own data as JSON, never the partner's; a person with no
/// events is an input error and nothing is written.
public struct GentleExportJob: ReportJob {
    public struct Request: Sendable {
        public var userId: String
        public init(userId: String) { self.userId = userId }
    }

    public init(templates: TemplateSet) {}
    public init() {}

    public func run(_ events: [GentleEvent], _ request: Request, in context: ReportContext) throws {
        try context.writeText(try GentleExport.document(userId: request.userId, events: events).serialized())
    }
}
