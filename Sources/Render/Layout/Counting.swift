/// Whole counts from measured sizes, without trapping on NaN, infinite or huge values.
enum Counting {
    /// `value` rounded down to a whole count: 0 for NaN or negative values, `Int.max` for values
    /// past `Int`'s range.
    static func whole(_ value: Double) -> Int {
        guard value > 0 else { return 0 }
        guard value < 9.0e18 else { return .max }
        return Int(value.rounded(.down))
    }

    /// How many lines `lineHeight` tall fit in `room` (with the layout tolerance); `Int.max` when
    /// lines take no room.
    static func lines(fitting room: Double, lineHeight: Double) -> Int {
        guard lineHeight > 0 else { return room.isNaN ? 0 : .max }
        return whole((room + Paginator.eps) / lineHeight)
    }
}
