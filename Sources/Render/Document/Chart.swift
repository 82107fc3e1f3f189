/// A bar chart over labelled categories, vertical or horizontal, with an optional line overlay
/// (a trend), axes with nice ticks and titles, and every value written as text beside its bar.
/// With no bars it shows `emptyMessage` in a framed box instead of an axis. Its element measures
/// the labels in the frame width and keeps the chart whole on one page.
public struct Chart: Sendable {
    public enum Orientation: Sendable, Hashable {
        /// Bars grow up from a category axis at the bottom (time series).
        case vertical
        /// One row per category, its label on the left, bars growing right (rankings).
        case horizontal
    }

    /// One category: its label, its value, and the value as written beside the bar.
    public struct Bar: Sendable, Hashable {
        public var label: String
        public var value: Double
        public var valueText: String
        /// `nil` uses the chart's bar colour.
        public var color: Color?
        /// Drawn hatched in an outline of the bar colour (a partial period, a count to read
        /// with care).
        public var hatched = false
        public init(label: String, value: Double, valueText: String, color: Color? = nil) {
            self.label = PrintableText.printable(label); self.value = value; self.valueText = valueText; self.color = color
        }
    }

    /// Fonts, colours and sizes (from the brand and the report's layout settings).
    public struct Style: Sendable, Hashable {
        public var label: TextStyle
        public var value: TextStyle
        public var title: TextStyle
        public var empty: TextStyle
        public var bar: Color
        /// The page colour behind value labels, so that a line never runs through a number.
        public var background: Color
        public var axis: Color
        public var grid: Color
        public var trend: Color
        public var trendWidth: Double
        /// Height of the plot area of a vertical chart.
        public var plotHeight: Double
        /// Thickness of a horizontal chart's bars.
        public var barThickness: Double
        /// Height of the empty state's box.
        public var emptyHeight: Double
        public init(label: TextStyle, value: TextStyle, title: TextStyle, empty: TextStyle, bar: Color,
                    background: Color, axis: Color, grid: Color, trend: Color, trendWidth: Double, plotHeight: Double,
                    barThickness: Double, emptyHeight: Double) {
            self.label = label; self.value = value; self.title = title; self.empty = empty; self.bar = bar
            self.background = background
            self.axis = axis; self.grid = grid; self.trend = trend; self.trendWidth = trendWidth
            self.plotHeight = plotHeight; self.barThickness = barThickness; self.emptyHeight = emptyHeight
        }
    }

    public var orientation: Orientation
    public var bars: [Bar]
    /// A line over the bars, one value per bar (e.g. a least-squares trend), broken where a
    /// value is not finite (a period it does not cover); `nil` for none.
    public var line: [Double]?
    /// Written at the end of the line (what it is).
    public var lineLabel: String?
    public var valueAxisTitle: String
    public var categoryAxisTitle: String
    /// Shown instead of axes when there are no bars.
    public var emptyMessage: String
    /// The value axis reaches at least this (e.g. 5 for a 1–5 rating); 1 for plain counts.
    public var valueAxisMinimumTop: Double
    /// Dashed lines across the plot at a value, each labelled (a reference such as "10 days").
    public var referenceLines: [ReferenceLine] = []

    /// A dashed line across the plot at `value`, with `label` beside it.
    public struct ReferenceLine: Sendable, Hashable {
        public var value: Double
        public var label: String
        public init(value: Double, label: String) { self.value = value; self.label = PrintableText.printable(label) }
    }
    public var style: Style
    public var spaceBefore: Double
    public var spaceAfter: Double
    /// What the chart shows, in words, made by the report from the numbers it draws ("Headache
    /// days per month: May 9, June 12, …"). Without it a reader hears the value axis title and
    /// each category with its value.
    public var alternativeText: String?
    /// A later piece of a chart split over pages (read as the first piece's figure).
    var continuesFigure = false

    public init(orientation: Orientation, bars: [Bar], line: [Double]? = nil, lineLabel: String? = nil,
                valueAxisTitle: String, categoryAxisTitle: String, emptyMessage: String,
                valueAxisMinimumTop: Double = 1, style: Style, spaceBefore: Double = 0, spaceAfter: Double = 0,
                alternativeText: String? = nil) {
        self.alternativeText = alternativeText
        self.orientation = orientation; self.bars = bars; self.line = line; self.lineLabel = lineLabel
        self.valueAxisTitle = valueAxisTitle; self.categoryAxisTitle = categoryAxisTitle
        self.emptyMessage = emptyMessage; self.valueAxisMinimumTop = valueAxisMinimumTop; self.style = style
        self.spaceBefore = spaceBefore; self.spaceAfter = spaceAfter
    }
}

/// A drawing whose shapes are made once the frame width is known (calendar grids, timelines):
/// `make` gets the width and the measurer and returns the drawing, placed as one unit.
public struct FlexibleDrawing: Sendable {
    public var make: @Sendable (_ width: Double, _ measurer: TextMeasurer) -> Drawing
    /// The drawing `make` would return without its shapes (its size and the space around it),
    /// when that is cheaper to know: the shapes are then made only when the drawing is placed on
    /// a page, instead of being kept, measured, while the rest of the document is laid out (the
    /// 456 month grids of a 38-year calendar).
    public var frame: (@Sendable (_ width: Double, _ measurer: TextMeasurer) -> Drawing)?
    /// What the drawing shows, in words (used when the drawing made has none).
    public var alternativeText: String?
    public init(alternativeText: String? = nil,
                frame: (@Sendable (_ width: Double, _ measurer: TextMeasurer) -> Drawing)? = nil,
                _ make: @escaping @Sendable (_ width: Double, _ measurer: TextMeasurer) -> Drawing) {
        self.make = make; self.frame = frame; self.alternativeText = alternativeText
    }
}

extension Block {
    /// A bar chart measured in the frame width and kept whole.
    public static func chart(_ chart: Chart) -> Block { Block(chart) }
    /// A drawing made in the frame width and kept whole.
    public static func flexibleDrawing(_ drawing: FlexibleDrawing) -> Block { Block(drawing) }
}
