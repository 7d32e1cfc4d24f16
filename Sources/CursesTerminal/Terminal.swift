import CNCurses
import Foundation
import StorefrontUI

/// The ncurses screen: shows a `Buffer`, reads `Key`s. Every curses call happens on the main
/// actor, since ncurses is not thread-safe. Call `close()` before printing to stdout again.
@MainActor
public final class Terminal {
    /// Whether tints are shown as colours; false under NO_COLOR or on a monochrome terminal,
    /// where they become bold, underline or dim instead.
    public var colorsEnabled: Bool { palette.colors }
    /// Why the screen is drawn with ASCII stand-ins (`+ - |`, `*`), if it is: the system has
    /// no UTF-8 locale, or STOREFRONT_ASCII=1 asked for them.
    public let ascii: ASCIIReason?

    /// STOREFRONT_ASCII=1 asks for the ASCII stand-ins: what a recording of the storefront
    /// follows too, having no terminal of its own.
    public nonisolated static var asciiRequested: Bool { UTF8Locale.asciiRequested }

    let palette: Palette
    private var isOpen = true
    private static var opened = false

    private init(palette: Palette, ascii: ASCIIReason?) {
        self.palette = palette
        self.ascii = ascii
    }

    /// Starts curses, or explains why the interactive UI cannot run here.
    public static func open() throws(TerminalError) -> Terminal {
        guard !opened else { throw .alreadyOpened }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
        let term = getenv("TERM").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        // "dumb" exists in terminfo but cannot address the cursor.
        guard let term, term != "dumb" else { throw .unsupportedTerminal(term: term) }

        let ascii = UTF8Locale.adopt()  // before curses starts, or UTF-8 input and output are mangled
        SignalTeardown.admitTerminalSignals()
        guard cn_newterm() != nil else { throw .unsupportedTerminal(term: term) }
        opened = true

        let screen = cn_stdscr()
        cbreak()  // not raw: Ctrl-C still raises SIGINT, which SignalTeardown handles
        noecho()
        nonl()
        keypad(screen, true)
        leaveok(screen, true)  // the cursor is hidden, so ncurses need not park it after updates
        curs_set(0)
        if getenv("ESCDELAY") == nil { set_escdelay(25) }  // a lone Esc feels instant
        mousemask(cn_button1_mask() | cn_wheel_up_mask() | cn_wheel_down_mask(), nil)
        mouseinterval(0)  // deliver presses at once rather than waiting to detect clicks
        let palette = Palette.start()
        SignalTeardown.install()
        StderrCapture.begin()
        return Terminal(palette: palette, ascii: ascii)
    }

    /// The screen in columns and rows; ncurses updates it on resize, before `KEY_RESIZE`.
    public var size: (width: Int, height: Int) {
        let screen = cn_stdscr()
        return (Int(getmaxx(screen)), Int(getmaxy(screen)))
    }

    public func beep() {
        _ = CNCurses.beep()
    }

    /// Gives the terminal back (cursor visible, echo and line mode on) and copies out whatever
    /// was written to stderr meanwhile. Safe to call twice.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        restoreTerminal()
    }
}
