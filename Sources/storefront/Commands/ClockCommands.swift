import AppStoreJSON
import ArgumentParser
import Foundation
import SampleApp
import AppStoreCore
import StorefrontUI

/// The store's clock, shared by every process on the data directory.
struct ClockJSON: Encodable {
    /// Store time now.
    var storeTime: Date
    /// `realtime`, or how much store time runs in how much real time (`1d-per-s`).
    var rate: String
    /// Store seconds per real second.
    var factor: Double
    /// Store time less real time, in seconds: how far advances (and a faster rate) moved it.
    var offsetSeconds: Double
    /// True when store time stands still (`STOREFRONT_START_TIME`): only advances move it.
    var fixed: Bool

    init(_ store: AppStore) throws {
        let (settings, clock) = try store.storage.timeBase()
        let real = store.wallClock.now
        storeTime = clock.time(at: real, rate: settings.timeRate)
        rate = settings.timeRate.description
        factor = settings.timeRate.factor
        // Whole milliseconds, as the store keeps its times.
        offsetSeconds = (clock.offset(at: real, rate: settings.timeRate) * 1000).rounded() / 1000
        fixed = store.wallClock.isFixed
    }

    /// "2h 30min ahead of real time", "real time".
    var offsetText: String {
        // Store time stays within the years 1 to 9999, so the offset fits; clamped all the same.
        let seconds = Int(max(-1e15, min(1e15, offsetSeconds)).rounded(.towardZero))
        guard seconds != 0 else { return "none: store time is real time" }
        return "\(ClockJSON.duration(abs(seconds))) \(seconds > 0 ? "ahead of" : "behind") real time"
    }

    /// Whole days, hours, minutes and seconds: "3d 2h 5min 10s".
    static func duration(_ seconds: Int) -> String {
        let parts = [(seconds / 86_400, "d"), (seconds % 86_400 / 3600, "h"), (seconds % 3600 / 60, "min"), (seconds % 60, "s")]
        let shown = parts.filter { $0.0 > 0 }.map { "\($0.0)\($0.1)" }
        return shown.isEmpty ? "0s" : shown.joined(separator: " ")
    }
}

struct ClockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clock",
        abstract: "Show the store's time, its rate and how far it is from real time.",
        discussion: "Every process on the data directory (an open storefront, other commands) reads the same store time. "
            + "`storefront advance` moves it on; `storefront set time-rate` makes it run faster. "
            + "With \(Session.startTimeVariable) set (ISO 8601), real time stands still at that time, so runs are repeatable.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let session = try Session(global)
        let clock = try ClockJSON(session.store)
        if output.json {
            try JSONOutput.print(clock)
            return
        }
        let times = TimeDisplay()
        printLine("store time  \(times.dateTime(clock.storeTime))")
        printLine("rate        \(clock.rate)\(clock.factor == 1 ? "" : " (\(StoreCondition.factorText(clock.factor))× real time)")")
        printLine("offset      \(clock.offsetText)")
        if clock.fixed { printLine("real time stands still (\(Session.startTimeVariable)): only `advance` and waiting for the store move store time") }
    }
}

struct AdvanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "advance",
        abstract: "Move the store's time forward; everything due by then happens, in order.",
        discussion: "DURATION is \(StoreDuration.syntax). Purchases and restores in flight are answered, "
            + "subscriptions renew, and Ask to Buy requests nobody answered within 24 hours are dropped (the app hears nothing), "
            + "each at its own time, exactly as if the time had passed; each thing the store did is listed as `storefront events` lists it. "
            + "An open storefront follows at once.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("How far: \(StoreDuration.syntax).", valueName: "duration"))
    var duration: String

    @OptionGroup var output: OutputOptions

    struct Output: Encodable {
        var clock: ClockJSON
        /// The transactions the time that passed made or changed, in the order they were made.
        var transactions: [TransactionPayload]
        /// What the store did on the way, in order, as `events` gives them.
        var events: [StoreEventPayload]
    }

    func run() throws {
        guard let step = StoreDuration(duration) else {
            throw CommandFailure.usage("advance takes a duration, \(StoreDuration.syntax), up to 100 years; not \"\(duration)\"")
        }
        let session = try Session(global)
        let cursor = try session.database.lastEventID()
        let changes = try session.queue.advance(by: step).changes
        let events = try session.database.events(after: cursor, limit: nil)
        let clock = try ClockJSON(session.store)
        if output.json {
            try JSONOutput.print(Output(clock: clock, transactions: try session.payloads(changes),
                                        events: try session.payloads(events)))
            return
        }
        printLine("Store time is now \(TimeDisplay().dateTime(clock.storeTime)) (\(clock.offsetText)).")
        // A renewal that failed, a grace period that ran out, an expiry: a subscription's
        // changes make no transaction, so the store's events tell what happened on the way.
        let text = SubscriptionText(catalog: session.catalog, settings: session.queue.records.settings)
        for event in events { printLine("  " + text.line(event)) }
        for t in changes where t.hasLapsed { printLine(Self.lapsed(t)) }
        if changes.contains(where: { !$0.queueState.finished && $0.queueState.state != .deferred }) {
            printLine("The app receives these live if the storefront is open, otherwise at its next launch (\(CommandLineHint.command("launch"))).")
        }
    }

    /// What an `askToBuyLapsed` event means for the app: the request left its queue unanswered.
    static func lapsed(_ t: Transaction) -> String {
        "\(t.id) \(t.item(named: t.productID)): the Ask to Buy request lapsed after 24 hours unanswered, dropped (the app hears nothing)."
    }
}
