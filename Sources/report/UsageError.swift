import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Ingest
import Quoting

/// Every usage error in the tool's one message format, whoever found it (the argument parser, a
/// command's `validate()`, a mistyped command word): `report: error: MESSAGE` on one line, then
/// the command's usage and where its help is; with `--log-format json`, one JSON line whose
/// message leaves out what the user typed. Exit status 2.
///
/// The parser's own sentences are put into the tool's voice here, with what a newcomer needs
/// next: the closest command, option or value to a mistyped one ("did you mean"), why a date is
/// not one ("not a real date"), the help of a missing option.
struct UsageError {
    /// One line: what is wrong (the values typed, quoted).
    var message: String
    /// The same without details that repeat a value (the month of an impossible date).
    var messageForLogs: String
    /// "Usage: …" and "See '… --help' …" lines, or empty.
    var usage: String

    init(_ error: Error, arguments: [String]) {
        let walk = CommandWalk(arguments)
        if let unknown = walk.unknownCommand {
            let group = walk.path.last ?? Report.self
            let names = group.configuration.subcommands.map(LeafDispatch.name(of:))
            let prefix = walk.words.joined(separator: " ")
            let typed = (prefix.isEmpty ? "" : prefix + " ") + unknown
            if let near = Suggestion.closest(to: unknown, among: names) {
                message = "unknown command '\(typed)'; did you mean '\((prefix.isEmpty ? "" : prefix + " ") + near)'?"
            } else {
                message = "unknown command '\(typed)'; the \(prefix.isEmpty ? "" : prefix + " ")commands are \(names.joined(separator: ", "))"
            }
            messageForLogs = message
            let path = (["report"] + walk.words).joined(separator: " ")
            usage = "Usage: \(path) <subcommand>\n  See '\(path) --help' for more information."
            return
        }
        let full = Report.fullMessage(for: error)
        let lines = full.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let help = lines.first { $0.hasPrefix("Help:  ") }.map { String($0.dropFirst("Help:  ".count)) }
        usage = lines.firstIndex { $0.hasPrefix("Usage:") }.map { lines[$0...].joined(separator: "\n") } ?? ""
        if usage.isEmpty, let leaf = walk.path.last {
            // A failure thrown by `validate()` that is not a `ValidationError` (an output name):
            // the same usage lines as any other.
            let path = (["report"] + walk.words).joined(separator: " ")
            usage = "Usage: " + Report.usageString(for: leaf) + "\n  See '\(path) --help' for more information."
        }
        usage = HelpText.wrapped(usage)
        let rewritten = UsageError.rewrite(Report.message(for: error), help: help, leaf: walk.path.last ?? Report.self,
                                           arguments: arguments)
        message = rewritten.text
        messageForLogs = rewritten.forLogs
    }

    /// Prints the error as text or as one JSON line.
    func print(json: Bool) {
        if json {
            Console(format: .json).emit(level: "error", UsageLog.redacted(messageForLogs))
        } else {
            StandardStreams.writeError("report: error: \(message)\n" + (usage.isEmpty ? "" : usage.hasSuffix("\n") ? usage : usage + "\n"))
        }
    }

    /// The parser's message `raw` in the tool's words; `help` is the parser's "Help:" line for the
    /// option concerned (its synopsis, two spaces, its abstract).
    static func rewrite(_ raw: String, help: String?, leaf: ParsableCommand.Type,
                        arguments: [String] = []) -> (text: String, forLogs: String) {
        let firstLine = raw.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? raw
        let abstract = help.flatMap { h in h.firstRange(of: "  ").map { sentence(String(h[$0.upperBound...])) } }

        if let m = firstLine.wholeMatch(of: /Unknown option '([^']+)'(?:\. Did you mean '[^']+'\?)?/) {
            var name = String(m.1)
            let names = optionNames(of: leaf)
            var near = Suggestion.closest(to: name, among: names.filter { $0.hasPrefix("--") || name.count <= 2 })
            // `-output`: read as the short options -o, -u, …; what was meant is the long one.
            let options = arguments.prefix { $0 != "--" }
            if let single = options.first(where: { $0.hasPrefix("-") && !$0.hasPrefix("--") && $0.count > 2 && !names.contains($0) }),
               let long = Suggestion.closest(to: "-" + single.prefix { $0 != "=" }, among: names.filter { $0.hasPrefix("--") }) {
                (name, near) = (single, long)
            }
            let text = "unknown option '\(name)'" + (near.map { "; did you mean '\($0)'?" } ?? "")
            return (text, text)
        }
        if let m = raw.wholeMatch(of: /The value '((?s).*)' is invalid for '([^']+)'((?s).*)/) {
            let value = String(m.1), option = String(m.2), rest = String(m.3)
            let start = "invalid value '\(value)' for '\(option)'"
            if option.hasSuffix("<D>"), let problem = LocalDate.argumentProblem(value) {
                return (start + ": " + problem, start + ": " + problem.prefix { $0 != ":" })
            }
            if option.hasSuffix("<INSTANT>"), let problem = Timestamp.argumentProblem(value) {
                return (start + ": " + problem, start + ": " + problem.prefix { $0 != ":" })
            }
            if rest.hasPrefix(": ") {
                let text = start + rest
                return (text, text)
            }
            if rest.hasPrefix(". Please provide one of") {
                let values = rest.contains("\n  - ")
                    ? rest.split(separator: "\n").dropFirst().map { String($0.drop { $0 == " " || $0 == "-" }) }
                    : rest.matches(of: /'([^']*)'/).map { String($0.1) }
                var text = start + ": use " + listed(values.map { "'\($0)'" }, last: "or")
                if let near = Suggestion.closest(to: value, among: values) { text += "; did you mean '\(near)'?" }
                return (text, text)
            }
            let text = start + (option.hasSuffix("<N>") ? ": not a whole number" : "")
            return (text, text)
        }
        if let m = firstLine.wholeMatch(of: /Missing expected argument '([^']+)'/) {
            let text = "missing '\(m.1)'" + (abstract.map { ": " + $0 } ?? "")
            return (text, text)
        }
        if let m = firstLine.wholeMatch(of: /Missing value for '([^']+)'/) {
            let text = "missing value for '\(m.1)'" + (abstract.map { ": " + $0 } ?? "")
            return (text, text)
        }
        if let m = firstLine.wholeMatch(of: /Unexpected argument '((?s).*)'/) {
            let text = "unexpected argument '\(m.1)'"
            return (text, text)
        }
        if let m = firstLine.wholeMatch(of: /\d+ unexpected arguments: ((?s).*)/) {
            let text = "unexpected arguments \(m.1)"
            return (text, text)
        }
        if let m = firstLine.wholeMatch(of: /The option '([^']+)' does not take any value, but '((?s).*)' was specified\./) {
            let text = "'\(m.1)' takes no value, but '\(m.2)' was given"
            return (text, text)
        }
        let text = sentence(raw)
        return (text, text)
    }

    /// `text` as a clause of the tool's messages: a leading capital of an ordinary word lowered
    /// ("Missing …" → "missing …", "PDF" stays), the final full stop dropped.
    static func sentence(_ text: String) -> String {
        var s = text.hasSuffix(".") ? String(text.dropLast()) : text
        if let first = s.first, first.isUppercase, s.dropFirst().first?.isLowercase == true {
            s = first.lowercased() + s.dropFirst()
        }
        return s
    }

    /// `a`, `a or b`, `a, b or c`.
    static func listed(_ items: [String], last word: String) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(word) " + (items.last ?? "")
    }

    /// The option names `command` takes, as its help lists them (`-o`, `--output`, …).
    static func optionNames(of command: ParsableCommand.Type) -> [String] {
        let help = Report.helpMessage(for: command, columns: 10_000)
        var names: [String] = []
        for line in help.split(separator: "\n") where line.hasPrefix("  -") {
            for word in line.split(separator: " ").prefix(4) {
                let name = word.trimmed(.characters([","]))
                if name.hasPrefix("-"), !names.contains(name) { names.append(name) }
            }
        }
        return names
    }
}

/// The command words at the start of a command line, as far as they name commands: the commands
/// they lead to, and the first word that should have named one and does not.
struct CommandWalk {
    /// The commands from the root's first subcommand on.
    var path: [ParsableCommand.Type] = []
    /// The command words matched.
    var words: [String] = []
    /// A word in a command's place that names none of the group's commands.
    var unknownCommand: String?

    init(_ arguments: [String]) {
        var command: ParsableCommand.Type = Report.self
        for word in arguments {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty, !word.hasPrefix("-"), word != "help" else { break }
            guard let sub = subcommands.first(where: { LeafDispatch.name(of: $0) == word }) else {
                unknownCommand = word
                break
            }
            path.append(sub)
            words.append(word)
            command = sub
        }
    }
}
