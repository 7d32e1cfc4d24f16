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
    /// A row that is only a rule is hidden from screen readers, which would read each of its
    /// box-drawing characters aloud; the row itself stays, for the player writes rows whole.
    public static func row(_ y: Int, of buffer: Buffer) -> String {
        var end = buffer.width
        while end > 0, buffer[end - 1, y] == .blank { end -= 1 }
        let hidden = isRule((0..<end).map { buffer[$0, y].symbol })
        var out = ""
        var run = ""
        var runStyle = Style.plain
        func closeRun() {
            guard !run.isEmpty else { return }
            out += span(classes(runStyle), run, hidden: hidden)
            run = ""
        }
        var x = 0
        while x < end {
            let cell = buffer[x, y]
            // A wide character's right half ("") is the cell after it: the span takes both.
            if x + 1 < buffer.width, buffer[x + 1, y].symbol.isEmpty {
                closeRun()
                out += span(classes(cell.style, wide: true), cell.symbol, hidden: hidden)
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

    private static func span(_ classes: String, _ text: String, hidden: Bool) -> String {
        let attributes = (classes.isEmpty ? "" : " class=\"\(classes)\"") + (hidden ? " aria-hidden=\"true\"" : "")
        return "<span\(attributes)>" + HTMLText.escaped(text) + "</span>"
    }

    /// Whether a row's cells draw a rule and nothing else: box-drawing characters (or, drawn in
    /// ASCII, a run of `-`, `=`, `+` and `|`) and blanks.
    static func isRule(_ symbols: [String]) -> Bool {
        let drawn = symbols.filter { !$0.allSatisfy(\.isWhitespace) }
        guard !drawn.isEmpty else { return false }
        let boxDrawing = drawn.allSatisfy { $0.unicodeScalars.allSatisfy { (0x2500...0x257F).contains($0.value) } }
        let ascii = drawn.count >= 3 && drawn.allSatisfy { ["-", "=", "+", "|"].contains($0) }
        return boxDrawing || ascii
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
