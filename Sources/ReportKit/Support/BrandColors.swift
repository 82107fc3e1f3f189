import Catalog
import Render

/// Reads the colours of one brand file: a missing key or a value that is not a colour is an error
/// naming the file and the key.
public struct BrandColors {
    public let file: String

    public init(file: String) { self.file = file }

    /// The colour written at `key`; `hex` is nil when the file has no such key.
    public func color(_ hex: String?, key: String) throws -> Color {
        guard let hex else { throw CatalogError.missingKey(file: file, key: key) }
        guard let c = Color(hex: hex) else { throw CatalogError.badColor(file: file, key: key, value: hex) }
        return c
    }

    /// The colour `palette.<name>` of the file's palette.
    public func palette(_ palette: [String: String], _ name: String) throws -> Color {
        try color(palette[name], key: "palette." + name)
    }
}
