import CNCurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// Swift traps raise SIGILL (x86_64) or SIGTRAP (arm64); Ctrl-\ raises SIGQUIT.
    static let crashing = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGQUIT]

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
        for sig in crashing {
            var action = sigaction()
            #if os(Linux)
            action.__sigaction_handler.sa_sigaction = crashed
            #else
            action.__sigaction_u.__sa_sigaction = crashed
            #endif
            // On the alternate stack if there is one, so a stack overflow still restores.
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            sigaction(sig, &action, &previousActions[Int(sig)])
        }
        atexit { restoreTerminal() }
    }
}

/// Restores the terminal, then hands the crash to the previous handler (the Swift runtime's
/// backtracer, or the default action) so it is still reported. A fault from the kernel
/// (si_code > 0) recurs as soon as we return, now with its real address; a signal sent by
/// abort, raise or kill must be sent again, and stays pending until we return.
private func crashed(_ sig: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _: UnsafeMutableRawPointer?) {
    restoreTerminal()
    sigaction(sig, &previousActions[Int(sig)], nil)
    let recurs = sig != SIGQUIT && sig != SIGTRAP && (info?.pointee.si_code ?? 0) > 0
    if !recurs { raise(sig) }
}

/// The crash signals' previous actions, by signal number (all below 32). A C signal handler
/// cannot capture context, hence a global. nonisolated(unsafe): written only by `install()`
/// on the main actor as each handler is installed, otherwise only read, by that handler.
private nonisolated(unsafe) let previousActions: UnsafeMutablePointer<sigaction> = {
    let table = UnsafeMutablePointer<sigaction>.allocate(capacity: 32)
    table.initialize(repeating: sigaction(), count: 32)
    return table
}()

/// Leaves curses mode (once: endwin is skipped if the screen is already restored) and gives
/// stderr back. Called by `Terminal.close()`, at exit, and from the signal handlers.
func restoreTerminal() {
    if !isendwin() { endwin() }
    StderrCapture.end()
}
