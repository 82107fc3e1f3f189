/// The years a timestamp or date in any input may lie in.
///
/// With every instant between 1900 and 2100, any difference of two of them fits comfortably in
/// `Int64` seconds (and in nanoseconds), and any count of days in `Int32`.
public enum InputYears {
    /// 1900 to 2100, by the local date as written.
    public static let valid: ClosedRange<Int> = 1900...2100
}
