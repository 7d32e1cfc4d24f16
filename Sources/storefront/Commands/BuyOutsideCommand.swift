import AppStoreCore
import AppStoreJSON
import ArgumentParser
import DataFiles
import SampleApp
import StoreKitSim
import StorefrontUI
import Wording

/// A purchase made outside the app (SKTestSession.buyProduct): on another device of the
/// signed-in account, or in the App Store. The store completes it at once, whatever this
/// device's conditions; the app hears of it as an update it did not start, live when the
/// storefront is open, else at its next launch. A subscription is bought at the terms chosen,
/// as Xcode's "+" sheet in the Transaction Manager chooses them: its offer, and whether it renews.
struct BuyOutsideCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "buy-outside",
        abstract: "Buy a product outside the app, as on another device of the account (docs/command-line.md).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The product (see `storefront products`).", valueName: "product-id"))
    var productID: String
    @Option(help: "How many (consumables only).")
    var quantity = 1
    @Option(help: ArgumentHelp(
        "A subscription's offer: introductory (refused when the account may not have it) or none (full price). By default, the introductory offer when it applies.",
        valueName: "introductory|none"))
    var offer: OfferChoice?
    @Option(help: ArgumentHelp("Start the subscription at this offer code (its id or reference name, see `storefront catalog`).",
                               valueName: "code"))
    var offerCode: String?
    @Flag(inversion: .prefixedNo, help: "Whether the subscription renews (--no-auto-renew: bought cancelled, it expires at the period's end).")
    var autoRenew = true
    @Option(help: BillingPlanOption.help)
    var plan: BillingPlanOption?
    @OptionGroup var output: OutputOptions

    enum OfferChoice: String, ExpressibleByArgument, CaseIterable {
        case introductory, none
    }

    func validate() throws {
        if offer != nil, offerCode != nil { throw ValidationError("--offer and --offer-code each choose the offer: give one of them.") }
    }

    var terms: OutsidePurchaseTerms {
        let chosen: OutsidePurchaseTerms.Offer = switch (offer, offerCode) {
        case (_, let code?): .code(code)
        case (.introductory?, nil): .introductory
        case (.none?, nil): .none
        case (nil, nil): .standard
        }
        return OutsidePurchaseTerms(offer: chosen, autoRenew: autoRenew, billingPlanType: plan?.billingPlanType)
    }

    struct Output: Encodable {
        /// The purchase; none for a plan change at the next renewal, which makes no transaction.
        var transaction: TransactionPayload?
        /// Another plan of a group the account subscribes to: how the subscription changed (at the
        /// next renewal, the store's whole answer, with the renewal info).
        var planChange: PlanChangeJSON?
    }

    func run() throws {
        let session = try Session(global)
        let queue = session.queue
        // What the store does from here on: a plan change is told by its events.
        let cursor = try session.database.lastEventID()
        let bought = try queue.hearing {
            try StoreAdmin(store: queue.store).buyOutsideApp(productID, quantity: quantity, terms: terms, account: queue.settings.account)
        }.0
        let t = session.current(bought.id) ?? bought
        let planChange = try PlanChangeJSON(answering: bought.id, after: cursor, in: session)
        // A plan change for the next renewal makes no transaction: the change is the whole answer.
        let forNextRenewal = planChange?.isForNextRenewal == true
        if output.json {
            try JSONOutput.print(Output(transaction: forNextRenewal ? nil : try session.payload(t), planChange: planChange))
            return
        }
        if let planChange {
            printLine(planChange.text(session: session))
            // Only the renewal preference changed: no purchase for the app to hear of.
            if planChange.isForNextRenewal { return }
        }
        printLine(confirmation(of: t, session: session))
        printLine("The app receives it live if the storefront is open, otherwise at its next launch (\(CommandLineHint.command("launch"))).")
    }

    /// "Bought Pro Monthly outside the app: transaction … is purchased at $4.99/month; renews DATE."
    private func confirmation(of t: Transaction, session: Session) -> String {
        let times = TimeDisplay()
        let bought = "Bought \(t.item(named: t.productID)) outside the app: transaction \(t.id) is purchased"
        let settings = session.queue.settings
        guard let product = session.queue.store.product(t.productID, settings: settings, priceChanges: session.queue.records.priceChanges),
              product.type == .autoRenewable, let end = t.expirationDate.map(times.dateTime) else {
            return bought + (t.expirationDate.map { ", until \(times.dateTime($0))" } ?? "") + "."
        }
        // The catalog's offer at this storefront's price, as the purchase charged it.
        let info = session.catalog.product(t.productID)?.subscription
        let offer = t.offer.flatMap { info?.offer(for: $0)?.priced(in: settings.appStoreStorefront) }
        let charge = Strings.english.outsidePurchaseCharge(product, offer: offer, terms: terms)
        let renewal = terms.autoRenew ? "renews \(end)" : "does not renew; expires \(end)"
        return "\(bought) at \(charge); \(renewal)."
    }
}
