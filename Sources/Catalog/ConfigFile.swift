import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Decodes one JSON file of `templates/` into a Codable type; every decoding problem becomes a
/// `CatalogError` naming the file and the key path.
public enum ConfigFile {
    public static func decode<T: Decodable>(_ type: T.Type, directory: URL, file: String) throws -> T {
        let data: Data
        do { data = try Data(contentsOf: directory.appendingPathComponent(file)) } catch {
            throw CatalogError.unreadable(file: file, reason: "cannot read")
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            throw catalogError(error, file: file)
        } catch let error as CatalogError {
            throw error
        } catch {
            throw CatalogError.unreadable(file: file, reason: "\(error)")
        }
    }

    /// `a.b[2].c`: a list index in brackets, an object key after a dot. An object key that is a
    /// number (`severitySurface.4`) has an integer value too, but its text is the number itself;
    /// a list index's text is not (JSONDecoder writes "Index 2").
    static func path(_ codingPath: [CodingKey]) -> String {
        var out = ""
        for key in codingPath {
            if let i = key.intValue, key.stringValue != String(i) {
                out += "[\(i)]"
            } else {
                out += (out.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return out
    }

    static func catalogError(_ error: DecodingError, file: String) -> CatalogError {
        switch error {
        case .keyNotFound(let key, let context):
            return .missingKey(file: file, key: path(context.codingPath + [key]))
        case .valueNotFound(let type, let context), .typeMismatch(let type, let context):
            return .wrongType(file: file, key: path(context.codingPath), expected: expected(type))
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return .unreadable(file: file, reason: "not valid JSON") }
            return .wrongType(file: file, key: path(context.codingPath), expected: context.debugDescription)
        @unknown default:
            return .unreadable(file: file, reason: "\(error)")
        }
    }

    static func expected(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type: return "a whole number"
        case is Double.Type: return "a number"
        case is Bool.Type: return "true or false"
        default: return type is [Any].Type ? "a list" : "an object"
        }
    }
}
