/// Where each part of the screen goes at a given size. Views draw into these rectangles
/// and update maps mouse clicks with the same numbers, so the two never disagree.
public struct Layout: Equatable, Sendable {
    public static let minimumWidth = 70
    public static let minimumHeight = 20

    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }

    public var screen: Rect { Rect(x: 0, y: 0, width: width, height: height) }
    public var header: Rect { Rect(x: 0, y: 0, width: width, height: 1) }
    public var footer: Rect { Rect(x: 0, y: height - 1, width: width, height: 1) }

    var logLines: Int { height >= 28 ? 6 : 4 }
    /// The live transaction log, above the footer, under its title rule.
    public var log: Rect { Rect(x: 0, y: height - 1 - logLines, width: width, height: logLines) }
    var logRule: Int { log.y - 1 }

    /// The area between the header and the log.
    var body: Rect { Rect(x: 0, y: 2, width: width, height: logRule - 2) }
    public var list: Rect {
        Rect(x: body.x, y: body.y, width: max(38, width * 11 / 20), height: body.height)
    }
    public var detail: Rect {
        Rect(x: list.maxX + 2, y: body.y, width: width - list.maxX - 3, height: body.height)
    }

    /// The store row shown at screen row `y`, given the list's scroll offset.
    public func rowIndex(atY y: Int, scroll: Int) -> Int? {
        guard y >= list.y, y < list.maxY else { return nil }
        return scroll + (y - list.y)
    }

    /// A dialog box of the given content size, centred.
    public func dialog(width w: Int, height h: Int) -> Rect {
        screen.centered(width: min(w, width - 4), height: min(h, height - 2))
    }

    /// The buttons along the bottom of a dialog, right-aligned as on iOS alerts.
    public static func buttons(_ titles: [String], in box: Rect) -> [Rect] {
        let widths = titles.map { DisplayWidth.of($0) + 4 }
        let total = widths.reduce(0, +) + 2 * max(0, titles.count - 1)
        var x = box.x + (box.width - total) / 2
        let y = box.maxY - 2
        return widths.map { w in
            defer { x += w + 2 }
            return Rect(x: x, y: y, width: w, height: 1)
        }
    }
}
