import ArgumentParser
import Catalog

/// The run-wide settings every care command shares: the templates and the messages' settings.
struct CareRunOptions: ParsableArguments {
    @Option(name: .customLong("templates"), help: ArgumentHelp("The templates folder (default: found beside the executable or from $REPORT_TEMPLATES).", valueName: "DIR"))
    var templates: String?

    @Flag(name: .customLong("quiet"), help: "Print nothing on standard error but errors and warnings.")
    var quiet = false

    @Option(name: .customLong("log-format"), help: "Format of messages on standard error.")
    var logFormat: LogFormat = .text

    var console: Console { Console(quiet: quiet, format: logFormat) }

    /// The CuraKnot templates.
    func templateSet() throws -> TemplateSet {
        try TemplateSet(directory: TemplateDirectory.locate(explicit: templates), app: "curaknot")
    }
}
