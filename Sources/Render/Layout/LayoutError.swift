import Foundation

/// Why a document could not be paginated.
public enum LayoutError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// `element` is taller (`size` pt) than an empty page frame (`available` pt) — it can never be
    /// placed, so layout stops instead of adding pages forever.
    case doesNotFit(element: String, size: Double, available: Double)

    public var description: String {
        switch self {
        case let .doesNotFit(element, size, available):
            return "\(element) is \(fmt(size)) pt tall but an empty page has only \(fmt(available)) pt for it; "
                + "it cannot be placed on any page"
        }
    }

    /// The message without the element's text (for JSON log lines, which carry no health data).
    public var descriptionWithoutValues: String {
        switch self {
        case let .doesNotFit(_, size, available):
            return "an element is \(fmt(size)) pt tall but an empty page has only \(fmt(available)) pt for it; "
                + "it cannot be placed on any page"
        }
    }

    public var errorDescription: String? { description }
}

/// `text` as a layout error may show it: in double quotes, at most its first 20 Unicode scalars
/// (then "…"), with control, format (bidi) and line-break characters escaped as `\u{…}`.
func excerpt(_ text: String) -> String {
    var out = "\""
    for (n, s) in text.unicodeScalars.enumerated() {
        if n == 20 { out += "…"; break }
        switch s.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse:
            out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}"
        default:
            if s == "\"" || s == "\\" { out += "\\" }
            out.unicodeScalars.append(s)
        }
    }
    return out + "\""
}
