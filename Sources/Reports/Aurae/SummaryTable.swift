import Catalog
import Ingest
import Render

/// The 7-column episode table of the Aurae summary: Date, Time, Severity, Duration, Weather,
/// Medication, Notes — column widths from `templates/reports/aurae-summary.json`.
struct SummaryTable {
    struct ColumnSpec { var key: String; var column: TableColumn }
    let columns: [ColumnSpec]
    let headers: [String]
    let notesLimit: Int
    let headerHeight: Double
    let rowHeight: Double
    let padding: EdgeInsets

    init(layout: JSONFile, wording: Wording) throws {
        var specs: [ColumnSpec] = []
        for col in try layout.objects("table.columns") {
            let key = try col.string("key")
            let width: TableColumn.Width
            if col.value("width") != nil { width = .fixed(try col.number("width")) }
            else { width = .flexible(try col.number("flex")) }
            let align: Alignment
            switch (col.value("align") as? String) ?? "leading" {
            case "center": align = .center
            case "trailing": align = .trailing
            default: align = .leading
            }
            let overflow: TableColumn.Overflow = (col.value("overflow") as? String) == "truncate" ? .truncate : .wrap
            specs.append(ColumnSpec(key: key, column: TableColumn(width, alignment: align, overflow: overflow)))
        }
        columns = specs
        headers = try specs.map { try wording.render("columns." + $0.key) }
        notesLimit = try layout.int("notesMaxCharacters")
        headerHeight = try layout.number("table.headerHeight")
        rowHeight = try layout.number("table.rowHeight")
        padding = EdgeInsets(horizontal: try layout.number("table.paddingX"), vertical: try layout.number("table.paddingY"))
    }

    /// One cell's text for an episode, by column key.
    func cell(_ key: String, _ log: HeadacheLog, _ f: AuraeFormat, _ brand: AuraeBrand) -> TableCell {
        switch key {
        case "date": return TableCell(f.date(log.onsetAt.localDate))
        case "time": return TableCell(f.time(log.onsetAt))
        case "severity": return TableCell(f.severity(log.severity), fill: brand.severitySurface(log.severity))
        case "duration": return TableCell(f.duration(log))
        case "weather": return TableCell(f.weather(log.weather))
        case "medication": return TableCell(f.medications(log.retrospective.medications))
        case "notes": return TableCell(f.notes(log.retrospective.notes, limit: notesLimit))
        default: return TableCell("")
        }
    }

    func table(_ logs: [HeadacheLog], format: AuraeFormat, brand: AuraeBrand) -> Table {
        let rows = logs.map { log in TableRow(columns.map { cell($0.key, log, format, brand) }) }
        return Table(
            name: "episode table", columns: columns.map(\.column), header: headers, rows: rows,
            headerStyle: brand.style(\.bodyFamily, brand.tableSize, .semibold, brand.palette.tableHeaderText),
            bodyStyle: brand.style(\.bodyFamily, brand.tableSize, .regular, brand.palette.textPrimary),
            headerFill: brand.palette.tableHeaderFill, zebraFill: brand.palette.zebra,
            cellPadding: padding, minHeaderHeight: headerHeight, minRowHeight: rowHeight)
    }
}
