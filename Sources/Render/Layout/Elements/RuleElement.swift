/// A rule is one unsplittable filled bar.
extension Rule: LayoutElement {
    public func wrap(in context: LayoutContext) throws -> Wrapped {
        .box(RuleBox(rule: self, frameWidth: context.frameWidth, path: context.path))
    }
}

struct RuleBox: LayoutBox {
    let rule: Rule
    let frameWidth: Double
    let path: String

    var height: Double { rule.height }
    var spaceBefore: Double { rule.spaceBefore }
    var spaceAfter: Double { rule.spaceAfter }
    var name: String { "\(path) (rule, \(fmt(rule.height)) pt)" }

    func draw(at origin: Point, into canvas: inout DisplayCanvas) {
        canvas.add(.rect(Rect(x: origin.x, y: origin.y, width: rule.width ?? frameWidth, height: rule.height),
                         .solid(rule.color), opacity: 1))
    }
}
