import Foundation
import Testing

/// The real binary in a real terminal: a detached tmux session, keys sent with send-keys,
/// the screen read with capture-pane.
///
/// Every session runs on its own private tmux server (`tmux -S <own socket> -f /dev/null`),
/// so a user's tmux, their ~/.tmux.conf or a server left over from another run never takes
/// part, and `kill()` ends the server with everything in it. The pane runs
///
///     env LANG=C.UTF-8 TERM=xterm-256color storefront --data-dir DIR
///     echo EXITED $?; read -r line; echo "READ [$line]"; sleep 120
///
/// so a test reads the exit code from the screen after quitting, then proves the terminal was
/// given back by typing a line at `read` (which only completes in a sane, cooked terminal).
final class TmuxSession {
    /// The session's name, unique to this test run.
    let name: String
    let cli: BinaryRunner
    /// The private server's socket, in the temporary directory.
    private let socket: String
    /// The pane's shell: its process group holds storefront too.
    private var shellPID: pid_t?
    private var killed = false

    /// The pane's shell, once storefront has exited and printed EXITED: waits for a typed line
    /// (see `proveTerminalUsable`), then keeps the pane open until the test kills it.
    static let readThenWait = #"read -r line; echo "READ [$line]"; sleep 120"#

    /// Starts `storefront` on the runner's data directory in a new session of `width`×`height`.
    /// `shellPrefix` runs first in the pane's shell, `afterExit` after the EXITED line.
    /// `arguments`: what follows the binary instead of `--data-dir DIR` (a command with data of its own).
    init(_ cli: BinaryRunner, width: Int = 100, height: Int = 30, environment: [String: String] = [:],
         arguments: [String]? = nil, shellPrefix: String = "", afterExit: String = TmuxSession.readThenWait) throws {
        self.cli = cli
        name = "storefront-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        socket = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).tmux").path
        try #require(Self.tmuxAvailable, "tmux is required for the terminal end-to-end tests: install it (apt-get install tmux, brew install tmux)")
        let binary = BinaryRunner.binary.path
        try #require(FileManager.default.isExecutableFile(atPath: binary),
                     "the storefront binary was not found at \(binary): build it (swift build) or set STOREFRONT_BIN")
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        var env = ["LANG": "C.UTF-8", "TERM": "xterm-256color"]
        env.merge(environment) { $1 }
        let assignments = env.map { "\($0.key)=\(Self.quote($0.value))" }.sorted().joined(separator: " ")
        let given = (arguments ?? ["--data-dir", cli.dataDirectory.path]).map(Self.quote).joined(separator: " ")
        let command = shellPrefix
            + "env \(assignments) \(Self.quote(binary)) \(given); "
            + "echo EXITED $?; " + afterExit
        try tmux(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", command])
        shellPID = try? pid_t(tmux(["display-message", "-p", "-t", name, "#{pane_pid}"], readOutput: true)
            .trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Ends the session's tmux server, and with it the pane's processes (they get SIGHUP), then
    /// waits (a few seconds at most) for them to be gone, so the test's data directory is not
    /// deleted under a storefront that is still writing to it.
    func kill() {
        guard !killed else { return }
        killed = true
        _ = try? tmux(["kill-server"])
        if let shellPID {
            let deadline = Date() + 5
            while processGroupExists(shellPID), Date() < deadline {
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
        unlink(socket)
    }

    deinit {
        kill()
    }

    static var tmuxAvailable: Bool {
        (try? run(["-V"])) != nil
    }

    // MARK: Keys

    /// Sends keys by tmux name: "Enter", "Escape", "C-c", "j", "+".
    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", name] + keys)
    }

    /// Sends text literally (no key-name lookup).
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", name, "-l", text])
    }

    /// A left click (press and release) at a screen cell, 0-based, as xterm's SGR mouse
    /// protocol reports it (the pane's TERM is xterm-256color).
    func click(x: Int, y: Int) throws {
        try type("\u{1B}[<0;\(x + 1);\(y + 1)M\u{1B}[<0;\(x + 1);\(y + 1)m")
    }

    /// A turn of the mouse wheel over a screen cell, 0-based: xterm's SGR report of a press of
    /// button 4 (up) or 5 (down), which is how terminals send the wheel.
    func wheel(up: Bool, x: Int, y: Int) throws {
        try type("\u{1B}[<\(up ? 64 : 65);\(x + 1);\(y + 1)M")
    }

    /// Where `text` first appears on `screen`: its column and row, 0-based. The column counts
    /// characters, which are cells on the lines it is used for (no double-width text before it).
    static func position(of text: String, in screen: String) -> (x: Int, y: Int)? {
        for (y, row) in rows(of: screen).enumerated() {
            guard let range = row.range(of: text) else { continue }
            return (row[..<range.lowerBound].count, y)
        }
        return nil
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
    }

    /// Waits until the storefront has read every key sent to it: its terminal's input queue
    /// is empty at two polls in a row (tmux passes on what it is sent at once).
    func waitForKeysRead(seconds: Double = 15) throws {
        let tty = try tmux(["display-message", "-p", "-t", name, "#{pane_tty}"], readOutput: true)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let fd = open(tty, O_RDONLY | O_NOCTTY | O_NONBLOCK)
        try #require(fd >= 0, "the pane's terminal \(tty) opens")
        defer { close(fd) }
        let deadline = Date() + seconds
        var emptyBefore = false
        repeat {
            var waiting: Int32 = 0
            let empty = ioctl(fd, UInt(FIONREAD), &waiting) == 0 && waiting == 0
            if empty, emptyBefore { return }
            emptyBefore = empty
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        throw TerminalTimeout(waitingFor: "the storefront to read the keys sent", seconds: seconds, screen: (try? screen()) ?? "")
    }

    // MARK: Screen

    /// The visible screen; `joined` rejoins lines the terminal wrapped (long messages).
    func screen(joined: Bool = false) throws -> String {
        try tmux(["capture-pane", "-t", name, "-p"] + (joined ? ["-J"] : []), readOutput: true)
    }

    /// The screen's rows, one per terminal line (capture-pane ends each with a newline).
    static func rows(of screen: String) -> [Substring] {
        var rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        if rows.last?.isEmpty == true { rows.removeLast() }
        return rows
    }

    /// Polls the screen until `condition` holds, for up to `seconds`; throws with the last
    /// screen if it never does. Returns the screen that satisfied it.
    @discardableResult
    func wait(for what: @autoclosure () -> String, seconds: Double = 15, joined: Bool = false,
              until condition: (String) -> Bool) throws -> String {
        let deadline = Date() + seconds
        var last = ""
        repeat {
            last = try screen(joined: joined)
            if condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        throw TerminalTimeout(waitingFor: what(), seconds: seconds, screen: last)
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String, seconds: Double = 15, joined: Bool = false) throws -> String {
        try wait(for: "\"\(text)\"", seconds: seconds, joined: joined) { $0.contains(text) }
    }

    /// Waits until `text` is gone from the screen.
    @discardableResult
    func waitForAbsence(_ text: String, seconds: Double = 15) throws -> String {
        try wait(for: "\"\(text)\" to go away", seconds: seconds) { !$0.contains(text) }
    }

    /// Waits for the line the pane's shell prints once storefront has exited; its exit status.
    func exitStatus(seconds: Double = 15) throws -> Int32 {
        let screen = try wait(for: "storefront to exit (EXITED n)", seconds: seconds) { Self.exitStatus(in: $0) != nil }
        return Self.exitStatus(in: screen)!
    }

    private static func exitStatus(in screen: String) -> Int32? {
        for line in screen.split(separator: "\n") where line.hasPrefix("EXITED ") {
            if let status = Int32(line.dropFirst("EXITED ".count).trimmingCharacters(in: .whitespaces)) {
                return status
            }
        }
        return nil
    }

    /// After storefront has exited: types a line at the shell's `read` and waits for it to come
    /// back. Only a terminal left in its normal state (canonical mode, echo, CR→NL) delivers it.
    func proveTerminalUsable() throws {
        try type("hello")
        try send("Enter")
        let screen = try waitFor("READ [hello]")
        #expect(screen.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "hello" },
                "the typed line was echoed")
    }

    /// A pane variable from tmux, such as `alternate_on` (1 while the alternate screen is shown)
    /// or `cursor_flag` (1 while the cursor is visible).
    func paneVariable(_ variable: String) throws -> String {
        try tmux(["display-message", "-p", "-t", name, "#{\(variable)}"], readOutput: true)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The open storefront's process id, from the app lock it holds ("the open storefront
    /// (process 1234)").
    func storefrontPID() throws -> pid_t {
        let lock = try String(contentsOf: cli.dataDirectory.appendingPathComponent(".storefront-ui.lock"), encoding: .utf8)
        let number = try #require(lock.firstMatch(of: /process (\d+)/)?.output.1, "no process id in the lock: \(lock)")
        return try #require(pid_t(number))
    }

    // MARK: The store list

    /// The title the detail pane shows for the selected row (right of the column rule, line 3).
    func detailTitle(in screen: String) -> String? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count > 2, let bar = lines[2].firstIndex(of: "│") else { return nil }
        let title = lines[2][lines[2].index(after: bar)...].trimmingCharacters(in: .whitespaces)
        return title.isEmpty ? nil : title
    }

    /// Selects the row whose detail pane is titled `title`, once the products are in: `g` to the
    /// top, then `j` one row at a time, each time waiting for the selection to move before looking
    /// again (so a slow redraw can never make it overshoot).
    func select(_ title: String) throws {
        try waitFor("FREE CONTENT")
        try waitForAbsence("Loading…")
        try send("g")
        // The first row is a free quote, titled in the detail pane as in the list.
        var current = try wait(for: "the first row to be selected") { screen in
            guard let detail = self.detailTitle(in: screen) else { return false }
            return Self.firstRowTitle(in: screen).map { detail == $0 } ?? false
        }
        for _ in 0..<40 {
            let selected = detailTitle(in: current)
            if selected == title { return }
            try send("j")
            // A capture can catch a redraw half done (a title partly rewritten): only a screen
            // captured twice in a row is read, or a garbled title could count as a row.
            var previous: String?
            current = try wait(for: "the selection to move past \(selected ?? "?") towards \(title)") { screen in
                defer { previous = screen }
                let now = self.detailTitle(in: screen)
                return now != nil && now != selected && screen == previous
            }
        }
        throw TerminalTimeout(waitingFor: "a row titled \(title)", seconds: 0, screen: current)
    }

    /// Selects the product titled `title` and opens its purchase sheet.
    func openSheet(_ title: String) throws {
        try select(title)
        try send("Enter")
        try waitFor("[ Buy ]")
    }

    /// The first item in the list (line 4, left of the column rule), without its price.
    private static func firstRowTitle(in screen: String) -> String? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count > 3, let bar = lines[3].firstIndex(of: "│") else { return nil }
        let row = lines[3][..<bar].trimmingCharacters(in: .whitespaces)
        return row.components(separatedBy: "  ").first
    }

    // MARK: tmux

    /// Runs tmux against this session's private server.
    @discardableResult
    private func tmux(_ arguments: [String], readOutput: Bool = false) throws -> String {
        try Self.run(["-S", socket, "-f", "/dev/null"] + arguments, readOutput: readOutput)
    }

    /// Runs one tmux client and waits for it. Only capture-pane's output is read: the command
    /// that starts the server gets /dev/null, since the server would keep a pipe open for ever.
    ///
    /// tmux is started with posix_spawn rather than Foundation's Process, for two reasons:
    /// - The child must start with no signals blocked and default handlers. A child inherits
    ///   the signal mask of the thread that starts it, and the test runner's worker threads
    ///   block most signals (SIGHUP, SIGINT, SIGTERM, SIGCHLD, SIGWINCH …). A tmux server
    ///   started that way passes them on to every pane: the pane's shell then ignores hangups
    ///   and outlives `kill-server`, and the server never reaps its children.
    /// - The server the first command forks must inherit none of this process's descriptors:
    ///   Process notices a child's exit through a descriptor the child inherits, so a server
    ///   holding it makes `waitUntilExit` wait as long as the server lives.
    @discardableResult
    private static func run(_ arguments: [String], readOutput: Bool = false) throws -> String {
        var output: [Int32] = [-1, -1]
        if readOutput {
            guard pipe(&output) == 0 else { throw TmuxError(arguments: arguments, status: -1) }
        }
        defer { for fd in output where fd >= 0 { close(fd) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        if readOutput {
            posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO)
            posix_spawn_file_actions_adddup2(&actions, output[1], STDERR_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        }

        #if canImport(Darwin)
        var attributes: posix_spawnattr_t? = nil
        #else
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        sigdelset(&allSignals, SIGKILL)
        sigdelset(&allSignals, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        #if canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #else
        // Close every other inherited descriptor (what Darwin's POSIX_SPAWN_CLOEXEC_DEFAULT does).
        for fd in openDescriptors() where fd > STDERR_FILENO {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))

        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil  // `swift test` run inside tmux: still use our own server
        environment["TMUX_PANE"] = nil
        let argv = (["/usr/bin/env", "tmux"] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        var pid = pid_t()
        let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw TmuxError(arguments: arguments, status: -1) }
        var data = Data()
        if readOutput {
            close(output[1])
            output[1] = -1
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(output[0], &buffer, buffer.count)
                if count > 0 {
                    data.append(contentsOf: buffer[..<count])
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // Exited normally (no signal, low 7 bits clear) with status 0.
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            let message = String(decoding: data, as: UTF8.self)
            throw TmuxError(arguments: arguments, status: (status >> 8) & 0xFF, message: message)
        }
        return String(decoding: data, as: UTF8.self)
    }

    #if !canImport(Darwin)
    private static func openDescriptors() -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { Int32($0) }
    }
    #endif

    static func quote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}

/// Whether any process is left in the group (signal 0 only asks, it sends nothing).
private func processGroupExists(_ group: pid_t) -> Bool {
    kill(-group, 0) == 0
}

struct TmuxError: Error, CustomStringConvertible {
    var arguments: [String]
    var status: Int32
    var message = ""
    var description: String {
        "tmux \(arguments.joined(separator: " ")) exited \(status)" + (message.isEmpty ? "" : ": \(message)")
    }
}

/// What the screen showed when the thing a test waited for never came.
struct TerminalTimeout: Error, CustomStringConvertible {
    var waitingFor: String
    var seconds: Double
    var screen: String
    var description: String {
        "timed out after \(seconds) s waiting for \(waitingFor); the screen was:\n\(screen)"
    }
}
