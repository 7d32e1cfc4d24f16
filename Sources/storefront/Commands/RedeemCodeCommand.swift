import AppStoreCore
import ArgumentParser
import DataFiles
import SampleApp
import StoreKitSim

/// An offer code redeemed in the App Store (the offer code sheet, or SKTestSession.buyProduct
/// with `codeOffer(referenceName:)`): the subscription whose code it is starts at the offer's
/// terms, and the app hears of it as an update it did not start.
struct RedeemCodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redeem-code",
        abstract: "Redeem a subscription's offer code in the App Store (docs/command-line.md).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The offer code: its id or reference name (see `storefront catalog`).", valueName: "code"))
    var code: String
    @Option(name: .customLong("product"), help: "The subscription whose code it is (by default, whichever has it).")
    var productID: String?
    @OptionGroup var output: OutputOptions

    func run() throws {
        let code = code, productID = productID
        try StoreAction.perform(global, output, { queue in
            try queue.hearing {
                try StoreAdmin(store: queue.store).redeemOfferCode(code, productID: productID, account: queue.settings.account)
            }.0.id
        }) { t in
            let until = t.expirationDate.map { ", until \(TimeDisplay().dateTime($0))" } ?? ""
            return "Redeemed the offer code \(t.offer?.id ?? code) of \(t.productID): transaction \(t.id) is purchased\(until)."
        }
    }
}
