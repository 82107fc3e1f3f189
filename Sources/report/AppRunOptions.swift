import ArgumentParser
import Catalog

/// The templates folder and how messages are printed; shared by the care and companion-app
/// commands.
struct AppRunOptions: ParsableArguments {
    @Option(name: .customLong("templates"), help: ArgumentHelp("The templates folder (default: found beside the executable or from $REPORT_TEMPLATES).", valueName: "DIR"))
    var templates: String?

    @Flag(name: .customLong("quiet"), help: "Print nothing on standard error but errors and warnings.")
    var quiet = false

    @Option(name: .customLong("log-format"), help: "Format of messages on standard error.")
    var logFormat: LogFormat = .text

    var console: Console { Console(quiet: quiet, format: logFormat) }

    /// The templates of `app` (`curaknot`, `cycle`, `mindfulhome`, `gentle`).
    func templateSet(app: String) throws -> TemplateSet {
        try TemplateSet(directory: TemplateDirectory.locate(explicit: templates), app: app)
    }
}
