import AppStoreJSON
import ArgumentParser
import SampleApp
import AppStoreCore
import StoreKitSim
import StorefrontUI

/// Ask to Buy approval, decline and resolving an interrupted purchase happen outside the
/// app (a parent's device, the App Store's own sheet). The store records the outcome; the
/// app receives it live when open, else at its next launch.
struct TransactionArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The transaction identifier (see `storefront pending`).", valueName: "txn"))
    var transactionID: String
}

struct ActionOutput: Encodable {
    var transaction: TransactionPayload
}

enum StoreAction {
    /// Runs `action`, which returns the id of the transaction to report.
    static func perform(_ global: GlobalOptions, _ output: OutputOptions,
                        _ action: (PaymentQueue) throws -> String, done: (Transaction) -> String) throws {
        let session = try Session(global)
        let shownID = try action(session.queue)
        guard let t = session.current(shownID) else { return }
        if output.json {
            try JSONOutput.print(ActionOutput(transaction: try session.payload(t)))
        } else {
            printLine(done(t))
            printLine("The app receives it live if the storefront is open, otherwise at its next launch (\(CommandLineHint.command("launch"))).")
        }
    }
}

struct ApproveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "approve", abstract: "Approve an Ask to Buy request: it becomes purchased.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var transaction: TransactionArgument
    @OptionGroup var output: OutputOptions

    func run() throws {
        let id = transaction.transactionID
        try StoreAction.perform(global, output, { _ = try $0.approve(transactionID: id); return id }) { t in
            "Approved \(t.id): \(t.item(named: t.productID)) \(t.answerText)."
        }
    }
}

struct DeclineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "decline", abstract: "Decline an Ask to Buy request: it fails.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var transaction: TransactionArgument
    @OptionGroup var output: OutputOptions

    func run() throws {
        let id = transaction.transactionID
        try StoreAction.perform(global, output, { _ = try $0.decline(transactionID: id); return id }) { t in
            "Declined \(t.id): \(t.item(named: t.productID)) failed."
        }
    }
}

struct ResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve", abstract: "Resolve an interrupted purchase (e.g. agree to updated terms): a new transaction completes it.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var transaction: TransactionArgument
    @OptionGroup var output: OutputOptions

    func run() throws {
        let id = transaction.transactionID
        try StoreAction.perform(global, output, { try $0.resolve(transactionID: id).0.id }) { t in
            "Resolved \(id): new transaction \(t.id), \(t.item(named: t.productID)) \(t.answerText)."
        }
    }
}

extension Transaction {
    /// "is purchased", or why the store refused it when it answered (the plan came back
    /// while the request waited: already subscribed).
    fileprivate var answerText: String {
        queueState.state == .failed ? "failed: \(queueState.error.map { "\($0)" } ?? "unknown error")" : "is purchased"
    }
}
