import Render

/// The page of the expense and family-meeting PDFs as their `templates/reports/curaknot-*.json`
/// files give it: size and margins in points. (Main's `PageSettings` has the same fields.)
struct CuraKnotPage: Decodable {
    let width, height, marginTop, marginLeft, marginRight, marginBottom: Double

    var size: Size { Size(width: width, height: height) }
    var margins: EdgeInsets { EdgeInsets(top: marginTop, left: marginLeft, bottom: marginBottom, right: marginRight) }
}
