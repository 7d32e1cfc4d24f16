import ArgumentParser
import StoreKitSim

struct EventsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "List what the store did, in order: the store's events (purchases, renewals, expiries, plan changes…; docs/command-line.md).")

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("Only the events after this id (a reader's cursor; default 0: from the first).", valueName: "id"))
    var after: Int64 = 0

    @Option(help: ArgumentHelp("At most this many.", valueName: "n"))
    var limit: Int?

    @OptionGroup var output: OutputOptions

    struct Output: Encodable {
        var events: [StoreEventJSON]
    }

    func validate() throws {
        if after < 0 { throw ValidationError("--after takes an event id, 0 or more, not \(after)") }
        if let limit, limit < 0 { throw ValidationError("--limit takes a count, 0 or more, not \(limit)") }
    }

    func run() throws {
        let session = try Session(global)
        let events = try session.database.events(after: after, limit: limit)
        if output.json {
            try JSONOutput.print(Output(events: events.map(StoreEventJSON.init)))
            return
        }
        if events.isEmpty { printLine(after == 0 ? "No events yet." : "No events after \(after).") }
        let text = SubscriptionText(catalog: session.catalog, settings: try session.database.settings())
        for event in events { printLine(text.line(event)) }
    }
}
