import ArgumentParser
import StoreKitSim

/// How a command reports an outcome that is not success.
enum Report {
    struct ErrorOutput: Encodable {
        var error: ErrorJSON
    }

    /// Prints a store error (as JSON on stdout with --json, else on stderr) and exits 4.
    static func failure(_ error: StoreError, json: Bool, context: String) throws -> Never {
        if json {
            try JSONOutput.print(ErrorOutput(error: ErrorJSON(error)))
        } else {
            printError("\(context): \(error.message) (\(error.domain) \(error.code) \(error.name))")
        }
        throw ExitCode.failed
    }
}

func printError(_ message: String) {
    var stderr = StandardError()
    print("storefront: \(message)", to: &stderr)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}

import Foundation
