import CNCurses
import Foundation
import StorefrontUI

/// How a `Style` becomes curses attributes: a colour pair per tint, or, without colours,
/// attributes that keep tinted text distinguishable (warnings and errors must still stand out).
struct Palette {
    let colors: Bool

    /// Starts colours unless NO_COLOR is set (https://no-color.org) or the terminal has none.
    /// Pair n is `Tint(rawValue: n)`: a foreground on the terminal's own background.
    @MainActor static func start() -> Palette {
        let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
        guard !noColor, has_colors(), start_color() == OK else { return Palette(colors: false) }
        // -1 keeps the user's theme (light or dark); without it, fall back to white on black.
        let themed = use_default_colors() == OK
        let background = themed ? -1 : Int16(COLOR_BLACK)
        for tint in Tint.allCases {
            let foreground = tint == .muted ? (themed ? -1 : Int16(COLOR_WHITE)) : color(of: tint)
            init_pair(Int16(tint.rawValue), foreground, background)
        }
        return Palette(colors: true)
    }

    private static func color(of tint: Tint) -> Int16 {
        switch tint {
        case .accent: Int16(COLOR_CYAN)
        case .success: Int16(COLOR_GREEN)
        case .warning: Int16(COLOR_YELLOW)
        case .danger: Int16(COLOR_RED)
        case .premium: Int16(COLOR_MAGENTA)
        case .muted: -1
        }
    }

    func attributes(for style: Style) -> (attrs: attr_t, pair: Int16) {
        var attrs = cn_a_normal()
        if style.bold { attrs |= cn_a_bold() }
        if style.reverse { attrs |= cn_a_reverse() }
        if style.underline { attrs |= cn_a_underline() }
        if style.dim { attrs |= cn_a_dim() }
        guard let tint = style.tint else { return (attrs, 0) }
        if colors {
            if tint == .muted { attrs |= cn_a_dim() }
            return (attrs, Int16(tint.rawValue))
        }
        switch tint {
        case .accent, .warning, .danger: attrs |= cn_a_bold()
        case .premium: attrs |= cn_a_underline()
        case .muted: attrs |= cn_a_dim()
        case .success: break
        }
        return (attrs, 0)
    }
}
