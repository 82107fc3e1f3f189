import ArgumentParser
import Catalog
import CuraKnot
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Ingest
import ReportKit

struct CareDirectoryCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "directory",
        abstract: "The care network directory: a listing of the providers, or a PDF, CSV or vCard export.",
        discussion: """
            Reads provider exports (JSON or CSV). Without -o it prints a plain listing grouped by \
            care circle and role, sorted by name. -o writes one circle's PDF (a card per provider), \
            CSV or vCard 4.0 file, told by its extension (.pdf, .csv, .vcf), atomically with mode \
            0600; when the input holds several circles it needs --circle. Free is view only: -o \
            exits 3. Family adds the family's notes and ratings (in the vCard as NOTE).

            Examples:
              report care directory samples/care/providers.json --tier family \\
                --circle c-1 -o team.vcf
              report care directory samples/care/providers.json --tier plus \\
                --circle c-1 --recipient-name "Rose" -o team.pdf
            """)

    @Argument(help: ArgumentHelp("Provider exports (.json or .csv).", valueName: "FILE"))
    var files: [String]

    @Option(name: .customLong("tier"), help: "The circle's tier; export needs plus, notes and ratings need family.")
    var tier: CareTier

    @Option(name: .shortAndLong, help: ArgumentHelp("Write OUT.pdf, OUT.csv or OUT.vcf instead of the listing.", valueName: "OUT"))
    var output: String?

    @Option(name: .customLong("circle"), help: ArgumentHelp("The care circle whose providers to list or export.", valueName: "ID"))
    var circle: String?

    @Option(name: .customLong("recipient-name"), help: ArgumentHelp("The care recipient's name, printed on every page of the PDF instead of the circle id.", valueName: "NAME"))
    var recipientName: String?

    @Option(name: .customLong("as-of"), help: ArgumentHelp("The date the PDF shows, YYYY-MM-DD (default: today, UTC); with it the same input gives the same bytes.", valueName: "D"))
    var asOf: LocalDate?

    @OptionGroup var options: CommonOptions

    @OptionGroup var reading: ReadingOptions

    var console: Console { options.console }
    var drawsPDF: Bool { output.flatMap(DirectoryFormat.init(path:)) == .pdf }

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("no FILE given") }
        if let output {
            _ = try OutputTarget(path: output).format(among: [.pdf, .csv, .vcf], standardOutput: false)
            guard DirectoryFormat(path: output) != nil else {
                throw ValidationError("cannot tell the format of '\(output)': use a .pdf, .csv or .vcf file name")
            }
            try OutputTarget(path: output).refuseClobbering(files)
        }
    }

    func run() throws {
        let request = DirectoryJob.Request(content: tier == .family ? .family : .standard,
                                           format: output.flatMap(DirectoryFormat.init(path:)), circle: circle, recipientName: recipientName)
        try DirectoryJob.gates(for: request).check(tier)
        let job = try DirectoryJob(templates: try options.templateSet(app: "curaknot"))
        let entries = console.reading(try ProviderReader.read(files.map { InputSource(path: $0) }, options: reading.ingestOptions())).records
        let context = options.context(asOf: asOf, output: output.map(OutputTarget.init(path:)) ?? .standardOutput)
        let written = try job.run(entries, request, in: context)
        if let output { console.wrote(output, [counted(written.providers, "provider")] + (written.pages.map { [counted($0, "page")] } ?? [])) }
    }
}

/// Read from a plain line without ArgumentParser (`PlainLine`); debug builds check it against
/// ArgumentParser on every line (`LeafDispatch.crossCheck`).
extension CareDirectoryCommand: PlainParsable {
    static let plainFlags = CommonOptions.plainFlags.union(ReadingOptions.plainFlags)

    init(plain line: inout PlainLine) throws {
        var made = Self()
        made.files = line.inputWords()
        made.tier = try line.required("tier")
        made.output = try line.value("output")
        made.circle = try line.value("circle")
        made.recipientName = try line.value("recipient-name")
        made.asOf = try line.value("as-of")
        made.options = try CommonOptions(plain: &line)
        made.reading = try ReadingOptions(plain: &line)
        self = made
    }
}
