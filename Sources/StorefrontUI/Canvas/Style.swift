/// Semantic colours: the terminal maps them to curses colour pairs, or to bold/reverse
/// when colours are off (NO_COLOR, monochrome terminals).
public enum Tint: Int, Sendable, CaseIterable {
    case accent = 1, success, warning, danger, muted, premium
}

public struct Style: Hashable, Sendable {
    public var tint: Tint?
    public var bold = false
    public var reverse = false
    public var underline = false
    public var dim = false

    public init(tint: Tint? = nil, bold: Bool = false, reverse: Bool = false,
                underline: Bool = false, dim: Bool = false) {
        self.tint = tint
        self.bold = bold
        self.reverse = reverse
        self.underline = underline
        self.dim = dim
    }

    public static let plain = Style()
    public static let bold = Style(bold: true)
    public static let reverse = Style(reverse: true)
    public static let dim = Style(dim: true)
    public static func tint(_ t: Tint, bold: Bool = false) -> Style { Style(tint: t, bold: bold) }
}
