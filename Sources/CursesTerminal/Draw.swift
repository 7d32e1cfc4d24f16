import CNCurses
import StorefrontUI

extension Terminal {
    /// Shows `buffer`, clipped to the screen. Redrawing everything is cheap: ncurses compares
    /// with what the terminal already shows and sends only the changed cells.
    /// Without a UTF-8 locale, every character goes out as its ASCII stand-in.
    public func draw(_ buffer: Buffer) {
        let buffer = ascii != nil ? ASCIIStandIns.applied(to: buffer) : buffer
        let screen = cn_stdscr()
        let (width, height) = size
        let columns = min(width, buffer.width)
        werase(screen)  // the buffer may be smaller than the screen (mid-resize)
        for y in 0..<min(height, buffer.height) {
            var x = 0
            while x < columns {
                // One run: the same style, up to and including a wide character. The next run
                // starts at an explicit column, so a terminal that measures a character
                // differently from DisplayWidth cannot shift the rest of the row.
                let start = x
                let style = buffer[x, y].style
                var text = ""
                while x < columns, buffer[x, y].style == style {
                    // A wide character is followed by an "" cell, its right half.
                    let wide = x + 1 < buffer.width && buffer[x + 1, y].symbol.isEmpty
                    if wide, x + 1 == columns { x = columns; break }  // cut by the screen edge
                    text += buffer[x, y].symbol
                    x += wide ? 2 : 1
                    if wide { break }
                }
                guard !text.isEmpty else { continue }
                let (attrs, pair) = palette.attributes(for: style)
                wattr_set(screen, attrs, pair, nil)
                mvwaddnstr(screen, Int32(y), Int32(start), text, -1)
            }
        }
        wattr_set(screen, cn_a_normal(), 0, nil)
        wnoutrefresh(screen)
        doupdate()
    }
}
