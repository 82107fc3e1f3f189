import CCairo

/// The file cairo wrote, in memory of its own (`report_byte_map`), freed by `release` (once the
/// finishing step has copied what it keeps) or at the latest with the owner.
final class CairoOutput {
    private var map: report_byte_map
    private(set) var bytes: UnsafeBufferPointer<UInt8>

    init(taking map: report_byte_map) {
        self.map = map
        bytes = UnsafeBufferPointer(start: map.base, count: map.base == nil ? 0 : map.count)
    }

    func release() {
        report_byte_map_free(&map)
        bytes = UnsafeBufferPointer(start: nil, count: 0)
    }

    deinit { release() }
}
