import AppStoreCore
import ArgumentParser
import DataFiles
import StoreKitSim

/// A purchase made outside the app (SKTestSession.buyProduct): on another device of the
/// signed-in account, or in the App Store. The store completes it at once, whatever this
/// device's conditions; the app hears of it as an update it did not start, live when the
/// storefront is open, else at its next launch.
struct BuyOutsideCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "buy-outside",
        abstract: "Buy a product outside the app, as on another device of the account (docs/command-line.md).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The product (see `storefront products`).", valueName: "product-id"))
    var productID: String
    @Option(help: "How many (consumables only).")
    var quantity = 1
    @OptionGroup var output: OutputOptions

    func run() throws {
        let id = productID, quantity = quantity
        try StoreAction.perform(global, output, { queue in
            try queue.hearing {
                try StoreAdmin(store: queue.store).buyOutsideApp(id, quantity: quantity, account: queue.settings.account)
            }.0.id
        }) { t in
            let until = t.expirationDate.map { ", until \(JSONCoding.format($0))" } ?? ""
            return "Bought \(t.item(named: t.productID)) outside the app: transaction \(t.id) is purchased\(until)."
        }
    }
}
