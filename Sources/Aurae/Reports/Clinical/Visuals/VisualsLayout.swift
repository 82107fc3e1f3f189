import Catalog
import ReportKit

/// The sizes of the clinical calendar and charts, from `templates/reports/aurae-clinical-visuals.json`.
struct VisualsLayout: Decodable, Sendable {
    struct Calendar: Decodable, Sendable {
        let monthsPerRow: Int
        let columnGap, rowGap, titleGap, cellHeight, miniCellHeight, cellPadding: Double
        let titleSize, dayNumberSize, digitSize, miniDigitSize, markSize, weekdaySize, legendSize, legendSwatch: Double
        /// The distance between the lines that mark a day without daily context.
        let hatchSpacing: Double
    }
    struct Charts: Decodable, Sendable {
        let plotHeight, classPlotHeight, barThickness, emptyHeight, trendWidth: Double
        let labelSize, valueSize, titleSize, spaceAfter: Double
        let subheadingSize, subheadingSpaceBefore, subheadingSpaceAfter: Double
    }
    let calendar: Calendar
    let charts: Charts

    static let name = "aurae-clinical-visuals"

    /// Decodes the file and checks what the types cannot: one to four months per row, positive
    /// sizes, and text in calendar cells of at least 7 pt.
    init(templates: TemplateSet) throws {
        let file = templates.reportFile(Self.name)
        self = try templates.decode(VisualsLayout.self, file: file)
        guard (1...4).contains(calendar.monthsPerRow) else {
            throw CatalogError.wrongType(file: file, key: "calendar.monthsPerRow", expected: "1 to 4")
        }
        let sizes: [(String, Double)] = [
            ("calendar.cellHeight", calendar.cellHeight), ("calendar.miniCellHeight", calendar.miniCellHeight),
            ("calendar.titleSize", calendar.titleSize), ("calendar.hatchSpacing", calendar.hatchSpacing),
            ("charts.plotHeight", charts.plotHeight), ("charts.classPlotHeight", charts.classPlotHeight),
            ("charts.barThickness", charts.barThickness), ("charts.labelSize", charts.labelSize),
        ]
        for (key, v) in sizes where !(v > 0 && v < 1000) {
            throw CatalogError.wrongType(file: file, key: key, expected: "a size between 0 and 1000 pt")
        }
        let cellText: [(String, Double)] = [("calendar.dayNumberSize", calendar.dayNumberSize), ("calendar.digitSize", calendar.digitSize),
                                            ("calendar.miniDigitSize", calendar.miniDigitSize), ("calendar.markSize", calendar.markSize)]
        for (key, v) in cellText where !(v >= 7 && v < 100) {
            throw CatalogError.wrongType(file: file, key: key, expected: "a text size of at least 7 pt")
        }
    }
}
