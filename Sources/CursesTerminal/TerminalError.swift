/// Why the interactive UI cannot start. The message points to the command-line mode, which
/// works anywhere (pipes, CI, dumb terminals).
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// stdin or stdout is not a TTY (piped, redirected, or run without a terminal).
    case notATerminal
    /// TERM is unset, "dumb", or not in the terminfo database.
    case unsupportedTerminal(term: String?)
    /// `Terminal.open()` was already called in this process; curses has one screen.
    case alreadyOpened

    public var description: String {
        let hint = "use `storefront --help` for the command-line mode"
        switch self {
        case .notATerminal:
            return "the terminal storefront needs an interactive terminal (stdin and stdout must be a TTY); \(hint)"
        case .unsupportedTerminal(let term?):
            return "the terminal storefront cannot drive terminal type '\(term)' (set TERM, e.g. TERM=xterm-256color); \(hint)"
        case .unsupportedTerminal(nil):
            return "storefront needs TERM to be set (e.g. TERM=xterm-256color); \(hint)"
        case .alreadyOpened:
            return "the terminal can be opened only once per process"
        }
    }
}
