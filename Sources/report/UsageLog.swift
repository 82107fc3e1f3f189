import ArgumentParser
import ReportKit

/// Usage errors as `--log-format json` lines: found before parsing (the parser may fail before it
/// has read the option), written with every value the user typed left out, since an argument may
/// carry a patient's name.
enum UsageLog {
    /// Whether `arguments` (without the program name) ask for JSON log lines: the last
    /// `--log-format json` or `--log-format=json` before any `--`.
    static func wantsJSON<C: Collection>(_ arguments: C) -> Bool where C.Element == String {
        var json = false
        var previous: String?
        for argument in arguments {
            if argument == "--" { break }
            if previous == "--log-format" { json = argument == "json" }
            if argument.hasPrefix("--log-format=") { json = argument.dropFirst("--log-format=".count) == "json" }
            previous = argument
        }
        return json
    }

    /// `message` with each single-quoted part replaced by `'…'` unless every word in it is the
    /// tool's own vocabulary: an option name, a value placeholder or an enumerated value listed in
    /// the help of some command (`'--tier <tier>'`, `'premium'` stay; `'gold'`, a path or a name
    /// does not). The tool's usage messages quote every value they carry.
    static func redacted(_ message: String) -> String {
        let parts = message.split(separator: "'", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return message }
        let vocabulary = helpVocabulary()
        var out = ""
        for (i, part) in parts.enumerated() {
            if i > 0 { out += "'" }
            let quoted = i % 2 == 1 && i + 1 < parts.count
            let known = part.split(separator: " ").allSatisfy { vocabulary.contains(String($0)) }
            out += quoted && !(known && !part.isEmpty) ? "…" : String(part)
        }
        return out
    }

    /// The words of every command's help that a usage message may quote: command names, option
    /// names, value placeholders (`<D>`), `...`, and the values listed after "values:".
    static func helpVocabulary() -> Set<String> {
        var words: Set<String> = ["..."]
        for command in allCommands() {
            words.insert(LeafDispatch.name(of: command))
            let help = Report.helpMessage(for: command, columns: 10_000)
            for raw in help.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," || $0 == "(" || $0 == ")" || $0 == "[" || $0 == "]" || $0 == ";" }) {
                let word = String(raw)
                if word.hasPrefix("-") || word.hasPrefix("<") { words.insert(word) }
            }
            for line in help.split(separator: "\n") {
                guard let range = line.firstRange(of: "values: ") else { continue }
                for value in line[range.upperBound...].split(whereSeparator: { $0 == "," || $0 == " " || $0 == ";" || $0 == ")" }) {
                    if value == "default:" { break }
                    words.insert(String(value))
                }
            }
        }
        return words
    }

    /// Every command of the tool: the root and, depth first, each command group's subcommands.
    static func allCommands(_ root: ParsableCommand.Type = Report.self) -> [ParsableCommand.Type] {
        [root] + root.configuration.subcommands.flatMap { allCommands($0) }
    }
}
