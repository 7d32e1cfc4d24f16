/// Input as the app understands it; the terminal translates curses key codes into these.
public enum Key: Equatable, Sendable {
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace
    case char(Character)
    /// A mouse button press at a cell (column, row).
    case click(x: Int, y: Int)
    /// The mouse wheel turned up (away from the user) or down, over a cell (column, row).
    case scrollUp(x: Int, y: Int)
    case scrollDown(x: Int, y: Int)
    /// The terminal changed size.
    case resize(width: Int, height: Int)
}
