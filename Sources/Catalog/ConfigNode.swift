import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Ingest

/// One value of a `templates/` JSON file and its key path, read by hand rather than through
/// `Decodable`: a settings type with an `init(_ node: ConfigNode)` reads its keys with the
/// accessors below, and every problem is the `CatalogError` `ConfigFile.decode` would give
/// (the file, the key path written `a.b[2].c`, what was expected).
///
/// The files every report loads at start (the Aurae thresholds, medications, brand and summary
/// layout, the wording) are read this way: `JSONDecoder` instantiates its generic containers
/// for each type from mangled names, and each first lookup scans every protocol conformance
/// record of the static binary — about 16 M instructions for four small files, more than
/// parsing them takes. The document is parsed by Ingest's JSON parser.
public struct ConfigNode {
    public let file: String
    /// The key path, `""` for the document itself.
    public let path: String
    public let value: JSONValue

    public init(file: String, path: String = "", value: JSONValue) {
        self.file = file; self.path = path; self.value = value
    }

    /// Reads and parses `file` of `directory`.
    public static func read(directory: URL, file: String) throws -> ConfigNode {
        let data: Data
        do { data = try Data(contentsOf: directory.appendingPathComponent(file)) } catch {
            throw CatalogError.unreadable(file: file, reason: "cannot read")
        }
        do {
            return ConfigNode(file: file, value: try JSONParser.parseDocument([UInt8](data)))
        } catch {
            throw CatalogError.unreadable(file: file, reason: "not valid JSON")
        }
    }

    /// A `wrongType` error at this node's path.
    public func wrong(_ expected: String) -> CatalogError { .wrongType(file: file, key: path, expected: expected) }

    func childPath(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// The members of an object, in the file's order.
    public func members() throws -> [(key: String, node: ConfigNode)] {
        guard case .object(let members) = value else { throw wrong("an object") }
        return members.map { ($0.key, ConfigNode(file: file, path: childPath($0.key), value: $0.value)) }
    }

    /// The value under `key`, `nil` when it is absent or `null`.
    public func optional(_ key: String) throws -> ConfigNode? {
        guard case .object(let members) = value else { throw wrong("an object") }
        // The last of repeated keys, as a dictionary would keep.
        guard let m = members.last(where: { $0.key == key }) else { return nil }
        if case .null = m.value { return nil }
        return ConfigNode(file: file, path: childPath(key), value: m.value)
    }

    /// The value under `key`; a missing key is an error naming its path. A `null` is read by
    /// the typed accessors as a value of the wrong type, as `JSONDecoder` has it.
    public subscript(key: String) -> ConfigNode {
        get throws {
            guard case .object(let members) = value else { throw wrong("an object") }
            guard let m = members.last(where: { $0.key == key }) else {
                throw CatalogError.missingKey(file: file, key: childPath(key))
            }
            return ConfigNode(file: file, path: childPath(key), value: m.value)
        }
    }

    /// The items of a list, each with its index in the path.
    public func list() throws -> [ConfigNode] {
        guard case .array(let items) = value else { throw wrong("a list") }
        return items.enumerated().map { ConfigNode(file: file, path: path + "[\($0.offset)]", value: $0.element) }
    }

    public func string() throws -> String {
        guard case .string(let s) = value else { throw wrong("a string") }
        return s
    }

    public func bool() throws -> Bool {
        guard case .bool(let b) = value else { throw wrong("true or false") }
        return b
    }

    /// A number (any JSON number that is a finite `Double`).
    public func double() throws -> Double {
        guard case .number(let s) = value, let d = Double(s), d.isFinite else { throw wrong("a number") }
        return d
    }

    /// A whole number: written without a fraction, or with one that is zero (`4.0`).
    public func int() throws -> Int {
        guard case .number(let s) = value else { throw wrong("a whole number") }
        if let i = Int(s) { return i }
        guard let d = Double(s), d.rounded(.towardZero) == d, d.magnitude < 9.0e15 else { throw wrong("a whole number") }
        return Int(d)
    }

    public func strings() throws -> [String] { try list().map { try $0.string() } }
    public func doubles() throws -> [Double] { try list().map { try $0.double() } }

    // The value under a key, read as one type.
    public func string(_ key: String) throws -> String { try self[key].string() }
    public func bool(_ key: String) throws -> Bool { try self[key].bool() }
    public func double(_ key: String) throws -> Double { try self[key].double() }
    /// A number from `low` to `high` under `key` (a width, a size), else an error naming the range.
    public func double(_ key: String, from low: Int, to high: Int) throws -> Double {
        let node = try self[key], d = try node.double()
        guard d >= Double(low) && d <= Double(high) else { throw node.wrong("a number from \(low) to \(high)") }
        return d
    }
    public func int(_ key: String) throws -> Int { try self[key].int() }
    public func strings(_ key: String) throws -> [String] { try self[key].strings() }
    public func doubles(_ key: String) throws -> [Double] { try self[key].doubles() }
}
