import AppStoreJSON
import AppStoreSigning
import ArgumentParser
import Foundation
import DataFiles
import SampleApp
import AppStoreCore
import StorefrontUI

struct BuyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "buy",
        abstract: "Buy a product through the payment queue, under the current settings.",
        discussion: "Exits 0 when purchased (or downloaded again at no charge, for a non-consumable already owned), "
            + "3 when deferred (Ask to Buy, a request merged into one waiting included), 4 when failed, cancelled, "
            + "refused, not delivered (the app cannot hold it: it stays unfinished in the queue), "
            + "or merged into an interrupted purchase waiting to be resolved. "
            + "With hold on, the store waits for the side button: press Enter, or send a line on stdin; "
            + "stdin ending first cancels the purchase.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The product identifier (see `storefront products`).")
    var productID: String

    @Option(help: "How many to buy, 1 to 10 (consumables only).")
    var quantity = 1

    @Flag(help: "Act as the user tapping Cancel on the purchase sheet.")
    var cancel = false

    @Flag(help: "Act as an app killed as the store answered: nothing is delivered or finished, so the transaction comes back at the next launch.")
    var noFinish = false

    @Option(help: ArgumentHelp("An opaque account identifier sent with the payment (applicationUsername).", valueName: "id"))
    var applicationUsername: String?

    @OptionGroup var promotional: PromotionalOfferOptions
    @Option(help: BillingPlanOption.help)
    var plan: BillingPlanOption?

    @OptionGroup var output: OutputOptions

    struct Output: Encodable {
        /// None for a plan change at the next renewal: the store makes no transaction.
        var transaction: TransactionPayload?
        /// True when no new transaction was made: `transaction` is the request already waiting
        /// (Ask to Buy, or an interruption) that this purchase merged into.
        var merged: Bool
        var redelivered: [TransactionPayload]
        var userDefaults: [String: JSONValue]
        /// Another plan of a group the account subscribes to: how the subscription changed (at the
        /// next renewal, the store's whole answer, with the renewal info).
        var planChange: PlanChangeJSON?
    }

    func validate() throws {
        // A monthly plan is sold at its own price, without offers (see docs/flows.md).
        if promotional.offer != nil, plan == .monthly {
            throw ValidationError("--offer cannot be used with --plan monthly: a monthly plan with a commitment takes no offer. Buy with one or the other.")
        }
    }

    func run() throws {
        let session = try Session(global)
        let catalog = session.catalog
        guard catalog.product(productID) != nil || session.app.productIdentifiers.contains(productID) else {
            let known = (session.app.productIdentifiers + catalog.products.map(\.id)).uniqued().joined(separator: ", ")
            throw CommandFailure.notFound("unknown product \"\(productID)\": the app asks the store for \(known) (`\(CommandLineHint.command("products"))` shows which are valid)")
        }
        // What the store does from here on: a plan change is told by its events.
        let cursor = try session.database.lastEventID()
        let billingPlanType = try plan?.billingPlanType(for: productID, catalog: catalog)
        let running = try session.launchApp(for: Self.self, quiet: output.json)
        // The app lock is held until the command is done.
        defer { withExtendedLifetime(running) {} }
        let app = running.app
        app.handlesTransactions = !noFinish

        let started: Transaction
        do {
            let discount = try promotional.discount { offer in
                // Signed now as the sample app's server signs it, with the data directory's key.
                try session.offerKeys.sign(productID: productID, offerID: offer, applicationUsername: applicationUsername, at: session.store.now())
            }
            let payment = Payment(productID: productID, quantity: quantity, applicationUsername: applicationUsername,
                                  discount: discount, billingPlanType: billingPlanType)
            let seen: [AppEvent]
            (started, seen) = try app.purchase(payment, answer: cancel ? .cancel : .buy)
            running.take(seen)
        } catch let error as StoreError {
            try Report.failure(error, json: output.json, context: "Cannot buy \(productID)",
                               launch: session.launchReport(app))
        }
        if started.isWaitingRequest {
            try reportMerge(into: started, session: session, app: app)
        }
        if started.queueState.state == .purchasing { _ = try running.pressSideButton() }
        func current() -> Transaction? { session.current(started.id) }
        try running.wait { current()?.queueState.state != .purchasing }
        let planChange = try PlanChangeJSON(answering: started.id, after: cursor, in: session)
        if let planChange, planChange.isForNextRenewal {
            // The store's answer to a plan-change request: no transaction, nothing delivered.
            if output.json {
                try JSONOutput.print(Output(transaction: nil, merged: false, redelivered: session.launchReport(app).redelivered,
                                            userDefaults: app.defaults.values, planChange: planChange))
            } else {
                printLine(planChange.text(session: session))
            }
            return
        }
        guard let final = current() ?? heard(started, by: app) else { return }
        if let refusal = notDelivered(final, by: app) {
            try Report.failure(refusal, json: output.json, context: "Cannot deliver \(productID)",
                               launch: session.launchReport(app))
        }

        if output.json {
            try JSONOutput.print(Output(transaction: try session.payload(final), merged: false,
                                        redelivered: session.launchReport(app).redelivered,
                                        userDefaults: app.defaults.values, planChange: planChange))
        } else {
            if let planChange { printLine(planChange.text(session: session)) }
            if noFinish, final.queueState.state == .purchased {
                printLine("The app was killed before it handled \(final.id) (\(final.item(named: final.productID))): it stays in the queue and comes back at the next launch (\(CommandLineHint.command("launch"))).")
            } else if final.queueState.state == .purchased, final.reason == .redownload {
                printLine("You've already purchased this: \(final.productID) was downloaded again at no charge (transaction \(final.id), first bought as \(final.originalID ?? "?")).")
            }
        }
        switch final.queueState.state {
        case .purchased, .restored, .purchasing: return
        case .deferred:
            if !output.json { printLine("Ask to Buy: the request for \(final.item(named: final.productID)) was sent. Approve it with `\(CommandLineHint.command("approve \(final.id)"))`.") }
            throw ExitCode.deferred
        case .failed:
            if !output.json, final.queueState.phase == .interrupted {
                printLine("Interrupted: \(final.item(named: final.productID)) is not bought yet. Resolve it with `\(CommandLineHint.command("resolve \(final.id)"))`.")
            }
            throw ExitCode.failed
        }
    }

    /// How the app last heard of `started`, when the store no longer holds it under its id: a
    /// failed plan-change request the app finished (gone with its finish), or one the store
    /// made a transaction of after all (an Ask to Buy request, an interruption, a purchase).
    private func heard(_ started: Transaction, by app: SampleApp) -> Transaction? {
        app.events.reversed().lazy.compactMap { event -> Transaction? in
            let heard: Transaction? = switch event {
            case .updated(let t, _, _), .finished(let t): t
            default: nil
            }
            guard let t = heard else { return nil }
            let became = started.isPlanChangeRequest && !t.isPlanChangeRequest && t.productID == started.productID
            return t.id == started.id || became ? t : nil
        }.first
    }

    /// Why the app refused to deliver `t`, if it did: the purchase went through, but the app
    /// left it unfinished in the queue.
    private func notDelivered(_ t: Transaction, by app: SampleApp) -> StoreError? {
        app.events.lazy.compactMap { event -> StoreError? in
            if case .notDelivered(let refused, let error) = event, refused.id == t.id { return error }
            return nil
        }.first
    }

    /// A repeated purchase of what waits for an answer made nothing new: says which request
    /// it merged into and exits as that request stands (3 waiting for approval, 4 interrupted).
    private func reportMerge(into t: Transaction, session: Session, app: SampleApp) throws -> Never {
        let deferred = t.queueState.state == .deferred
        if output.json {
            try JSONOutput.print(Output(transaction: try session.payload(t), merged: true,
                                        redelivered: session.launchReport(app).redelivered,
                                        userDefaults: app.defaults.values))
        } else if deferred {
            printLine("Ask to Buy: a request for \(t.productID) was already waiting, so this purchase merged into transaction \(t.id) and asked again (its 24 hours start over). Approve it with `\(CommandLineHint.command("approve \(t.id)"))`.")
        } else {
            printLine("An interrupted purchase of \(t.productID) is waiting to be resolved, so this purchase merged into transaction \(t.id). Resolve it with `\(CommandLineHint.command("resolve \(t.id)"))`.")
        }
        throw deferred ? ExitCode.deferred : ExitCode.failed
    }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
