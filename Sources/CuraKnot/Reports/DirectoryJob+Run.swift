import ReportKit

extension DirectoryJob: ReportJob {
    public struct Request: Sendable {
        /// Family adds the notes and ratings.
        public var content: DirectoryContent
        /// The export's format; nil for the plain listing.
        public var format: DirectoryFormat?
        public init(content: DirectoryContent, format: DirectoryFormat?) { self.content = content; self.format = format }
    }

    /// An export needs plus; the listing is in every tier.
    public static func gates(for request: Request) -> [TierGate<CareTier>] { gates(export: request.format != nil) }

    /// Writes the listing or the export of `entries` to the output; returns the PDF's page count
    /// (nil for the others).
    @discardableResult
    public func run(_ entries: [Provider], _ request: Request, in context: ReportContext) throws -> Int? {
        guard let format = request.format else {
            try context.writeText(try listing(entries, content: request.content))
            return nil
        }
        return try write(entries, content: request.content, format: format, in: context)
    }
}
