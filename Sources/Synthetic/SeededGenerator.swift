/// A small deterministic PRNG (SplitMix64) so that generated data is the same on every machine.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `range` from the next draw (modulo, so the same on every machine); any range,
    /// `Int.min...Int.max` included.
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
        let draw = next()
        return range.lowerBound &+ Int(truncatingIfNeeded: span == 0 ? draw : draw % span)
    }
}
