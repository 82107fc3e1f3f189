import Catalog
import Render

extension ConfigNode {
    /// A colour, written `#RRGGBB` or `#RRGGBBAA`.
    public func color() throws -> Color {
        let hex = try string()
        guard let color = Color(hex: hex) else { throw wrong(Color.expected(hex)) }
        return color
    }

    public func color(_ key: String) throws -> Color { try self[key].color() }
    public func colors(_ key: String) throws -> [Color] { try self[key].list().map { try $0.color() } }
}
