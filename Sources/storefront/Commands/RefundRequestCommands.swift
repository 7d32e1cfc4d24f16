import ArgumentParser
import Foundation
import AppStoreCore
import StorefrontUI

/// Refund requests, as the app's refund request sheet makes them (`Transaction.beginRefundRequest`),
/// and the App Store's answer to one that waits (`set refund-requests manual`). Each is one
/// `StoreAdmin.Operation`, as the sheet and a walkthrough's step are.
struct RequestRefundCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "request-refund",
        abstract: "Ask for a refund of a purchase, as the app's refund request sheet does (docs/command-line.md).",
        discussion: "The signed-in account's finished purchase; one request per transaction. The App Store answers as "
            + "`set refund-requests` says: approve (at once, in full, as Xcode does), prorated, decline, or manual "
            + "(it waits for approve-refund or decline-refund).")

    struct Reason: ExpressibleByArgument {
        let value: RefundRequestReason

        init?(argument: String) {
            guard let value = RefundRequestReason(argument: argument) else { return nil }
            self.value = value
        }

        static var allValueStrings: [String] { RefundRequestReason.allCases.map(\.argument) }
    }

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The purchase's transaction id (see `storefront state`).", valueName: "transaction-id"))
    var transactionID: String
    @Option(help: "Why the user asks, as the sheet lists it.")
    var reason: Reason = Reason(argument: "other")!
    @OptionGroup var output: OutputOptions

    func run() throws {
        let reason = reason.value
        try HistoryAction.perform(.requestRefund(transactionID: transactionID, reason: reason), transactionID: transactionID,
                                  global, output) { t, text, _ in
            "Requested a refund of transaction \(transactionID) (\(reason.argument)): "
                + RefundRequestText.outcome(t, transactionID, policy: text.settings.refundRequests)
        }
    }
}

struct ApproveRefundCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve-refund",
        abstract: "Approve a waiting refund request: the purchase is refunded and revoked (docs/command-line.md).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The transaction whose refund was requested.", valueName: "transaction-id"))
    var transactionID: String
    @Option(help: ArgumentHelp(ProratedOption.help, valueName: ProratedOption.valueName))
    var prorated: String?
    @OptionGroup var output: OutputOptions

    func run() throws {
        let refund = try prorated.map { Refund(amount: try ProratedOption.amount($0)) }
        try HistoryAction.perform(.approveRefundRequest(transactionID: transactionID, refund: refund), transactionID: transactionID,
                                  global, output) { _, _, _ in
            "Approved the refund request for transaction \(transactionID): it is refunded and revoked."
        }
    }
}

struct DeclineRefundCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decline-refund",
        abstract: "Decline a waiting refund request: nothing is revoked, and the app hears nothing (docs/command-line.md).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The transaction whose refund was requested.", valueName: "transaction-id"))
    var transactionID: String
    @OptionGroup var output: OutputOptions

    func run() throws {
        try HistoryAction.perform(.declineRefundRequest(transactionID: transactionID), transactionID: transactionID, global, output) { _, _, _ in
            "Declined the refund request for transaction \(transactionID): nothing is revoked."
        }
    }
}

enum RefundRequestText {
    /// What became of the request at once, as the transaction tells it; one still waiting, with
    /// the commands that answer it.
    static func outcome(_ t: Transaction?, _ transactionID: String, policy: RefundRequestPolicy) -> String {
        guard let t else { return "the App Store took it." }
        if let percentage = t.revocationPercentage, t.isRevoked {
            let amount = percentage >= Refund.fullPercentage ? "in full" : "\(Refund.percentText(percentage)) prorated"
            return "the App Store approved it, refunded \(amount): it is revoked."
        }
        if policy != .manual { return "the App Store declined it: nothing is revoked (refundDeclined below)." }
        return "the App Store took it and waits for an answer: `\(CommandLineHint.command("approve-refund \(transactionID)"))` "
            + "or `\(CommandLineHint.command("decline-refund \(transactionID)"))` gives it."
    }
}
