import AppStoreJSON
import ArgumentParser
import Foundation
import SampleApp
import AppStoreCore
import StoreKitSim
import StorefrontUI

/// The App Store's side of the history (Xcode's Transaction Manager, SKTestSession's
/// refundTransaction, deleteTransaction and clearTransactions): each command is one
/// `StoreAdmin.Operation`. They need no app, so they work beside an open storefront, which
/// hears a refund at once as an update with a revocation.
enum HistoryAction {
    struct Output: Encodable {
        /// The transaction acted on, as the store holds it after (none once deleted or cleared).
        var transaction: TransactionPayload?
        /// What the store did, in order: anything that fell due first, then the operation's own.
        var events: [StoreEventPayload]
    }

    /// Carries out `operation` and prints what it did. A request that cannot apply is refused in
    /// the store's words, as `approve` and `expire` refuse theirs.
    static func perform(_ operation: StoreAdmin.Operation, transactionID: String?, _ global: GlobalOptions,
                        _ output: OutputOptions,
                        told: (SubscriptionText, [StoreEvent]) -> String = { _, _ in HistoryAction.appHearsIt },
                        done: (Transaction?, SubscriptionText, [StoreEvent]) -> String) throws {
        let (session, events) = try run(operation, global)
        let after = try transactionID.flatMap { try session.database.transaction($0) }
        if output.json {
            try JSONOutput.print(Output(transaction: try session.payload(after), events: try session.payloads(events)))
            return
        }
        let text = SubscriptionText(catalog: session.catalog, settings: session.queue.records.settings)
        report(done(after, text, events), events: events, text: text, told: told(text, events))
    }

    /// Runs `operation` over the data directory: the session, and the store's events since
    /// (anything that fell due first, then the operation's own). A refusal is in the store's
    /// words (`ErrorReport`).
    static func run(_ operation: StoreAdmin.Operation, _ global: GlobalOptions) throws -> (Session, [StoreEvent]) {
        let session = try Session(global)
        let cursor = try session.database.lastEventID()
        _ = try session.queue.refresh()
        let queue = session.queue
        _ = try queue.hearing { try StoreAdmin(store: queue.store).perform(operation, account: queue.settings.account) }
        return (session, try session.database.events(after: cursor, limit: nil))
    }

    /// What the operation did, each event it made, and what the app hears of it.
    static func report(_ done: String, events: [StoreEvent], text: SubscriptionText, told: String = appHearsIt) {
        printLine(done)
        for event in events { printLine("  " + text.line(event)) }
        printLine(told)
    }

    static var appHearsIt: String {
        "An open storefront hears this at once; otherwise the app does at its next launch (\(CommandLineHint.command("launch")))."
    }
}

struct RefundCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refund",
        abstract: "Refund a purchase: the App Store revokes it and the app takes back what it gave (docs/command-line.md).",
        discussion: "A refunded subscription ends at once with auto-renew off; a refunded non-consumable is no longer "
            + "owned and a restore no longer brings it back; a consumable is refunded in full only. Any completed "
            + "purchase is refunded by its id, finished by the app or not: an unfinished one is handed to the app revoked.")

    enum Reason: String, ExpressibleByArgument, CaseIterable {
        case developerIssue = "developer-issue", other

        var revocationReason: RevocationReason { self == .developerIssue ? .developerIssue : .other }
    }

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The purchase's transaction id (see `storefront state`).", valueName: "transaction-id"))
    var transactionID: String
    @Option(help: "Why the App Store refunds it (Transaction.RevocationReason).")
    var reason: Reason = .other
    @Option(help: ArgumentHelp(ProratedOption.help, valueName: ProratedOption.valueName))
    var prorated: String?
    @OptionGroup var output: OutputOptions

    func run() throws {
        let refund = Refund(reason: reason.revocationReason, amount: try prorated.map(ProratedOption.amount) ?? .full)
        try HistoryAction.perform(.refund(transactionID: transactionID, refund), transactionID: transactionID, global, output) { t, text, _ in
            let percentage = Refund.percentText(t?.revocationPercentage ?? Refund.fullPercentage)
            let amount = switch refund.amount {
            case .full: "in full"
            case .timeLeft: "by the time left (\(percentage))"
            case .percentage: "\(percentage) prorated"
            }
            let item = t.map { text.plan($0.productID) } ?? transactionID
            return "Refunded transaction \(transactionID), \(item), \(amount) (\(refund.reason.rawValue)): it is revoked."
        }
    }
}

struct DeleteTransactionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete-transaction",
        abstract: "Delete a transaction from the history, without a refund (docs/command-line.md).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The transaction id (see `storefront state`).", valueName: "transaction-id"))
    var transactionID: String
    @OptionGroup var output: OutputOptions

    func run() throws {
        try HistoryAction.perform(.deleteTransaction(transactionID: transactionID), transactionID: nil, global, output,
                                  told: { Self.told(endsSubscription: Self.endsSubscription(transactionID, events: $1, text: $0)) }) { _, text, events in
            Self.summary(of: transactionID, events: events, text: text)
        }
    }

    /// What the app hears of the deletion, and where it is listed: the store's events (the
    /// history no longer holds it). Access is said to end only when a subscription ended.
    static func told(endsSubscription: Bool) -> String {
        let keeps = endsSubscription ? "The app keeps what it delivered, but the subscription deleted no longer gives access"
            : "The app keeps what it delivered"
        return keeps + ": an open storefront hears this at once, otherwise the app does at its next launch "
            + "(\(CommandLineHint.command("launch"))); the store's events list the deletion (\(CommandLineHint.command("events")))."
    }

    /// Whether deleting `id` ended an auto-renewable subscription: its original transaction went
    /// (the whole subscription with it), or the periods left had ended.
    static func endsSubscription(_ id: String, events: [StoreEvent], text: SubscriptionText) -> Bool {
        guard let asked = events.last(where: { $0.kind == .transactionDeleted && $0.transactionID == id }),
              asked.productID.flatMap({ text.catalog.product($0) })?.subscriptionGroupID != nil else { return false }
        guard let original = asked.originalTransactionID else { return true }
        // A later period deleted: ended when no period was left, or the one left had ended.
        return asked.subscription == nil || events.contains { $0.kind == .expired && $0.originalTransactionID == original }
    }

    /// The transaction deleted and what went with it (each is an event of its own), and the
    /// subscription it ended, if it did.
    static func summary(of id: String, events: [StoreEvent], text: SubscriptionText) -> String {
        let deleted = events.filter { $0.kind == .transactionDeleted }
        let asked = deleted.first { $0.transactionID == id }
        let children = deleted.filter { $0.transactionID != id }
        let isSubscription = asked?.productID.flatMap { text.catalog.product($0) }?.subscriptionGroupID != nil
        var line = "Deleted transaction \(id) from the history"
        // A subscription's children are its renewals and later plans, but for those restored.
        let restores = isSubscription ? children.filter { $0.transaction?.queueState.state == .restored }.count : children.count
        let renewals = children.count - restores
        let parts = [(renewals, "renewal"), (restores, "restore")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
        if !parts.isEmpty { line += " and its " + parts.joined(separator: " and ") }
        if endsSubscription(id, events: events, text: text) { line += "; the subscription ended" }
        return line + "."
    }
}

struct ClearHistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear-history",
        abstract: "Clear the signed-in account's purchase history, settings kept (docs/command-line.md).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try HistoryAction.perform(.clearPurchaseHistory, transactionID: nil, global, output) { _, _, _ in
            "Cleared the purchase history of the signed-in account; the store's settings and the transactions still in the queue are kept."
        }
    }
}
