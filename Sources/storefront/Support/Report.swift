import AppStoreJSON
import ArgumentParser
import DataFiles
import Foundation
import AppStoreCore
import StorefrontUI

/// How a command reports an outcome that is not success.
enum Report {
    /// What the app did at launch before the refusal: it delivered what the queue redelivered,
    /// and that is kept even though the command then failed.
    struct Launch {
        var redelivered: [TransactionPayload]
        var userDefaults: [String: JSONValue]
    }

    /// Prints a store error (as JSON on stdout with --json, else on stderr) and exits 4.
    static func failure(_ error: StoreError, json: Bool, context: String, launch: Launch? = nil) throws -> Never {
        let report = ErrorReport(error)
        if json { report.printJSON(launch: launch) } else { report.printText(context: context) }
        throw ExitCode.failed
    }
}

/// Prints one line of text output (what --json replaces). Titles, ids, names and values from
/// files in it are shown escaped (TerminalText): they can neither command the terminal nor
/// pass for a second line.
func printLine(_ line: String, terminator: String = "\n") {
    print(TerminalText.escaped(line), terminator: terminator)
}

/// Prints `message` on stderr after "storefront: ", and `remedy` on a line of its own, both
/// escaped as printLine does: messages quote arguments and values from files.
func printError(_ message: String, remedy: String? = nil) {
    // What went to stdout first (redelivered transactions) must come first in a shared pipe.
    fflush(nil)
    var stderr = StandardError()
    print("storefront: \(TerminalText.escaped(message))", to: &stderr)
    if let remedy { print(TerminalText.escaped(remedy), to: &stderr) }
}

/// Prints `text` on stderr as it is laid out (a usage block), each line escaped.
func printErrorLines(_ text: String) {
    var stderr = StandardError()
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        print(TerminalText.escaped(String(line)), to: &stderr)
    }
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}
