/// A block made only when the layout reaches it, by a closure: a long document holds a small
/// closure for each of thousands of blocks (the episodes of a clinical report) instead of every
/// block's tables, rows and strings at once, and the layout lets each go once placed (`WrapCache`).
/// Making must be deterministic — a second layout of the document makes the block again — and
/// an error making it is the layout's error.
public struct Made: LayoutElement {
    private let make: @Sendable () throws -> Block
    public let keepWithNext: Bool

    public init(keepWithNext: Bool = false, _ make: @escaping @Sendable () throws -> Block) {
        self.make = make; self.keepWithNext = keepWithNext
    }

    public func wrap(in context: LayoutContext) throws -> Wrapped { try make().element.wrap(in: context) }

    /// The lead of the block made; none when it cannot be made (wrapping it then says why).
    public func leadHeight(in context: LayoutContext) -> LeadHeight {
        guard let block = try? make() else { return .nothing }
        return block.element.leadHeight(in: context)
    }
}

extension Block {
    /// A block made when the layout reaches it (`Made`).
    public static func made(keepWithNext: Bool = false, _ make: @escaping @Sendable () throws -> Block) -> Block {
        Block(Made(keepWithNext: keepWithNext, make))
    }
}
