#if canImport(Glibc)
import Glibc
#endif

/// The kinds of file a command writes, told by the extension of the name it is given: the one
/// policy for every `-o` (and `--pdf`) of the tool.
public enum OutputFormat: String, Sendable, CaseIterable {
    case pdf, csv, json, txt, vcf

    /// The extension as messages show it: `.pdf`.
    public var dotted: String { "." + rawValue }
}

/// An output name whose extension the command cannot write (a usage error): it names the
/// extensions that it can.
public struct OutputNameError: ReportFailure, Equatable {
    public var path: String
    public var option: String
    public var formats: [OutputFormat]
    /// Whether `-` (standard output) is another choice.
    public var standardOutput: Bool

    public var kind: FailureKind { .usage }

    public var description: String {
        let names = formats.map(\.dotted)
        let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "") : names.first ?? ""
        return "\(option) '\(path)': the output's extension must be \(list)"
            + (names.count > 1 ? ", which chooses the format" : "")
            + (standardOutput ? " (or use '-' for standard output)" : "")
    }
}

extension OutputTarget {
    /// The format this target's name asks for, among the `formats` a command writes (any letter
    /// case of the extension). Nil when the name does not choose: standard output (`-`), and a
    /// path that names something other than a regular file — a FIFO or a device, which is
    /// written directly (`/dev/stdout`), or what cannot be written (a folder, a link loop),
    /// refused when the write starts. Any other name must end in one of the extensions: `-o
    /// t.png` on a PDF report is a usage error naming `.pdf`, never a PDF called `t.png`.
    public func format(among formats: [OutputFormat], option: String = "-o",
                       standardOutput: Bool = true) throws -> OutputFormat? {
        guard !isStandardOutput else { return nil }
        var st = stat()
        if stat(path, &st) == 0 ? st.st_mode & S_IFMT != S_IFREG : errno != ENOENT { return nil }
        let name = OutputPath.name(of: path)
        if let dot = name.lastIndex(of: "."), dot != name.startIndex,
           let format = OutputFormat(rawValue: name[name.index(after: dot)...].lowercased()), formats.contains(format) {
            return format
        }
        throw OutputNameError(path: path, option: option, formats: formats, standardOutput: standardOutput)
    }
}
