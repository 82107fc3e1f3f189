import ArgumentParser
import Catalog
import CuraKnot
import Foundation
import Ingest
import ReportKit

struct CareDirectoryCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "directory",
        abstract: "The care network directory: a listing of the providers, or a PDF, CSV or vCard export.",
        discussion: """
            Reads provider exports (JSON or CSV). Without -o it prints a plain listing grouped by \
            role and sorted by name. -o writes a PDF, CSV or vCard 4.0 file, told by its extension \
            (.pdf, .csv, .vcf), atomically with mode 0600. Free is view only: -o exits 3. Family adds \
            the family's notes and ratings (in the vCard as NOTE).

            Example:
              report care directory samples/care/providers.json --tier family -o team.vcf
            """)

    @Argument(help: ArgumentHelp("Provider exports (.json or .csv).", valueName: "FILE"))
    var files: [String]

    @Option(name: .customLong("tier"), help: "The circle's tier; export needs plus, notes and ratings need family.")
    var tier: CareTier

    @Option(name: .shortAndLong, help: ArgumentHelp("Write OUT.pdf, OUT.csv or OUT.vcf instead of the listing.", valueName: "OUT"))
    var output: String?

    @OptionGroup var options: AppRunOptions

    @OptionGroup var reading: ReadingOptions

    var console: Console { options.console }

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("no FILE given") }
        if let output {
            guard DirectoryFormat(path: output) != nil else {
                throw ValidationError("cannot tell the format of '\(output)': use a .pdf, .csv or .vcf file name")
            }
            try OutputTarget(path: output).refuseClobbering(files)
        }
    }

    func run() throws {
        if output != nil && tier == .free {
            throw CommandFailure(status: .tier, message: "exporting the directory is not available in the free tier; it needs plus")
        }
        let templateSet = try options.templateSet(app: "curaknot")
        let job = try DirectoryJob(templates: templateSet)
        let read = try ProviderReader.read(files.map { InputSource(path: $0) }, options: reading.ingestOptions())
        console.print(read.warnings)
        if read.skipped > 0 { console.warning("skipped \(read.skipped) invalid record\(read.skipped == 1 ? "" : "s")") }
        let entries = read.records
        let content: DirectoryContent = tier == .family ? .family : .standard
        guard let output, let format = DirectoryFormat(path: output) else {
            try writeStandardOutput(try job.listing(entries, content: content))
            return
        }
        // SOURCE_DATE_EPOCH pins the date shown and the PDF's creation date (reproducible output).
        let epoch = RunInfo.sourceDateEpoch()
        let today = RunInfo.today(epoch ?? Date())
        let run = RunInfo(asOf: today, generatedAt: epoch ?? Date())
        let result = try job.write(entries, content: content, format: format, run: run, to: OutputTarget(path: output))
        for w in result.fontWarnings { console.warning(w) }
        let pages = result.pages.map { ", \($0) page\($0 == 1 ? "" : "s")" } ?? ""
        console.info("wrote \(output): \(entries.count) provider\(entries.count == 1 ? "" : "s")\(pages)")
    }
}
