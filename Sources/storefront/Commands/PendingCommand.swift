import AppStoreJSON
import ArgumentParser
import SampleApp
import AppStoreCore
import StorefrontUI
import Wording

struct PendingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pending",
        abstract: "List Ask to Buy requests waiting for approval, interrupted purchases waiting to be resolved, "
            + "and refund requests waiting for the App Store's answer.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    struct Output: Encodable {
        var askToBuy: [TransactionPayload]
        var interrupted: [TransactionPayload]
        /// Refund requests waiting for an answer (`set refund-requests manual`), oldest first.
        var refundRequests: [RefundRequest]
    }

    func run() throws {
        let session = try Session(global)
        let records = try session.database.load()
        let refunds = records.refundRequests.filter { $0.status == .pending }.sorted { $0.date < $1.date }
        if output.json {
            try JSONOutput.print(Output(askToBuy: try session.payloads(records.pendingApprovals),
                                        interrupted: try session.payloads(records.interruptions), refundRequests: refunds))
            return
        }
        if records.pendingApprovals.isEmpty && records.interruptions.isEmpty && refunds.isEmpty {
            printLine("Nothing is waiting.")
            return
        }
        let storefront = records.settings.appStoreStorefront
        for t in records.pendingApprovals {
            printLine("\(t.id)  ask to buy  \(describe(t, records: records, session: session, storefront: storefront))  (\(CommandLineHint.command("approve|decline \(t.id)")))")
        }
        for t in records.interruptions {
            printLine("\(t.id)  interrupted  \(describe(t, records: records, session: session, storefront: storefront))  (\(CommandLineHint.command("resolve \(t.id)")))")
        }
        for r in refunds {
            let title = SubscriptionText(catalog: session.catalog, settings: records.settings).title(r.productID)
            let hint = CommandLineHint.command("approve-refund|decline-refund \(r.transactionID)")
            printLine("\(r.transactionID)  refund request  \(title)  \(r.reason.argument)  \(r.account)  (\(hint))")
        }
    }

    private func describe(_ t: Transaction, records: StoreWorkingSet, session: Session, storefront: AppStoreStorefront) -> String {
        guard let entry = session.catalog.product(t.productID), let product = Product(entry, storefront: storefront, locale: records.settings.locale) else {
            return t.item(named: t.productID)
        }
        // As the store would charge it if approved now: a free trial first, when it gives one.
        let introOffer = records.introOfferApplies(t.productID, catalog: session.catalog)
        return "\(t.item(named: product.localizedTitle))  \(Strings.english.charge(product, quantity: t.purchasedQuantity, introOffer: introOffer, app: session.app))"
    }
}
