import ReportKit


/// The directory as vCard 4.0 (RFC 6350): one card per provider in directory order, CRLF line
/// ends, text values escaped, lines folded at 75 octets without splitting a UTF-8 sequence.
/// NOTE (the family's notes and rating) only for the family tier.
public enum DirectoryVCard {
    /// The cards of `entries`; `ratingText` words a rating for the NOTE (family tier only).
    public static func text(_ entries: [Provider], content: DirectoryContent,
                            ratingText: (Int) throws -> String) rethrows -> String {
        var out = ""
        for group in Directory.groups(entries) {
            for e in group.entries {
                for line in try card(e, content: content, ratingText: ratingText) { out += fold(line) }
            }
        }
        return out
    }

    /// The unfolded content lines of one card.
    static func card(_ e: Provider, content: DirectoryContent, ratingText: (Int) throws -> String) rethrows -> [String] {
        let name = Directory.present(e.name) ?? e.id
        var lines = ["BEGIN:VCARD", "VERSION:4.0", "FN:" + escape(name), "N:;" + escape(name) + ";;;"]
        if let org = Directory.present(e.organization) { lines.append("ORG:" + escape(org)) }
        if let role = Directory.present(e.role) { lines.append("ROLE:" + escape(role)) }
        if let phone = Directory.present(e.phone) { lines.append("TEL;VALUE=text;TYPE=work,voice:" + escape(phone)) }
        if let email = Directory.present(e.email) { lines.append("EMAIL;TYPE=work:" + escape(email)) }
        if let address = Directory.present(e.address) { lines.append("ADR;TYPE=work:;;" + escape(address) + ";;;;") }
        if content == .family {
            var note: [String] = []
            if let notes = Directory.present(e.notes) { note.append(notes) }
            if let rating = e.rating { note.append(try ratingText(rating)) }
            if !note.isEmpty { lines.append("NOTE:" + escape(note.joined(separator: "\n"))) }
        }
        lines.append("END:VCARD")
        return lines
    }

    /// A text value escaped per RFC 6350 3.4: `\`, `,` and `;` get a backslash; a line break —
    /// CRLF, LF or CR, and every other character a parser may take for one (VT, FF, NEL U+0085,
    /// the line and paragraph separators U+2028 and U+2029: what Unicode and Python's
    /// `splitlines` break lines at) — becomes `\n`; every other control character (C0 but tab,
    /// DEL, C1) is left out. So no character that could end a line survives raw: a value can
    /// never forge a property, whichever line breaks the reading program knows.
    public static func escape(_ value: String) -> String {
        var out = ""
        var previousCR = false
        for scalar in value.unicodeScalars {
            defer { previousCR = scalar == "\r" }
            switch scalar {
            case "\\": out += "\\\\"
            case ",": out += "\\,"
            case ";": out += "\\;"
            case "\n": if !previousCR { out += "\\n" }
            case "\t": out.unicodeScalars.append(scalar)
            default:
                if isLineBreak(scalar) { out += "\\n"; continue }
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The characters that end a line for some reader: CR, LF, VT, FF, NEL, LS and PS.
    public static func isLineBreak(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// `line` folded per RFC 6350 3.2: at most 75 octets per physical line (continuations start
    /// with one space, which counts), never inside a UTF-8 sequence; every line ends with CRLF.
    public static func fold(_ line: String) -> String {
        let bytes = Array(line.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 70 * 3 + 2)
        var start = 0
        var limit = 75
        while bytes.count - start > limit {
            var end = start + limit
            // Step back to the start of a UTF-8 sequence (continuation bytes are 10xxxxxx).
            while end > start && bytes[end] & 0xC0 == 0x80 { end -= 1 }
            if end == start { end = start + limit }
            out += bytes[start..<end]
            out += [0x0D, 0x0A, 0x20]
            start = end
            limit = 74
        }
        out += bytes[start...]
        out += [0x0D, 0x0A]
        return String(decoding: out, as: UTF8.self)
    }
}
