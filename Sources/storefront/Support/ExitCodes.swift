import ArgumentParser

/// storefront's exit codes, as documented in docs/command-line.md and --help.
extension ExitCode {
    static let deferred = ExitCode(3)
    static let failed = ExitCode(4)
    static let usage = ExitCode(64)
    static let badData = ExitCode(65)
    /// A file the user asked for (a page, a recording, a JUnit report) could not be written (EX_CANTCREAT).
    static let cannotWrite = ExitCode(73)
    /// The app side of the data directory stayed in use by another storefront process (EX_TEMPFAIL).
    static let busy = ExitCode(75)
}
