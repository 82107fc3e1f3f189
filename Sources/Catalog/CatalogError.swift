/// A problem with `templates/`, naming the file and the key so that it can be fixed there.
public enum CatalogError: Error, CustomStringConvertible, Equatable {
    case templatesNotFound(searched: [String])
    case unreadable(file: String, reason: String)
    case missingKey(file: String, key: String)
    case wrongType(file: String, key: String, expected: String)
    case badTemplate(file: String, key: String, reason: String)
    /// A render left a placeholder without a value.
    case missingValue(key: String, placeholder: String)
    /// A render passed a value under a name that is not one of the key's placeholders.
    case unknownValue(key: String, name: String, placeholders: [String])
    /// A render passed two values under one name.
    case repeatedValue(key: String, name: String)

    public var description: String {
        switch self {
        case .templatesNotFound(let searched):
            return "cannot find the templates folder (looked in: \(searched.joined(separator: ", "))); pass --templates DIR or set REPORT_TEMPLATES"
        case .unreadable(let file, let reason): return "\(file): \(reason)"
        case .missingKey(let file, let key): return "\(file): missing key \"\(key)\""
        case .wrongType(let file, let key, let expected): return "\(file): \"\(key)\" must be \(expected)"
        case .badTemplate(let file, let key, let reason): return "\(file): \"\(key)\" is not a valid template: \(reason)"
        case .missingValue(let key, let placeholder): return "wording \"\(key)\": no value for {{\(placeholder)}}"
        case .unknownValue(let key, let name, let placeholders):
            let list = placeholders.isEmpty ? "it has none" : "it has: " + placeholders.joined(separator: ", ")
            return "wording \"\(key)\": {{\(name)}} is not one of its placeholders (\(list))"
        case .repeatedValue(let key, let name): return "wording \"\(key)\": {{\(name)}} is given twice"
        }
    }
}
