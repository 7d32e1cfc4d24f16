import AppStoreJSON
import ArgumentParser
import DataFiles
import Foundation
import AppStoreCore

struct EventsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "List what the store did, in order: its events (docs/command-line.md).")

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("Only the events after this id (a reader's cursor; default 0: from the first).", valueName: "id"))
    var after: Int64 = 0

    @Option(help: ArgumentHelp("At most this many.", valueName: "n"))
    var limit: Int?

    @Option(help: ArgumentHelp("Read as this reader: the events after where it stopped (the first time, after --after), its place kept in store.sqlite as each batch is listed.", valueName: "name"))
    var reader: String?

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
        if let reader, reader.isEmpty { throw ValidationError("--reader takes a name, not an empty one") }
    }

    func run() throws {
        let session = try Session(global)
        if follow { try followEvents(session) }
        let text = SubscriptionText(catalog: session.catalog, settings: try session.database.settings())
        try read(session, from: after, limit: limit) { events, payloads in
            if output.json {
                try JSONOutput.print(Output(events: payloads))
                return
            }
            if events.isEmpty {
                printLine(reader.map { "No events for \($0) to read." } ?? (after == 0 ? "No events yet." : "No events after \(after)."))
            }
            for event in events { printLine(text.line(event)) }
        }
    }

    /// Hands `list` the events after `cursor`, or with --reader after where that reader stopped,
    /// its cursor moved past them once they are listed: a listing cut short (the process
    /// killed first) leaves the cursor where it was, so the next one lists them again rather
    /// than skip them. With --json, with their payloads, signed forms and all.
    @discardableResult
    private func read(_ session: Session, from cursor: Int64, limit: Int?,
                      _ list: ([StoreEvent], [StoreEventPayload]) throws -> Void) throws -> StoreEvent.ID? {
        func payloads(_ events: [StoreEvent]) throws -> [StoreEventPayload] { output.json ? try session.payloads(events) : [] }
        func listed(_ events: [StoreEvent], _ payloads: [StoreEventPayload]) throws -> StoreEvent.ID? {
            try list(events, payloads)
            fflush(nil)
            return events.last?.id
        }
        guard let reader else {
            let events = try session.database.events(after: cursor, limit: limit)
            return try listed(events, try payloads(events))
        }
        // The reader's events are read and its cursor moved in one write, which signing (a
        // write of its own) cannot join: the events it will get are signed first, and read again
        // if more came in between.
        while true {
            let ahead = try session.database.events(after: try session.database.cursor(of: reader) ?? cursor, limit: limit)
            let signed = Dictionary(zip(ahead.map(\.id), try payloads(ahead))) { first, _ in first }
            do {
                return try session.database.consume(reader, from: cursor, limit: limit) { events in
                    let listing = events.compactMap { signed[$0.id] }
                    guard !output.json || listing.count == events.count else { throw MoreEventsCameIn() }
                    return try listed(events, listing)
                }
            } catch is MoreEventsCameIn {
                continue
            }
        }
    }

    private struct MoreEventsCameIn: Error {}

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
            var count = 0
            cursor = try read(session, from: cursor, limit: Self.batch) { batch, payloads in
                count = batch.count
                guard output.json else { return batch.forEach { printLine(text.line($0)) } }
                for payload in payloads { print(JSONOutput.terminalSafe(try JSONCoding.line(payload))) }
            } ?? cursor
            if count == Self.batch { continue }
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
