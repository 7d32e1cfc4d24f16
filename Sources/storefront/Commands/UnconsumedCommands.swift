import ArgumentParser
import DataFiles
import Foundation
import SampleApp
import AppStoreCore
import StorefrontUI

/// The consumables the app delivered and has not consumed yet, per purchase (TOAST IAP's
/// `requestConsumablePurchases`), and consuming them (its `consumeWithPurchaseResult`).
struct UnconsumedJSON: Encodable {
    var transactionID: String
    var productID: String
    var quantity: Int
    var purchaseDate: String
    /// Credits for a credit pack, else units of the product.
    var delivered: Int
    var remaining: Int

    init(_ p: UnconsumedPurchase) {
        transactionID = p.transactionID
        productID = p.productID
        quantity = p.quantity
        purchaseDate = JSONCoding.format(p.purchaseDate)
        delivered = p.delivered
        remaining = p.remaining
    }
}

/// The list and the balances it makes up.
struct UnconsumedListing: Encodable {
    var purchases: [UnconsumedJSON]
    /// Each balance (`credits`, or a consumable's own): its total and the earlier part no
    /// listed purchase accounts for (used first).
    var balances: [String: Balance]

    struct Balance: Encodable {
        var total: Int
        var earlier: Int
    }

    init(_ app: SampleApp) {
        let purchases = app.unconsumed
        self.purchases = purchases.map(UnconsumedJSON.init)
        var keys = Set(purchases.map { app.balanceKey(of: $0.productID) })
        if !app.appDescription.credits.isEmpty { keys.insert(SampleApp.creditsKey) }
        for product in app.catalog.products where product.type == .consumable && app.defaults.values[product.id] != nil {
            keys.insert(app.balanceKey(of: product.id))
        }
        balances = Dictionary(uniqueKeysWithValues: keys.map { key in
            (key, Balance(total: app.defaults.integer(forKey: key), earlier: app.earlierUnits(of: key)))
        })
    }

    /// One line per purchase, oldest first, then the balances.
    func lines(_ app: SampleApp) -> [String] {
        let times = TimeDisplay()
        var lines: [String] = []
        for key in balances.keys.sorted() where balances[key]!.earlier > 0 {
            lines.append("earlier balance  \(amount(balances[key]!.earlier, key)) (used first)")
        }
        for p in app.unconsumed {
            let key = app.balanceKey(of: p.productID)
            lines.append("\(p.transactionID)  \(p.productID) ×\(p.quantity)  bought \(times.minute(p.purchaseDate))  "
                + "\(amount(p.remaining, key)) of \(p.delivered) left")
        }
        if lines.isEmpty { lines.append("Nothing unconsumed.") }
        for key in balances.keys.sorted() { lines.append("\(key): \(balances[key]!.total) in all") }
        return lines
    }

    private func amount(_ units: Int, _ key: String) -> String {
        key == SampleApp.creditsKey ? "\(units) credit\(units == 1 ? "" : "s")" : "\(units) of \(key)"
    }
}

struct UnconsumedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unconsumed",
        abstract: "List the consumables the app delivered and has not consumed yet, per purchase, oldest first.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let session = try Session(global)
        let defaults = try session.userDefaults()
        let app = SampleApp(catalog: session.catalog, appDescription: session.app, defaults: defaults, queue: session.queue)
        try app.reloadChecked()
        let listing = UnconsumedListing(app)
        if output.json {
            try JSONOutput.print(listing)
        } else {
            for line in listing.lines(app) { printLine(line) }
        }
    }
}

struct ConsumeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "consume",
        abstract: "Consume what the app delivered: a purchase (all it has left), or a consumable's units oldest first (one unless --quantity; `credits`: the credit balance).")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("A transaction id (see `storefront unconsumed`), a consumable's product id, or `credits`.",
                                 valueName: "txn-or-product"))
    var target: String

    @Option(help: "How many units (credits for a credit pack) to consume.")
    var quantity: Int?

    @OptionGroup var output: OutputOptions

    struct Output: Encodable {
        var consumed: [ConsumedJSON]
        var unconsumed: UnconsumedListing
    }

    struct ConsumedJSON: Encodable {
        /// nil: the earlier balance.
        var transactionID: String?
        var balance: String
        var units: Int
        var left: Int
        var balanceAfter: Int
    }

    func run() throws {
        let session = try Session(global)
        let running = try session.launchApp(for: Self.self, quiet: output.json)
        defer { withExtendedLifetime(running) {} }
        let app = running.app
        let isProduct = target == SampleApp.creditsKey || session.catalog.product(target)?.type == .consumable
        let events: [AppEvent]
        do {
            events = try app.consume(isProduct ? .product(target) : .transaction(target), quantity: quantity)
        } catch let refusal as ConsumeRefusal {
            switch refusal {
            case .notEnough: throw CommandFailure.failed(refusal.text())
            // Names nothing the app holds: the message says what to list, no usage line.
            case .notUnconsumed: throw CommandFailure.notFound(refusal.text() + ": `\(CommandLineHint.command("unconsumed"))` lists what is")
            case .invalidQuantity: throw CommandFailure.usage(refusal.text())
            }
        }
        running.take(events)
        let consumed = events.compactMap { event -> ConsumedJSON? in
            guard case .consumed(let c) = event else { return nil }
            return ConsumedJSON(transactionID: c.transactionID, balance: c.balanceKey, units: c.units, left: c.left, balanceAfter: c.balance)
        }
        if output.json { try JSONOutput.print(Output(consumed: consumed, unconsumed: UnconsumedListing(app))) }
    }
}
