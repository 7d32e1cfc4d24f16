import AppStoreJSON
import ArgumentParser
import DataFiles
import Foundation
import StoreKitSim

struct EventsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "List what the store did, in order: its events (docs/command-line.md).")

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("Only the events after this id (a reader's cursor; default 0: from the first).", valueName: "id"))
    var after: Int64 = 0

    @Option(help: ArgumentHelp("At most this many.", valueName: "n"))
    var limit: Int?

    @Flag(help: "Go on listing events as the store makes them (with --json, one object a line), until interrupted (Ctrl-C).")
    var follow = false

    @OptionGroup var output: OutputOptions

    struct Output: Encodable {
        var events: [StoreEventPayload]
    }

    func validate() throws {
        if after < 0 { throw ValidationError("--after takes an event id, 0 or more, not \(after)") }
        if let limit, limit < 0 { throw ValidationError("--limit takes a count, 0 or more, not \(limit)") }
        if follow, limit != nil { throw ValidationError("--follow lists every event as it comes: leave --limit out.") }
    }

    func run() throws {
        let session = try Session(global)
        if follow { try followEvents(session) }
        let events = try session.database.events(after: after, limit: limit)
        if output.json {
            try JSONOutput.print(Output(events: events.map(StoreEventPayload.init)))
            return
        }
        if events.isEmpty { printLine(after == 0 ? "No events yet." : "No events after \(after).") }
        let text = SubscriptionText(catalog: session.catalog, settings: try session.database.settings())
        for event in events { printLine(text.line(event)) }
    }

    /// How many events --follow reads at a time.
    private static let batch = 1000

    /// Lists the events after `after`, then each new one as it is stored, waking when the data
    /// directory changes (another process's commit) or every second (a directory not made yet
    /// has nothing to watch: a quarter of a second), until the process is ended.
    private func followEvents(_ session: Session) throws -> Never {
        let text = SubscriptionText(catalog: session.catalog, settings: try session.database.settings())
        let watcher = DirectoryWatcher(path: session.directory.url.path,
                                       filesWrittenInPlace: [session.directory.storeDatabaseURL.path + "-wal"])
        var cursor = after
        while true {
            let batch = try session.database.events(after: cursor, limit: Self.batch)
            for event in batch {
                if output.json {
                    print(JSONOutput.terminalSafe(try JSONCoding.line(StoreEventPayload(event))))
                } else {
                    printLine(text.line(event))
                }
                cursor = event.id
            }
            fflush(nil)
            if batch.count == Self.batch { continue }
            if let watcher {
                var wake = pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&wake, 1, 1000)
                watcher.drain()
            } else {
                Thread.sleep(forTimeInterval: 0.25)
            }
        }
    }
}
