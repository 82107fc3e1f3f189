import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Help as the tool prints it: ArgumentParser's text with its usage line wrapped to the screen,
/// between whole items (`[--format <format>]` is never split), under the command's name.
enum HelpText {
    /// `text` with each line that starts with `USAGE: ` or `Usage: ` and is wider than `columns`
    /// wrapped.
    static func wrapped(_ text: String, columns: Int = HelpText.columns()) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.count > columns, line.hasPrefix("USAGE: ") || line.hasPrefix("Usage: ") else { return String(line) }
            return wrapUsage(String(line), columns: columns)
        }.joined(separator: "\n")
    }

    /// One usage line wrapped: the label and the command words on the first line, each later
    /// line indented under the first item that follows them.
    static func wrapUsage(_ line: String, columns: Int) -> String {
        let items = self.items(line.dropFirst("USAGE: ".count))
        let commandWords = items.prefix { !$0.hasPrefix("[") && !$0.hasPrefix("<") && !$0.hasPrefix("-") }
        var current = String(line.prefix("USAGE: ".count)) + commandWords.joined(separator: " ")
        let hanging = current.count + 1 <= columns / 2 ? current.count + 1 : 9
        var lines: [String] = []
        for item in items.dropFirst(commandWords.count) {
            if current.count + 1 + item.count > columns, current.count > hanging {
                lines.append(current)
                current = String(repeating: " ", count: hanging) + item
            } else {
                current += " " + item
            }
        }
        return (lines + [current]).joined(separator: "\n")
    }

    /// The items of a synopsis: words, with brackets and angle brackets kept whole and `...`
    /// kept with the item it repeats.
    static func items(_ synopsis: Substring) -> [String] {
        var items: [String] = []
        var current = ""
        var depth = 0
        for c in synopsis {
            if c == "[" || c == "<" { depth += 1 }
            if c == "]" || c == ">" { depth = max(0, depth - 1) }
            if c == " " && depth == 0 {
                if !current.isEmpty { items.append(current) }
                current = ""
            } else {
                current.append(c)
            }
        }
        if !current.isEmpty { items.append(current) }
        var joined: [String] = []
        for item in items {
            // `<INPUT> ...` and `--tier <tier>` stay together.
            if let last = joined.last, item == "..." || (item.hasPrefix("<") && last.hasPrefix("-")) {
                joined[joined.count - 1] = last + " " + item
            } else {
                joined.append(item)
            }
        }
        return joined
    }

    /// The width help is written for, as ArgumentParser decides it: `COLUMNS`, else the
    /// terminal on standard output, else 80.
    static func columns() -> Int {
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let n = Int(text), n > 0 { return n }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
