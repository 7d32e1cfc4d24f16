import CNCurses
import Foundation
import StorefrontUI

extension Terminal {
    /// The next key, or nil if `timeoutMilliseconds` passes first (or the read is interrupted).
    /// A nil timeout blocks, so an idle app uses no CPU. Keys the app has no use for (function
    /// keys, control characters, other mouse events) are skipped, and each restarts the wait.
    /// With `wake`, the wait also ends (nil) when that descriptor becomes readable: a file
    /// watcher, so changes made by another process show without polling.
    public func readKey(timeoutMilliseconds: Int?, wake: Int32? = nil) -> Key? {
        let screen = cn_stdscr()
        guard let wake else {
            wtimeout(screen, Int32(clamping: timeoutMilliseconds.map { max(0, $0) } ?? -1))
            let key = nextKey(screen)
            if key == nil, Self.inputHungUp() { Self.hangUp() }
            return key
        }
        // Keys ncurses has already buffered (the rest of an escape sequence, a resize) come first.
        wtimeout(screen, 0)
        if let key = nextKey(screen) { return key }
        var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&fds, 2, Int32(clamping: timeoutMilliseconds.map { max(0, $0) } ?? -1))
        if ready > 0, fds[0].revents & Self.hangUpEvents != 0 { Self.hangUp() }
        // Timeout, a signal (SIGWINCH: the resize key is read next time), or the watcher fired.
        guard ready > 0, fds[0].revents != 0 else { return nil }
        wtimeout(screen, 100)
        return nextKey(screen)
    }

    private static let hangUpEvents = Int16(POLLHUP | POLLERR | POLLNVAL)

    /// Whether the terminal has gone away (its window closed, its tmux pane killed): reads then
    /// fail at once, so waiting for a key would spin instead of blocking.
    private static func inputHungUp() -> Bool {
        var fd = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&fd, 1, 0) > 0 && fd.revents & hangUpEvents != 0
    }

    /// The terminal is gone but SIGHUP did not arrive (it goes to the session leader, which may
    /// ignore or block it): end as SIGHUP would, rather than spin on input that is always ready.
    private static func hangUp() -> Never {
        restoreTerminal()
        _exit(128 + SIGHUP)
    }

    private func nextKey(_ screen: UnsafeMutablePointer<WINDOW>?) -> Key? {
        while true {
            var code: wint_t = 0
            switch wget_wch(screen, &code) {
            case KEY_CODE_YES:
                if let key = functionKey(Int32(clamping: code)) { return key }
            case OK:
                if let key = characterKey(code) { return key }
            default:
                return nil
            }
        }
    }

    private func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_PPAGE: .pageUp
        case KEY_NPAGE: .pageDown
        case KEY_HOME: .home
        case KEY_END: .end
        case KEY_ENTER: .enter
        case KEY_BTAB: .backTab
        case KEY_BACKSPACE: .backspace
        case KEY_RESIZE: .resize(width: size.width, height: size.height)
        case KEY_MOUSE: mouseKey()
        default: nil
        }
    }

    private func characterKey(_ code: wint_t) -> Key? {
        switch code {
        case 13, 10: return .enter  // nonl(): Enter arrives as \r
        case 27: return .escape
        case 9: return .tab
        case 8, 127: return .backspace
        case 0..<0x20, 0x7F..<0xA0: return nil
        // wint_t is unsigned on glibc and signed on Darwin.
        default: return UInt32(exactly: code).flatMap(Unicode.Scalar.init).map { .char(Character($0)) }
        }
    }

    /// A button-1 press or a wheel turn, in screen cells (stdscr starts at 0,0).
    private func mouseKey() -> Key? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        return Self.mouseKey(buttons: event.bstate, x: Int(event.x), y: Int(event.y))
    }

    /// What a mouse event's buttons mean. Terminals report the wheel as presses of buttons 4
    /// (up) and 5 (down), which ncurses passes on as BUTTON4_PRESSED and BUTTON5_PRESSED.
    private static func mouseKey(buttons: mmask_t, x: Int, y: Int) -> Key? {
        if buttons & cn_button1_mask() != 0 { return .click(x: x, y: y) }
        if buttons & cn_wheel_up_mask() != 0 { return .scrollUp(x: x, y: y) }
        if buttons & cn_wheel_down_mask() != 0 { return .scrollDown(x: x, y: y) }
        return nil
    }
}
