import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Quoting

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
