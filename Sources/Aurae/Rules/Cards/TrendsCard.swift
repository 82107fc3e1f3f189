import Ingest
import Insights

/// Episodes (active ones included) per calendar month and per ISO week over the window, with
/// least-squares lines.
struct TrendsCard {
    private let firstMonth: Int
    private let firstMonday: LocalDate
    private var monthly: [Int]
    private var weekly: [Int]

    /// Series from the month and the week of `from` to those of `to`; empty when `to` is before
    /// `from`. The window is at most `HeadacheInsights.maxWindowDays` long, so are the series.
    init(from: LocalDate, to: LocalDate) {
        firstMonth = YearMonth(from).index
        firstMonday = mondayOf(from)
        monthly = [Int](repeating: 0, count: to < from ? 0 : YearMonth(to).index - firstMonth + 1)
        weekly = [Int](repeating: 0, count: to < from ? 0 : (mondayOf(to) - firstMonday) / 7 + 1)
    }

    /// Counts an episode, active or resolved, with onset in the window.
    @inline(__always) mutating func add(onsetDate: LocalDate) {
        let m = YearMonth(onsetDate).index - firstMonth, w = (onsetDate - firstMonday) / 7
        guard monthly.indices.contains(m), weekly.indices.contains(w) else { return }
        monthly[m] += 1
        weekly[w] += 1
    }

    func trends() -> Trends {
        Trends(monthly: monthly.enumerated().map { PeriodCount(period: YearMonth(index: firstMonth + $0.offset), count: $0.element) },
               monthlyTrend: trendLine(monthly),
               weekly: weekly.enumerated().map { PeriodCount(period: IsoWeek(firstMonday.adding(days: 7 * $0.offset)), count: $0.element) },
               weeklyTrend: trendLine(weekly))
    }
}

@inline(__always) func mondayOf(_ d: LocalDate) -> LocalDate { d.adding(days: 1 - d.isoWeekday) }

/// Least squares of y against x = 0..<n, exact rationals rounded to 3 decimals.
func trendLine(_ y: [Int]) -> TrendLine { trendLine(points: y.enumerated().map { ($0.offset, $0.element) }) }

/// Least squares of y against x for the given points (x need not be consecutive: a trend over
/// whole periods only), exact rationals rounded to 3 decimals.
func trendLine(points: [(x: Int, y: Int)]) -> TrendLine {
    let n = Int128(points.count)
    var sx: Int128 = 0, sy: Int128 = 0, sxx: Int128 = 0, sxy: Int128 = 0
    for p in points {
        let x = Int128(p.x), y = Int128(p.y)
        sx += x; sy += y; sxx += x * x; sxy += x * y
    }
    let den = n * sxx - sx * sx
    if n == 0 { return TrendLine(slope: RoundedNumber(0, 1, places: 3), intercept: RoundedNumber(0, 1, places: 3)) }
    if den == 0 { return TrendLine(slope: RoundedNumber(0, 1, places: 3), intercept: RoundedNumber(sy, n, places: 3)) }
    let slopeNum = n * sxy - sx * sy
    return TrendLine(slope: RoundedNumber(slopeNum, den, places: 3),
                     intercept: RoundedNumber(sy * den - slopeNum * sx, n * den, places: 3))
}
