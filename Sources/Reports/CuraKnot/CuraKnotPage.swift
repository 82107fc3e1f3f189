import Render

/// The page of a CuraKnot PDF as its `templates/reports/curaknot-*.json` file gives it: size and
/// margins in points.
struct CuraKnotPage: Decodable {
    let width, height, marginTop, marginLeft, marginRight, marginBottom: Double

    var size: Size { Size(width: width, height: height) }
    var margins: EdgeInsets { EdgeInsets(top: marginTop, left: marginLeft, bottom: marginBottom, right: marginRight) }
}
