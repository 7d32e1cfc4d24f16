import AppStoreCore
import ArgumentParser
import DataFiles
import StoreKitSim
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
        return OutsidePurchaseTerms(offer: chosen, autoRenew: autoRenew)
    }

    func run() throws {
        let id = productID, quantity = quantity, terms = terms
        var product: Product?, info: SubscriptionInfo?, storefront: AppStoreStorefront?
        try StoreAction.perform(global, output, { queue in
            let bought = try queue.hearing {
                try StoreAdmin(store: queue.store).buyOutsideApp(id, quantity: quantity, terms: terms, account: queue.settings.account)
            }.0
            product = queue.store.product(id, settings: queue.settings, priceChanges: queue.records.priceChanges)
            info = queue.store.catalog.product(id)?.subscription
            storefront = queue.settings.appStoreStorefront
            return bought.id
        }) { t in
            let bought = "Bought \(t.item(named: t.productID)) outside the app: transaction \(t.id) is purchased"
            guard let product, product.type == .autoRenewable, let end = t.expirationDate.map(JSONCoding.format) else {
                return bought + (t.expirationDate.map { ", until \(JSONCoding.format($0))" } ?? "") + "."
            }
            // The catalog's offer at this storefront's price, as the purchase charged it.
            let offer = t.offer.flatMap { used in storefront.flatMap { info?.offer(for: used)?.priced(in: $0) } }
            let charge = Strings.english.subscriptionCharge(product, offer: offer)
            let renewal = terms.autoRenew ? "renews \(end)" : "does not renew; expires \(end)"
            return "\(bought) at \(charge); \(renewal)."
        }
    }
}
