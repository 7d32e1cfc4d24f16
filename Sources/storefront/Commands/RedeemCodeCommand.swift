import AppStoreCore
import AppStoreJSON
import ArgumentParser
import DataFiles
import SampleApp
import StoreKitSim
import StorefrontUI

/// An offer code redeemed in the App Store (the offer code sheet, or SKTestSession.buyProduct
/// with `codeOffer(referenceName:)`): the subscription whose code it is starts at the offer's
/// terms, and the app hears of it as an update it did not start. An active subscriber's code
/// applies at the next renewal (a higher plan's at once, as an upgrade).
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

    struct Output: Encodable {
        /// The subscription started, or the upgrade; none for a code that waits for the renewal.
        var transaction: TransactionPayload?
        /// An active subscriber's code: how it applies, with the renewal info it left.
        var offerRedeemed: OfferRedemptionJSON?
    }

    /// A code is printed back in refusals: refused here when it cannot be one, before it reaches
    /// the store or the terminal.
    func validate() throws {
        if code.isEmpty { throw ValidationError("An offer code is not empty.") }
        if code.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw ValidationError("An offer code holds no control characters.")
        }
        if code.count > 256 { throw ValidationError("An offer code is at most 256 characters, not \(code.count).") }
    }

    func run() throws {
        let session = try Session(global)
        let queue = session.queue
        let cursor = try session.database.lastEventID()
        let answer = try queue.hearing {
            try StoreAdmin(store: queue.store).redeemOfferCode(code, productID: productID, account: queue.settings.account)
        }.0
        let redemption = try OfferRedemptionJSON(answering: answer.id, after: cursor, in: session)
        let forNextRenewal = redemption?.isForNextRenewal == true
        let t = session.current(answer.id) ?? answer
        if output.json {
            try JSONOutput.print(Output(transaction: forNextRenewal ? nil : try session.payload(t), offerRedeemed: redemption))
            return
        }
        if let redemption {
            printLine(redemption.text(code, session: session))
            if forNextRenewal { return }
        } else {
            let until = t.expirationDate.map { ", until \(TimeDisplay().dateTime($0))" } ?? ""
            printLine("Redeemed the offer code \(t.offer?.id ?? code) of \(t.productID): transaction \(t.id) is purchased\(until).")
        }
        printLine("The app receives it live if the storefront is open, otherwise at its next launch (\(CommandLineHint.command("launch"))).")
    }
}
