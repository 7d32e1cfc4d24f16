import StorefrontUI

/// A frame as the page's grid of cells: one `<div class="row">` per terminal row, each made
/// of `<span>` runs, a class per style. A double-width character sits in a `<span class="w">`
/// the style sheet makes exactly two cells wide, so Japanese and box lines keep their
/// columns whatever the font. The text stays text: selectable, found by the browser's find.
public enum ScreenGrid {
    /// The grid's rows, for the page as it opens and for a page without its script (print).
    public static func rows(of buffer: Buffer) -> String {
        (0..<buffer.height).map { "<div class=\"row\">\(row($0, of: buffer))</div>" }.joined(separator: "\n")
    }

    /// One row's runs: a span wherever the style changes, the trailing plain blanks left out.
    public static func row(_ y: Int, of buffer: Buffer) -> String {
        var end = buffer.width
        while end > 0, buffer[end - 1, y] == .blank { end -= 1 }
        var out = ""
        var run = ""
        var runStyle = Style.plain
        func closeRun() {
            guard !run.isEmpty else { return }
            out += span(classes(runStyle), run)
            run = ""
        }
        var x = 0
        while x < end {
            let cell = buffer[x, y]
            // A wide character's right half ("") is the cell after it: the span takes both.
            if x + 1 < buffer.width, buffer[x + 1, y].symbol.isEmpty {
                closeRun()
                out += span(classes(cell.style, wide: true), cell.symbol)
                x += 2
                continue
            }
            if cell.style != runStyle { closeRun() }
            runStyle = cell.style
            run += cell.symbol.isEmpty ? " " : cell.symbol
            x += 1
        }
        closeRun()
        return out
    }

    private static func span(_ classes: String, _ text: String) -> String {
        let open = classes.isEmpty ? "<span>" : "<span class=\"\(classes)\">"
        return open + HTMLText.escaped(text) + "</span>"
    }

    /// A style's classes: its tint's colour, `b` bold, `d` dim, `u` underline, `r` reverse,
    /// and `cur` for bold reverse, the way the storefront marks the row or button the cursor
    /// is on; `w` for a double-width character.
    static func classes(_ style: Style, wide: Bool = false) -> String {
        var names: [String] = []
        if wide { names.append("w") }
        if let tint = style.tint { names.append(colour(tint)) }
        if style.bold { names.append("b") }
        if style.dim { names.append("d") }
        if style.underline { names.append("u") }
        if style.reverse { names.append("r") }
        if style.bold && style.reverse { names.append("cur") }
        return names.joined(separator: " ")
    }

    /// The terminal's palette by name (cyan, green, yellow, red, dim, magenta there).
    static func colour(_ tint: Tint) -> String {
        switch tint {
        case .accent: "accent"
        case .success: "success"
        case .warning: "warning"
        case .danger: "danger"
        case .muted: "muted"
        case .premium: "premium"
        }
    }
}
