import ReportKit

extension DirectoryJob: ReportJob {
    public struct Request: Sendable {
        /// Family adds the notes and ratings.
        public var content: DirectoryContent
        /// The export's format; nil for the plain listing.
        public var format: DirectoryFormat?
        /// `--circle`: the circle an export is about (needed when the input holds several).
        public var circle: String?
        /// `--recipient-name`: whom the PDF names instead of the circle id.
        public var recipientName: String?
        public init(content: DirectoryContent, format: DirectoryFormat?, circle: String? = nil, recipientName: String? = nil) {
            self.content = content; self.format = format; self.circle = circle; self.recipientName = recipientName
        }
    }

    /// An export needs plus; the listing is in every tier.
    public static func gates(for request: Request) -> [TierGate<CareTier>] { gates(export: request.format != nil) }

    /// Writes the listing (every circle, or the one chosen) or the export of one circle (a usage
    /// error when the input holds several and none was chosen); returns the PDF's page count and
    /// the number of providers written.
    @discardableResult
    public func run(_ entries: [Provider], _ request: Request, in context: ReportContext) throws -> (pages: Int?, providers: Int) {
        let circles = try CareScope(circle: request.circle).circles(entries, of: \.circleId, records: "providers",
                                                                    single: request.format != nil || request.recipientName != nil)
        guard let format = request.format, let chosen = circles.first else {
            try context.writeText(try listing(circles, content: request.content, recipientName: request.recipientName))
            return (nil, entries.count)
        }
        let recipient = CareRecipient(name: request.recipientName, circleId: chosen.circleId)
        let pages = try write(chosen.records, content: request.content, format: format, recipient: recipient, in: context)
        return (pages, chosen.records.count)
    }
}
