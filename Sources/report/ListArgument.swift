import ArgumentParser
import Quoting

/// The values of a comma-separated option (`--sections overview,safety`, `--reports
/// insights,summary`, `--sizes 100,1000`), parsed while the command line is parsed: each part
/// trimmed, known and named at most once. A failure is a usage error naming the part (the parser
/// puts "The value '…' is invalid for '--option <LIST>': " before it).
struct CommaList<Element: Equatable> {
    var values: [Element]

    /// Parses `text` with `element`, which returns nil for a part it does not know; `noun` and
    /// `known` word the message ("unknown section 'x'; the sections are …").
    init(_ text: String, noun: String, known: String,
         element: (String) -> Element?, describe: (Element) -> String) throws {
        var values: [Element] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmed(.spaces)
            guard let value = element(name) else {
                let near = Suggestion.closest(to: name, among: known.components(separatedBy: ", "))
                throw ValidationError("unknown \(noun) '\(name)'; " + (near.map { "did you mean '\($0)'? " } ?? "")
                                      + "the \(noun)s are \(known)")
            }
            guard !values.contains(value) else { throw ValidationError("'\(describe(value))' is named twice") }
            values.append(value)
        }
        self.values = values
    }
}
