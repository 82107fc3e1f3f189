import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import ReportKit

/// Parses a plain command line straight into its leaf command, skipping the work ArgumentParser
/// does for the whole command tree.
///
/// `report headache summary FILE -o OUT` names its command by its leading words. Parsing the leaf
/// alone gives the same command with the same values and validation, but costs a few
/// milliseconds less at start-up: a person running one report pays that on every run. Anything
/// that is not a successful plain parse (help, `--version`, completion requests, a usage error)
/// returns nil, and the caller parses the whole line from the root as before, so messages and
/// exit statuses stay exactly ArgumentParser's.
enum LeafDispatch {
    /// Words that ask ArgumentParser for something other than a parse: left to the full parser.
    static let reserved: Set<String> = ["-h", "--help", "-help", "help", "--version",
                                        "--generate-completion-script", "--experimental-dump-help"]

    /// The commands that read a plain line themselves (`PlainParsable`), skipping ArgumentParser's
    /// reflection: those a person runs for one report or file. Listed rather than found by a
    /// cast, which would cost a scan of the conformance records.
    static let plainCommands: [PlainParsable.Type] = [
        SummaryCommand.self, ClinicalCommand.self, InsightsCommand.self, ExportCommand.self,
        CarePatternsCommand.self, CareExpensesCommand.self, CareDirectoryCommand.self, HomeLedgerCommand.self,
    ]

    static func parse(_ root: ParsableCommand.Type, _ arguments: ArraySlice<String>) -> ParsableCommand? {
        guard let (command, rest) = leaf(root, arguments) else { return nil }
        if let plain = plainCommands.first(where: { $0 == command }), let parsed = plain.parsePlain(rest) {
            #if DEBUG
            crossCheck(parsed, command, rest)
            #endif
            return parsed
        }
        return try? command.parseAsRoot(Array(rest))
    }

    /// Debug builds: stops when ArgumentParser does not give the same command as the plain line
    /// did (every property, defaults included), so that the end-to-end tests, which run the
    /// debug build, check the two parsers against each other on every line they run.
    static func crossCheck(_ parsed: ParsableCommand, _ command: ParsableCommand.Type, _ arguments: ArraySlice<String>) {
        let plain = String(describing: parsed)
        let full: String
        do { full = String(describing: try command.parseAsRoot(Array(arguments))) } catch { full = "error: \(error)" }
        guard plain != full else { return }
        // Option names only: the values may be health data (a patient's name), which never
        // goes to a log, not even a debug build's.
        let options = arguments.filter { $0.hasPrefix("-") }.map { $0.split(separator: "=", maxSplits: 1).first.map(String.init) ?? $0 }
        fatalError("the plain parse of a line with options \(options) and \(arguments.count - options.count) other words differs from ArgumentParser's")
    }

    /// The leaf command a plain command line names by its leading words, and the words after
    /// them; nil for anything left to the full parser.
    static func leaf(_ root: ParsableCommand.Type, _ arguments: ArraySlice<String>) -> (ParsableCommand.Type, ArraySlice<String>)? {
        guard !arguments.contains(where: { reserved.contains($0) || $0.hasPrefix("---") || $0.hasPrefix("--generate-completion") })
        else { return nil }
        var command = root
        var rest = arguments
        while let word = rest.first,
              let sub = subcommands(of: command).first(where: { name(of: $0) == word }) {
            command = sub
            rest = rest.dropFirst()
        }
        guard command != root, subcommands(of: command).isEmpty else { return nil }
        return (command, rest)
    }

    /// A command's subcommands. The root's are taken from its list, not from its configuration:
    /// that one's discussion is the map of every command (`Report.commandMap`), which makes the
    /// configuration of every command in the tree (0.4 M instructions at each start).
    static func subcommands(of command: ParsableCommand.Type) -> [ParsableCommand.Type] {
        command == Report.self ? Report.subcommands : command.configuration.subcommands
    }

    /// Whether a command line will draw a PDF, told before it is parsed (parsing costs about
    /// 2 ms): a plain line naming a command that always draws one (`ReportCommand.alwaysDrawsPDF`)
    /// and an existing file among its words, its input. A line that names no file (help, a usage
    /// error without an input) is told after parsing, by `ReportCommand.drawsPDF`, or never.
    static func drawsPDF(_ root: ParsableCommand.Type, _ arguments: ArraySlice<String>) -> Bool {
        // Found in the list, not by a cast to `ReportCommand.Type`: a scan of the conformance
        // records. The commands that always draw one read plain lines.
        guard let (command, rest) = leaf(root, arguments),
              let report = plainCommands.first(where: { $0 == command }), report.alwaysDrawsPDF else { return false }
        return rest.contains { word in
            guard let first = word.utf8.first, first != UInt8(ascii: "-") else { return false }
            var info = stat()
            return stat(word, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        }
    }

    static func name(of command: ParsableCommand.Type) -> String {
        command.configuration.commandName ?? String(describing: command).lowercased()
    }
}
