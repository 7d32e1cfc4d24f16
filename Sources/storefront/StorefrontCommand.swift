import Foundation
import StoreKitSim
import StorefrontUI
import ArgumentParser

@main
struct StorefrontCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storefront",
        abstract: "Walk through Apple's in-app purchase flow in a terminal: a simulated StoreKit store.",
        usage: "storefront [--data-dir <dir>] [--catalog <file>] [<subcommand>] [<options>]",
        discussion: """
            With no subcommand, storefront opens the terminal storefront. The subcommands drive the same \
            simulated store from scripts. Exit codes: 0 done, 3 deferred (Ask to Buy), 4 failed or \
            cancelled, 64 usage error, 65 bad data file, 75 the app busy in another storefront process. --data-dir and --catalog go before or after \
            the subcommand.
            """,
        version: "storefront 0.1.0",
        subcommands: [
            OpenCommand.self, ProductsCommand.self, BuyCommand.self, RestoreCommand.self, LaunchCommand.self,
            PendingCommand.self, ApproveCommand.self, DeclineCommand.self, ResolveCommand.self,
            SetCommand.self, StateCommand.self, ResetCommand.self,
        ],
        defaultSubcommand: OpenCommand.self
    )

    /// Runs a command, mapping storefront's own failures to its documented exit codes.
    static func main() {
        do {
            let names = Set(configuration.subcommands.map { $0._commandName })
            let list = configuration.subcommands.map { $0._commandName }.joined(separator: ", ")
            let given = Array(CommandLine.arguments.dropFirst())
            // Without this, a mistyped command reads as a stray argument to the default `open`.
            if let word = GlobalOptionPlacement.firstWord(given), !names.contains(word), word != "help" {
                throw CommandFailure.usage("unknown command '\(word)'. The commands are: \(list) (storefront --help says more).")
            }
            let arguments = GlobalOptionPlacement.normalize(given, subcommands: names)
            if arguments.first == "help", arguments.count > 1, !arguments[1].hasPrefix("-"), !names.contains(arguments[1]) {
                throw CommandFailure.usage("no help for '\(arguments[1])': it is not a command. The commands are: \(list).")
            }
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch let error as DataFileError {
            printError(error.summary, remedy: error.remedy)
            Foundation.exit(ExitCode.badData.rawValue)
        } catch CommandFailure.usage(let message) {
            printError(message)
            Foundation.exit(ExitCode.usage.rawValue)
        } catch CommandFailure.failed(let message) {
            printError(message)
            Foundation.exit(ExitCode.failed.rawValue)
        } catch CommandFailure.busy(let message) {
            printError(message)
            Foundation.exit(ExitCode.busy.rawValue)
        } catch {
            // As exit(withError:) does, but its messages quote what was typed: each line escaped.
            let message = fullMessage(for: error)
            let code = exitCode(for: error)
            if !message.isEmpty {
                let text = message.split(separator: "\n", omittingEmptySubsequences: false)
                    .map(TerminalText.escaped).joined(separator: "\n")
                if code == .success {
                    print(text)
                } else {
                    var stderr = StandardError()
                    print(text, to: &stderr)
                }
            }
            Foundation.exit(code.rawValue)
        }
    }
}
