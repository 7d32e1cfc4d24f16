import Foundation
import AppStoreCore
import StorefrontUI
import ArgumentParser
import CursesTerminal

@main
struct StorefrontCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storefront",
        abstract: "Walk through Apple's in-app purchase flow in a terminal: a simulated StoreKit store.",
        usage: "storefront [--data-dir <dir>] [--catalog <file>] [<subcommand>] [<options>]",
        discussion: """
            With no subcommand, storefront opens the terminal storefront. The subcommands drive the same \
            simulated store from scripts. Exit codes: 0 done, 3 deferred (Ask to Buy), 4 failed, refused or \
            cancelled (a walkthrough failed, for test), 64 usage error, 65 bad data or walkthrough file, 75 the app busy in another storefront process. With --json, an error \
            is a JSON object on stdout too. --data-dir and --catalog go before or after the subcommand. \
            With STOREFRONT_START_TIME set (ISO 8601, e.g. 2030-01-01T09:00:00Z), real time stands still at \
            that time, so the same commands on a new data directory print the same bytes every time.
            """,
        version: "storefront 0.1.0",
        subcommands: [
            OpenCommand.self, ProductsCommand.self, BuyCommand.self, RestoreCommand.self, LaunchCommand.self,
            PendingCommand.self, ApproveCommand.self, DeclineCommand.self, ResolveCommand.self, BuyOutsideCommand.self, RedeemCodeCommand.self, PromoteCommand.self,
            SetCommand.self, ClockCommand.self, AdvanceCommand.self, StateCommand.self,
            SubscriptionsCommand.self, AutoRenewCommand.self, ExpireCommand.self, RenewCommand.self, FixBillingCommand.self,
            PriceIncreaseCommand.self, AgreePriceCommand.self, DeclinePriceCommand.self, EventsCommand.self,
            UnconsumedCommand.self, ConsumeCommand.self,
            RefundCommand.self, DeleteTransactionCommand.self, ClearHistoryCommand.self, FamilyCommand.self,
            RequestRefundCommand.self, ApproveRefundCommand.self, DeclineRefundCommand.self,
            DoctorCommand.self, ResetCommand.self, TestCommand.self, PlayCommand.self, RecordCommand.self,
            CatalogCommand.self, CertificateCommand.self, OfferKeyCommand.self, VerifyCommand.self, ReceiptCommand.self, VerifyReceiptCommand.self,
        ],
        defaultSubcommand: OpenCommand.self
    )

    /// Runs a command, mapping storefront's own failures to its documented exit codes.
    static func main() {
        CrashHook.install()
        // Commands run on the main thread.
        MainActor.assumeIsolated { CrashSignals.install() }
        let given = Array(CommandLine.arguments.dropFirst())
        // The command whose usage follows a usage error: the root until one is parsed.
        var running: any ParsableCommand.Type = self
        // The hints the command prints, its errors' included, name the data directory and
        // catalog it was given.
        var hint = CommandLineHint()
        do {
            // The storefront alone, as most starts are: no parser needed, and building its
            // tree of every command costs a fifth of the start.
            if let paths = GlobalOptionPlacement.storefrontOnly(given) {
                running = OpenCommand.self
                hint = CommandLineHint(dataDirectoryOption: paths.dataDir, catalogOption: paths.catalog)
                try CommandLineHint.$current.withValue(hint) { try OpenCommand.open(paths) }
                return
            }
            let names = Set(configuration.subcommands.map { $0._commandName })
            let list = configuration.subcommands.map { $0._commandName }.joined(separator: ", ")
            // Without this, a mistyped command reads as a stray argument to the default `open`.
            if let word = GlobalOptionPlacement.firstWord(given), !names.contains(word), word != "help" {
                throw CommandFailure.usage("unknown command '\(word)'. The commands are: \(list).")
            }
            let arguments = GlobalOptionPlacement.normalize(given, subcommands: names, nested: ["catalog": CatalogCommand.nested, "family": FamilyCommand.nested])
            if arguments.first == "help", arguments.count > 1, !arguments[1].hasPrefix("-"), !names.contains(arguments[1]) {
                throw CommandFailure.usage("no help for '\(arguments[1])': it is not a command. The commands are: \(list).")
            }
            var command = try parseAsRoot(arguments)
            running = type(of: command)
            let global = (command as? any UsesGlobalOptions)?.global
            let catalog = global?.catalog ?? (command as? any RunsWalkthroughs)?.options.catalog
            let dataDir = global?.dataDir
            hint = CommandLineHint(dataDirectoryOption: dataDir, catalogOption: catalog)
            try CommandLineHint.$current.withValue(hint) { try command.run() }
        } catch {
            let report = CommandLineHint.$current.withValue(hint) { ErrorReport(error, command: self, subcommand: running) }
            guard let report else {
                // Help and --version (on stdout, each line escaped: they quote what was typed),
                // or an exit code whose output is already out.
                let message = fullMessage(for: error)
                if !message.isEmpty {
                    print(message.split(separator: "\n", omittingEmptySubsequences: false)
                        .map(TerminalText.escaped).joined(separator: "\n"))
                }
                Foundation.exit(exitCode(for: error).rawValue)
            }
            report.exit(json: GlobalOptionPlacement.asksForJSON(given))
        }
    }
}

/// A command that takes --data-dir and --catalog, which the hints it prints and the errors it
/// ends with then name: every command but the walkthroughs' (`RunsWalkthroughs`).
protocol UsesGlobalOptions {
    var global: GlobalOptions { get }
}

extension OpenCommand: UsesGlobalOptions {}
extension ProductsCommand: UsesGlobalOptions {}
extension BuyCommand: UsesGlobalOptions {}
extension DoctorCommand: UsesGlobalOptions {}
extension CertificateCommand: UsesGlobalOptions {}
extension VerifyCommand: UsesGlobalOptions {}
extension RestoreCommand: UsesGlobalOptions {}
extension LaunchCommand: UsesGlobalOptions {}
extension PendingCommand: UsesGlobalOptions {}
extension ApproveCommand: UsesGlobalOptions {}
extension DeclineCommand: UsesGlobalOptions {}
extension ResolveCommand: UsesGlobalOptions {}
extension SetCommand: UsesGlobalOptions {}
extension StateCommand: UsesGlobalOptions {}
extension ResetCommand: UsesGlobalOptions {}
extension ClockCommand: UsesGlobalOptions {}
extension AdvanceCommand: UsesGlobalOptions {}
extension CatalogCheckCommand: UsesGlobalOptions {}
extension CatalogExportCommand: UsesGlobalOptions {}
extension SubscriptionsCommand: UsesGlobalOptions {}
extension AutoRenewCommand: UsesGlobalOptions {}
extension ExpireCommand: UsesGlobalOptions {}
extension RenewCommand: UsesGlobalOptions {}
extension FixBillingCommand: UsesGlobalOptions {}
extension PriceIncreaseCommand: UsesGlobalOptions {}
extension AgreePriceCommand: UsesGlobalOptions {}
extension DeclinePriceCommand: UsesGlobalOptions {}
extension EventsCommand: UsesGlobalOptions {}
extension BuyOutsideCommand: UsesGlobalOptions {}
extension RedeemCodeCommand: UsesGlobalOptions {}
extension PromoteCommand: UsesGlobalOptions {}
extension UnconsumedCommand: UsesGlobalOptions {}
extension ConsumeCommand: UsesGlobalOptions {}
extension RefundCommand: UsesGlobalOptions {}
extension DeleteTransactionCommand: UsesGlobalOptions {}
extension ClearHistoryCommand: UsesGlobalOptions {}
extension RequestRefundCommand: UsesGlobalOptions {}
extension ApproveRefundCommand: UsesGlobalOptions {}
extension DeclineRefundCommand: UsesGlobalOptions {}
extension FamilyCreateCommand: UsesGlobalOptions {}
extension FamilyAddCommand: UsesGlobalOptions {}
extension FamilyRemoveCommand: UsesGlobalOptions {}
extension FamilyLeaveCommand: UsesGlobalOptions {}
extension FamilyShareCommand: UsesGlobalOptions {}
extension FamilyBuyCommand: UsesGlobalOptions {}
extension FamilyShowCommand: UsesGlobalOptions {}
extension ReceiptCommand: UsesGlobalOptions {}
extension VerifyReceiptCommand: UsesGlobalOptions {}

/// A command that runs walkthroughs on fresh data of its own: --catalog only.
protocol RunsWalkthroughs {
    var options: WalkthroughOptions { get }
}

extension TestCommand: RunsWalkthroughs {}
extension PlayCommand: RunsWalkthroughs {}
extension RecordCommand: RunsWalkthroughs {}
