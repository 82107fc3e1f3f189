#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few text operations every module needs that only the whole of Foundation has (its
/// `CharacterSet` trimming, `String(format:)`, `NSString`'s path components). The tool is built
/// on FoundationEssentials alone, which leaves out ICU's 34 MB of data and a thousand protocol
/// conformance records that every start-up would otherwise map, relocate and scan; these are the
/// replacements, with Foundation's results (tested against it in `TextTests`).
public enum Text {
    /// Which characters `trimmed` removes from either end.
    public enum Trim {
        /// Spaces and the tab: Foundation's `.whitespaces` (CoreFoundation's fixed list: U+0009,
        /// U+0020, U+00A0, U+1680, U+2000–U+200B, U+202F, U+205F, U+3000).
        case spaces
        /// Those and line breaks: Foundation's `.whitespacesAndNewlines` (U+000A–U+000D, U+0085,
        /// U+2028, U+2029 besides).
        case spacesAndNewlines
        /// These characters only.
        case characters(Set<Unicode.Scalar>)

        func contains(_ s: Unicode.Scalar) -> Bool {
            switch self {
            case .spaces: return Trim.isSpace(s.value)
            case .spacesAndNewlines: return Trim.isSpace(s.value) || Trim.isNewline(s.value)
            case .characters(let set): return set.contains(s)
            }
        }

        static func isSpace(_ v: UInt32) -> Bool {
            v == 0x20 || v == 0x09 || v == 0xA0 || v == 0x1680 || (0x2000...0x200B).contains(v) || v == 0x202F
                || v == 0x205F || v == 0x3000
        }

        static func isNewline(_ v: UInt32) -> Bool {
            (0x0A...0x0D).contains(v) || v == 0x85 || v == 0x2028 || v == 0x2029
        }
    }

    /// `s` without the characters of `trim` at either end (`StringProtocol.trimmed`).
    public static func trimmed<S: StringProtocol>(_ s: S, _ trim: Trim = .spaces) -> String {
        let scalars = Substring(s).unicodeScalars
        guard let first = scalars.firstIndex(where: { !trim.contains($0) }) else { return "" }
        var end = scalars.endIndex
        while end > first {
            let before = scalars.index(before: end)
            if !trim.contains(scalars[before]) { break }
            end = before
        }
        return String(Substring(scalars[first..<end]))
    }

    /// `printf`'s formatting of numbers (`%d`, `%ld`, `%.1f`, `%02d`, …) in the C locale, which
    /// the tool never changes: what `String(format:)` gives for them. Strings go in by
    /// interpolation, not as arguments.
    public static func format(_ format: String, _ arguments: CVarArg...) -> String {
        withVaList(arguments) { list in
            var buffer = [CChar](repeating: 0, count: 256)
            let needed = buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, list) }
            guard needed >= 0 else { return "" }
            if Int(needed) < buffer.count { return String(decoding: buffer.prefix(Int(needed)).map { UInt8(bitPattern: $0) }, as: UTF8.self) }
            return withVaList(arguments) { again in
                var large = [CChar](repeating: 0, count: Int(needed) + 1)
                let written = large.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, again) }
                return String(decoding: large.prefix(Int(max(0, written))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
    }

    /// The last component of a path, as `NSString.lastPathComponent`: "/a/b/" gives "b", "/" gives "/".
    public static func lastPathComponent(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p.removeLast() }
        if p == "/" { return "/" }
        if let slash = p.lastIndex(of: "/") { return String(p[p.index(after: slash)...]) }
        return String(p)
    }

    /// The path without its last component, as `NSString.deletingLastPathComponent`: "/a/b" gives
    /// "/a", "/a" gives "/", "a" gives "", "/" gives "/".
    public static func deletingLastPathComponent(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p.removeLast() }
        if p == "/" { return "/" }
        guard let slash = p.lastIndex(of: "/") else { return "" }
        var parent = p[..<slash]
        while parent.count > 1, parent.hasSuffix("/") { parent.removeLast() }
        return parent.isEmpty ? "/" : String(parent)
    }
}

extension StringProtocol {
    /// Without the characters of `trim` at either end, scalar by scalar as Foundation's
    /// `trimmingCharacters(in:)` does.
    public func trimmed(_ trim: Text.Trim) -> String { Text.trimmed(self, trim) }
}
