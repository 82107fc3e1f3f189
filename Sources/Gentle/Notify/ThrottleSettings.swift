import Catalog

/// The notification limits of Gentle Days from `templates/thresholds/gentle.json` (seed §6.1,
/// §6.2, §9.3): at most `limit` sent notifications of a type within any rolling window of
/// `windowSeconds`, per person and pair.
public struct ThrottleSettings: Decodable, Sendable, Equatable {
    public struct Limit: Decodable, Sendable, Equatable {
        public var limit: Int
        public var windowSeconds: Int
        public init(limit: Int, windowSeconds: Int) { self.limit = limit; self.windowSeconds = windowSeconds }
    }

    public var status: Limit
    public var care: Limit
    public var sos: Limit

    public init(status: Limit, care: Limit, sos: Limit) { self.status = status; self.care = care; self.sos = sos }

    /// Decodes and checks the limits of `templates`.
    public static func load(_ templates: TemplateSet) throws -> ThrottleSettings {
        let s = try templates.decode(ThrottleSettings.self, file: templates.thresholdsFile)
        for (name, l) in [("status", s.status), ("care", s.care), ("sos", s.sos)] {
            guard (1...1_000).contains(l.limit), (1...31_622_400).contains(l.windowSeconds) else {
                throw CatalogError.badTemplate(file: templates.thresholdsFile, key: name,
                                               reason: "limit must be 1 to 1000 and windowSeconds 1 to 31622400")
            }
        }
        return s
    }
}
