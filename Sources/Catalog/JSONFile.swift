import Foundation

/// A loaded template file: JSON objects flattened to dotted keys for lookup with clear errors.
public struct JSONFile: Sendable {
    public let name: String
    nonisolated(unsafe) let root: [String: Any]  // immutable after load

    public init(directory: URL, relativePath: String) throws {
        name = relativePath
        let url = directory.appendingPathComponent(relativePath)
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw CatalogError.unreadable(file: relativePath, reason: "cannot read")
        }
        guard let obj = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw CatalogError.unreadable(file: relativePath, reason: "not a JSON object")
        }
        root = obj
    }

    init(name: String, root: [String: Any]) { self.name = name; self.root = root }

    public func value(_ path: String) -> Any? {
        var node: Any? = root
        for part in path.split(separator: ".") {
            guard let dict = node as? [String: Any] else { return nil }
            node = dict[String(part)]
        }
        return node
    }

    public func string(_ path: String) throws -> String {
        guard let v = value(path) else { throw CatalogError.missingKey(file: name, key: path) }
        guard let s = v as? String else { throw CatalogError.wrongType(file: name, key: path, expected: "a string") }
        return s
    }

    public func number(_ path: String) throws -> Double {
        guard let v = value(path) else { throw CatalogError.missingKey(file: name, key: path) }
        guard let n = v as? NSNumber, type(of: v) != Bool.self else {
            throw CatalogError.wrongType(file: name, key: path, expected: "a number")
        }
        return n.doubleValue
    }

    public func int(_ path: String) throws -> Int {
        let d = try number(path)
        guard d == d.rounded(), abs(d) < 1e15 else {
            throw CatalogError.wrongType(file: name, key: path, expected: "a whole number")
        }
        return Int(d)
    }

    public func strings(_ path: String) throws -> [String] {
        guard let v = value(path) else { throw CatalogError.missingKey(file: name, key: path) }
        guard let a = v as? [String] else { throw CatalogError.wrongType(file: name, key: path, expected: "a list of strings") }
        return a
    }

    public func object(_ path: String) throws -> JSONFile {
        guard let v = value(path) else { throw CatalogError.missingKey(file: name, key: path) }
        guard let d = v as? [String: Any] else { throw CatalogError.wrongType(file: name, key: path, expected: "an object") }
        return JSONFile(name: name, root: d)
    }

    public func objects(_ path: String) throws -> [JSONFile] {
        guard let v = value(path) else { throw CatalogError.missingKey(file: name, key: path) }
        guard let a = v as? [[String: Any]] else { throw CatalogError.wrongType(file: name, key: path, expected: "a list of objects") }
        return a.map { JSONFile(name: name, root: $0) }
    }

    /// The keys of the object at `path` (or the root), sorted.
    public func keys(_ path: String? = nil) throws -> [String] {
        if let path { return try object(path).root.keys.sorted() }
        return root.keys.sorted()
    }

    /// Every string leaf under `path` as dotted key → text.
    public func flattenedStrings(_ path: String) throws -> [String: String] {
        let obj = try object(path)
        var out: [String: String] = [:]
        func walk(_ node: Any, _ prefix: String) {
            if let s = node as? String { out[prefix] = s; return }
            if let d = node as? [String: Any] {
                for (k, v) in d { walk(v, prefix.isEmpty ? k : prefix + "." + k) }
            }
        }
        walk(obj.root, "")
        return out
    }
}
