import AppStoreJSON
import ArgumentParser
import DataFiles
import AppStoreCore
import StorefrontUI

struct LaunchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "launch",
        abstract: "Launch the sample app without the interface: it handles what the queue redelivers (unfinished, approved, resolved transactions, and purchases left in flight, waited for) and quits.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    struct Output: Encodable {
        var delivered: [TransactionPayload]
        /// Those of `delivered` the last run left in the queue (unfinished, waiting, in flight).
        var redelivered: [TransactionPayload]
        var queue: [TransactionPayload]
        var userDefaults: [String: JSONValue]
        /// The App Store's messages this launch calls for (StoreKit's `Message`), which the
        /// storefront would show as sheets.
        var messages: [MessageJSON]
        /// The refunded transactions the app took back at this launch.
        var revoked: [TransactionPayload]
    }

    struct MessageJSON: Encodable {
        /// `billingIssue` or `priceIncreaseConsent`.
        var reason: String
        var productID: String
    }

    func run() throws {
        let session = try Session(global)
        let running = try session.launchApp(for: Self.self, quiet: output.json)
        // The app lock is held until the command is done.
        defer { withExtendedLifetime(running) {} }
        let app = running.app
        // A purchase the last run left in flight (confirmed, the store answering after it was
        // killed) is waited for, as the app receives it once the store answers.
        try running.wait { !session.queue.transactions.contains { $0.queueState.phase == .waitingForStore } }
        let delivered = app.events.compactMap { event -> Transaction? in
            if case .updated(let t, _, _) = event { return t }
            return nil
        }
        let revoked = app.events.compactMap { event -> Transaction? in
            if case .revoked(let t, _) = event { return t }
            return nil
        }
        let messages = session.queue.subscriptionStatuses().flatMap(StoreMessage.messages(for:))
        if output.json {
            try JSONOutput.print(Output(delivered: try session.payloads(delivered.map(session.latest)),
                                        redelivered: session.launchReport(app).redelivered,
                                        queue: try session.payloads(session.queue.transactions),
                                        userDefaults: app.defaults.values,
                                        messages: messages.map { MessageJSON(reason: $0.reason.rawValue, productID: $0.productID) },
                                        revoked: try session.payloads(revoked)))
        } else {
            // A subscription deleted and ended is told by the app's own line.
            let ended = app.events.contains { if case .deleted = $0 { true } else { false } }
            if delivered.isEmpty && revoked.isEmpty && !ended { printLine("Nothing was waiting for the app.") }
            let text = SubscriptionText(catalog: session.store.catalog, settings: session.queue.settings)
            for message in messages { printLine(Self.line(message, text)) }
        }
    }

    /// A message the storefront would show as a sheet, and the command that answers it.
    private static func line(_ message: StoreMessage, _ text: SubscriptionText) -> String {
        let plan = text.plan(message.productID)
        let hint = { (command: String) in CommandLineHint.command("\(command) \(message.productID)") }
        return switch message.reason {
        case .billingIssue:
            "Billing Problem: the renewal of \(plan) failed; `\(hint("fix-billing"))` updates the payment method."
        case .priceIncreaseConsent:
            "Subscription Price Increase: \(plan) waits for consent; `\(hint("agree-price"))` agrees before the renewal, `\(hint("decline-price"))` declines it."
        }
    }
}
