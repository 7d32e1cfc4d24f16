import Foundation

/// Every storefront process, the storefront on screen or a command waiting at a prompt (`buy`
/// with hold on): a fault, an abort or Ctrl-\ ends it at once, the Swift runtime's backtracer
/// reporting it first without waiting at a terminal for a key while the process still holds the
/// data directory. Installed at start by every command, and by the terminal storefront, which
/// adds giving the terminal back.
public enum CrashSignals {
    /// Swift traps raise SIGILL (x86_64) or SIGTRAP (arm64); Ctrl-\ raises SIGQUIT.
    static let crashing = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGQUIT]

    /// Whether curses has the terminal, so a crash gives it back first. Set on the main actor
    /// before curses draws; read by the handler.
    nonisolated(unsafe) static var restoresTerminal = false
    @MainActor private static var installed = false

    /// Installs the handlers once, keeping the backtracer's to call from them.
    @MainActor public static func install() {
        guard !installed else { return }
        installed = true
        for sig in crashing {
            var action = sigaction()
            action.handlerWithInfo = crashed
            // On the alternate stack if there is one, so a stack overflow still restores.
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            sigaction(sig, &action, &previousActions[Int(sig)])
        }
    }
}

/// Restores the terminal (when curses has it), lets the previous handler (the Swift runtime's
/// backtracer, if any) report the crash, then ends the process by the signal's default action:
/// a shell sees it killed by that signal (status 131 for Ctrl-\, 134 for an abort …).
///
/// The previous handler is called here rather than reinstated: the backtracer resets the crash
/// signals to their defaults and returns, expecting a fault to recur. A signal sent by kill,
/// abort or the terminal's Ctrl-\ does not recur, and the process would go on half alive: the
/// terminal given back under a UI that keeps drawing, with no crash handler left.
private func crashed(_ sig: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    if CrashSignals.restoresTerminal { restoreTerminal() }
    detachInput()
    let previous = previousActions[Int(sig)]
    let plain = previous.plainHandler
    // SIG_DFL and SIG_IGN are the numbers 0 and 1, not functions.
    if unsafeBitCast(plain, to: Int.self) > 1 {
        if previous.sa_flags & SA_SIGINFO != 0 { previous.handlerWithInfo?(sig, info, context) } else { plain?(sig) }
    }
    // Blocked while this handler runs, so delivered (now by default: the end) as it returns.
    signal(sig, SIG_DFL)
    raise(sig)
}

/// The Swift runtime's backtracer, started with a terminal on stdin and stdout, offers to
/// debug and waits 30 seconds for a key, the process (and the data directory's lock) held all
/// that time. With stdin on /dev/null it finds no key to wait for: it prints the backtrace and
/// ends at once. (open and dup2 are async-signal-safe.)
private func detachInput() {
    guard isatty(STDIN_FILENO) == 1 else { return }
    let null = open("/dev/null", O_RDONLY)
    guard null >= 0 else { return }
    dup2(null, STDIN_FILENO)
    close(null)
}

/// A sigaction's handler, one union that glibc and Darwin name differently: set for
/// SA_SIGINFO, otherwise the plain one (or SIG_DFL, SIG_IGN).
private extension sigaction {
    typealias HandlerWithInfo = @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void
    typealias PlainHandler = @convention(c) (Int32) -> Void

    #if os(Linux)
    var handlerWithInfo: HandlerWithInfo? {
        get { __sigaction_handler.sa_sigaction }
        set { __sigaction_handler.sa_sigaction = newValue }
    }

    var plainHandler: PlainHandler? { __sigaction_handler.sa_handler }
    #elseif canImport(Darwin)
    var handlerWithInfo: HandlerWithInfo? {
        get { __sigaction_u.__sa_sigaction }
        set { __sigaction_u.__sa_sigaction = newValue }
    }

    var plainHandler: PlainHandler? { __sigaction_u.__sa_handler }
    #endif
}

/// The crash signals' previous actions, by signal number (all below 32). A C signal handler
/// cannot capture context, hence a global. nonisolated(unsafe): written only by `install()`
/// on the main actor as each handler is installed, otherwise only read, by that handler.
private nonisolated(unsafe) let previousActions: UnsafeMutablePointer<sigaction> = {
    let table = UnsafeMutablePointer<sigaction>.allocate(capacity: 32)
    table.initialize(repeating: sigaction(), count: 32)
    return table
}()

