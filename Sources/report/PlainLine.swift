import ArgumentParser

/// The words of a plain command line sorted into options, flags and inputs, for the commands
/// that read such a line themselves (`PlainParsable`) instead of through ArgumentParser.
///
/// ArgumentParser finds a command's options by reflection: each property wrapper's type is
/// looked up by its mangled name and cast to its protocols, and the Swift runtime answers every
/// first lookup by scanning all ~4,800 conformance records of the binary. For the 100-row summary
/// that is 14 M instructions, a tenth of the main thread's work, before the report starts.
///
/// A line is plain when it holds only `--name value`, `--name=value`, `-o value`, the command's
/// flags, each given once, and input words (`-` among them). Anything else — another spelling, a
/// value that looks like an option, an unknown or repeated option, a value its type refuses, a
/// failed validation — throws `NotPlain`, and ArgumentParser parses the line as before, so every
/// message and exit status stays its own. Debug builds parse every plain line both ways and stop
/// when the two commands differ (`LeafDispatch.crossCheck`): the end-to-end tests check the two
/// parsers against each other on every line they run.
struct PlainLine {
    /// Not a plain line, or one the command refuses: ArgumentParser parses it instead.
    struct NotPlain: Error {}

    /// The one-letter names these commands take, and the long names they stand for.
    static let shortNames: [String: String] = ["-o": "output"]

    private var values: [String: String] = [:]
    private var flags: Set<String> = []
    private var inputs: [String] = []
    /// The options and flags given and not yet read, and whether the inputs were read.
    private var unread: Set<String> = []
    private var inputsRead = false

    /// Sorts `words`: a name in `flagNames` takes no value, every other name takes one.
    init(_ words: ArraySlice<String>, flagNames: Set<String>) throws {
        var rest = words
        while let word = rest.popFirst() {
            guard word.utf8.first == UInt8(ascii: "-"), word != "-" else {
                inputs.append(word)
                continue
            }
            var name: String
            var attached: String?
            if let long = Self.longName(word) {
                if let equals = long.firstIndex(of: "=") {
                    name = String(long[..<equals])
                    attached = String(long[long.index(after: equals)...])
                } else {
                    name = String(long)
                }
            } else if let short = Self.shortNames[word] {
                name = short
            } else {
                throw NotPlain()
            }
            guard !name.isEmpty, !unread.contains(name) else { throw NotPlain() }
            if flagNames.contains(name) {
                guard attached == nil else { throw NotPlain() }
                flags.insert(name)
            } else {
                // `--name=` with nothing after it is not a value to ArgumentParser (a usage error).
                guard attached != "", let value = attached ?? rest.popFirst(), Self.isValue(value) else { throw NotPlain() }
                values[name] = value
            }
            unread.insert(name)
        }
    }

    /// The name after `--`, when `word` is a long option (not `--` alone, not `---…`).
    private static func longName(_ word: String) -> Substring? {
        guard word.hasPrefix("--") else { return nil }
        let name = word.dropFirst(2)
        guard let first = name.utf8.first, first != UInt8(ascii: "-"), first != UInt8(ascii: "=") else { return nil }
        return name
    }

    /// Whether ArgumentParser takes `word` as a value as it is: not something that looks like an
    /// option (`-` alone is a value, standard input or output).
    private static func isValue(_ word: String) -> Bool {
        word.utf8.first != UInt8(ascii: "-") || word == "-"
    }

    /// Whether the flag `name` was given.
    mutating func flag(_ name: String) -> Bool {
        unread.remove(name)
        return flags.contains(name)
    }

    /// The value of the option `name`, read as its type reads an argument; nil when not given.
    mutating func value<T: ExpressibleByArgument>(_ name: String, as type: T.Type = T.self) throws -> T? {
        try value(name) { text in
            guard let value = T(argument: text) else { throw NotPlain() }
            return value
        }
    }

    /// The value of the option `name` made by `transform` (an option declared with a transform).
    mutating func value<T>(_ name: String, transform: (String) throws -> T) throws -> T? {
        guard let text = values[name] else { return nil }
        unread.remove(name)
        return try transform(text)
    }

    /// The value of the option `name`, which the command requires.
    mutating func required<T: ExpressibleByArgument>(_ name: String, as type: T.Type = T.self) throws -> T {
        guard let value = try value(name, as: type) else { throw NotPlain() }
        return value
    }

    /// The input words, in order.
    mutating func inputWords() -> [String] {
        inputsRead = true
        return inputs
    }

    /// Throws unless the command read every option, flag and input given.
    func finish() throws {
        guard unread.isEmpty, inputsRead || inputs.isEmpty else { throw NotPlain() }
    }
}

/// A command that reads a plain command line itself (`PlainLine`): `init(plain:)` sets every one
/// of its properties, option groups included, from the line or to its declared default, and the
/// groups validate themselves as ArgumentParser's option groups do.
protocol PlainParsable: ReportCommand {
    /// The long names of the command's flags, its option groups' included.
    static var plainFlags: Set<String> { get }
    init(plain line: inout PlainLine) throws
}

extension PlainParsable {
    /// The command a plain line gives, validated; nil when the line is not plain or is refused.
    static func parsePlain(_ words: ArraySlice<String>) -> ParsableCommand? {
        do {
            var line = try PlainLine(words, flagNames: plainFlags)
            var command = try Self(plain: &line)
            try line.finish()
            try command.validate()
            return command
        } catch {
            return nil
        }
    }
}
