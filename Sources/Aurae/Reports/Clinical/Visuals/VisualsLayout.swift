import Catalog
import ReportKit

/// The sizes of the clinical calendar and charts, from `templates/reports/aurae-clinical-visuals.json`.
struct VisualsLayout: Decodable, Sendable {
    struct Calendar: Decodable, Sendable {
        let monthsPerRow: Int
        let columnGap, rowGap, titleGap, cellHeight, cellPadding: Double
        let titleSize, dayNumberSize, markSize, weekdaySize, legendSize, legendSwatch: Double
    }
    struct Charts: Decodable, Sendable {
        /// Ranges up to this many days are counted by ISO week, longer ones by month.
        let weeklyUpToDays: Int
        let plotHeight, barThickness, emptyHeight, trendWidth: Double
        let labelSize, valueSize, titleSize, spaceAfter: Double
        let subheadingSize, subheadingSpaceBefore, subheadingSpaceAfter: Double
        let timelineRowHeight, timelineMarkerSize: Double
    }
    let calendar: Calendar
    let charts: Charts

    static let name = "aurae-clinical-visuals"

    /// Decodes the file and checks what the types cannot: at least one month per row, positive sizes.
    init(templates: TemplateSet) throws {
        let file = templates.reportFile(Self.name)
        self = try templates.decode(VisualsLayout.self, file: file)
        guard (1...4).contains(calendar.monthsPerRow) else {
            throw CatalogError.wrongType(file: file, key: "calendar.monthsPerRow", expected: "1 to 4")
        }
        let sizes: [(String, Double)] = [
            ("calendar.cellHeight", calendar.cellHeight), ("calendar.titleSize", calendar.titleSize),
            ("calendar.markSize", calendar.markSize), ("charts.plotHeight", charts.plotHeight),
            ("charts.barThickness", charts.barThickness), ("charts.labelSize", charts.labelSize),
            ("charts.timelineRowHeight", charts.timelineRowHeight),
        ]
        for (key, v) in sizes where !(v > 0 && v < 1000) {
            throw CatalogError.wrongType(file: file, key: key, expected: "a size between 0 and 1000 pt")
        }
    }
}
