import ArgumentParser
import Catalog

/// What the care commands that read files instead of the store share: the templates, the input
/// reading options and the messages' settings.
struct CareFileOptions: ParsableArguments {
    @Option(name: .customLong("templates"), help: ArgumentHelp("The templates folder (default: found beside the executable or from $REPORT_TEMPLATES).", valueName: "DIR"))
    var templates: String?

    @OptionGroup var reading: ReadingOptions

    @Flag(name: .customLong("quiet"), help: "Print nothing but errors and warnings.")
    var quiet = false

    @Option(name: .customLong("log-format"), help: "Format of messages on standard error.")
    var logFormat: LogFormat = .text

    var console: Console { Console(quiet: quiet, format: logFormat) }

    /// The CuraKnot templates.
    func templateSet() throws -> TemplateSet {
        try TemplateSet(directory: TemplateDirectory.locate(explicit: templates), app: "curaknot")
    }
}
