/// A rectangle of cells.
public struct Rect: Equatable, Sendable {
    public var x, y, width, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// A rectangle of `width` × `height` centred in this one.
    public func centered(width w: Int, height h: Int) -> Rect {
        let w = min(w, width)
        let h = min(h, height)
        return Rect(x: x + (width - w) / 2, y: y + (height - h) / 2, width: w, height: h)
    }

    public func inset(by n: Int) -> Rect {
        Rect(x: x + n, y: y + n, width: width - 2 * n, height: height - 2 * n)
    }
}
