import ArgumentParser
import DataFiles
import AppStoreCore
import StoreKitSim
import StorefrontUI

/// A promoted In-App Purchase: the user taps Buy on the product's App Store page. The App
/// Store hands the payment to the app (`shouldAddStorePayment`), which continues it (its sheet
/// opens) or holds it until it is ready; until then the store keeps it waiting.
struct PromoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "promote",
        abstract: "Start a purchase on the product's App Store page: the app continues it (docs/command-line.md).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The product (see `storefront products`).", valueName: "product-id"))
    var productID: String
    @OptionGroup var output: OutputOptions

    struct Output: Encodable {
        var purchaseIntent: PurchaseIntentJSON
    }

    func run() throws {
        let session = try Session(global)
        let queue = session.queue
        let intent = try queue.hearing { try StoreAdmin(store: queue.store).promote(productID, account: queue.settings.account) }.0
        if output.json {
            try JSONOutput.print(Output(purchaseIntent: PurchaseIntentJSON(intent)))
            return
        }
        printLine("Started a purchase of \(productID) on its App Store page: it waits for the app.")
        printLine("An open storefront continues it once it is ready; `\(CommandLineHint.command("buy \(productID)"))` continues it here.")
    }
}

/// A promoted purchase waiting for the app, as `promote` and `state` print it.
struct PurchaseIntentJSON: Encodable {
    var account: String
    var productID: String
    var date: String

    init(_ intent: PurchaseIntent) {
        account = intent.account
        productID = intent.productID
        date = JSONCoding.format(intent.date)
    }
}
