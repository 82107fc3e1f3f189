/// A problem with `templates/`, naming the file and the key so that it can be fixed there.
public enum CatalogError: Error, CustomStringConvertible, Equatable {
    case templatesNotFound(searched: [String])
    case unreadable(file: String, reason: String)
    case missingKey(file: String, key: String)
    case wrongType(file: String, key: String, expected: String)
    case badTemplate(file: String, key: String, reason: String)
    case missingValue(key: String, placeholder: String)

    public var description: String {
        switch self {
        case .templatesNotFound(let searched):
            return "cannot find the templates folder (looked in: \(searched.joined(separator: ", "))); pass --templates DIR or set REPORT_TEMPLATES"
        case .unreadable(let file, let reason): return "\(file): \(reason)"
        case .missingKey(let file, let key): return "\(file): missing key \"\(key)\""
        case .wrongType(let file, let key, let expected): return "\(file): \"\(key)\" must be \(expected)"
        case .badTemplate(let file, let key, let reason): return "\(file): \"\(key)\" is not a valid template: \(reason)"
        case .missingValue(let key, let placeholder): return "wording \"\(key)\": no value for {{\(placeholder)}}"
        }
    }
}
