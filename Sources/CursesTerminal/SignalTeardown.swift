import CNCurses
import Foundation

/// Gives the terminal back however the process ends: a normal exit, Ctrl-C, kill, hangup or a
/// crash. SIGWINCH is left alone on purpose: ncurses handles it and reports `KEY_RESIZE`
/// (and it keeps its own SIGTSTP handler, so Ctrl-Z and `fg` work).
///
/// On SIGINT, SIGTERM and SIGHUP the handler restores the terminal and exits at once with
/// 128 + the signal number. Nothing is lost: the app writes its state atomically on every
/// change, so there is nothing left to save. (endwin is not formally async-signal-safe; it is
/// the usual curses practice, and the process ends right after.)
enum SignalTeardown {
    static let terminating = [SIGINT, SIGTERM, SIGHUP]

    /// A process can inherit blocked or ignored signals from whatever started it (a test
    /// runner, a tmux server started by one). The terminal depends on these arriving: Ctrl-C,
    /// kill and hangup to end cleanly, SIGWINCH for resizes, SIGTSTP/SIGCONT for Ctrl-Z.
    /// Called before curses starts, so ncurses then installs its own SIGWINCH handler.
    static func admitTerminalSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for sig in terminating + [SIGWINCH, SIGTSTP, SIGCONT] { sigaddset(&set, sig) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
        signal(SIGWINCH, SIG_DFL)
    }

    @MainActor static func install() {
        for sig in terminating {
            signal(sig) { sig in
                restoreTerminal()
                _exit(128 + sig)
            }
        }
        CrashSignals.install()
        CrashSignals.restoresTerminal = true
        atexit { restoreTerminal() }
    }
}

/// Leaves curses mode (once: endwin is skipped if the screen is already restored) and gives
/// stderr back. Called by `Terminal.close()`, at exit, and from the signal handlers.
func restoreTerminal() {
    if !isendwin() { endwin() }
    StderrCapture.end()
}
