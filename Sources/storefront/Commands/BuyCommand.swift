import ArgumentParser
import StoreKitSim

struct BuyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "buy",
        abstract: "Buy a product through the payment queue, under the current settings.",
        discussion: "Exits 0 when purchased, 3 when deferred (Ask to Buy), 4 when failed, cancelled or refused.")

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

    @OptionGroup var output: OutputOptions

    struct Output: Encodable {
        var transaction: TransactionJSON
        var redelivered: [TransactionJSON]
        var userDefaults: [String: JSONValue]
    }

    func run() throws {
        let session = try Session(global)
        let catalog = session.catalog
        guard catalog.product(productID) != nil || catalog.productIdentifiers.contains(productID) else {
            let known = (catalog.productIdentifiers + catalog.products.map(\.id)).uniqued().joined(separator: ", ")
            throw CommandFailure.usage("unknown product \"\(productID)\": the app asks the store for \(known) (`\(CommandLineHint.command("products"))` shows which are valid)")
        }
        let (app, lock) = try session.launchApp(for: Self.self)
        defer { withExtendedLifetime(lock) {} }
        let log = EventLog(catalog: catalog, quiet: output.json)
        app.onEvent = log.print
        try app.launch()
        app.handlesTransactions = !noFinish

        let started: Transaction
        do {
            started = try session.queue.add(Payment(productID: productID, quantity: quantity,
                                                    applicationUsername: applicationUsername))
        } catch let error as StoreError {
            try Report.failure(error, json: output.json, context: "Cannot buy \(productID)",
                               launch: session.launchReport(app))
        }
        if started.state == .purchasing {
            if cancel { try session.queue.cancel(started) } else { try session.queue.confirm(started) }
        }
        func current() -> Transaction? { session.current(started.id) }
        try session.wait { current()?.state != .purchasing }
        guard let final = current() else { return }

        if output.json {
            try JSONOutput.print(Output(transaction: TransactionJSON(final),
                                        redelivered: session.launchReport(app).redelivered,
                                        userDefaults: app.defaults.values))
        } else if noFinish, final.state == .purchased {
            printLine("The app was killed before it handled \(final.id) (\(final.item(named: final.productID))): it stays in the queue and comes back at the next launch (\(CommandLineHint.command("launch"))).")
        }
        switch final.state {
        case .purchased, .restored, .purchasing: return
        case .deferred:
            if !output.json { printLine("Ask to Buy: the request for \(final.item(named: final.productID)) was sent. Approve it with `\(CommandLineHint.command("approve \(final.id)"))`.") }
            throw ExitCode.deferred
        case .failed:
            if !output.json, final.awaitingResolution == true {
                printLine("Interrupted: \(final.item(named: final.productID)) is not bought yet. Resolve it with `\(CommandLineHint.command("resolve \(final.id)"))`.")
            }
            throw ExitCode.failed
        }
    }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
