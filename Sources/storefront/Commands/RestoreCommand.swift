import AppStoreJSON
import ArgumentParser
import DataFiles
import SampleApp
import AppStoreCore

struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore purchases: non-consumables and auto-renewable subscriptions come back as restored.",
        discussion: "One restored transaction per purchase of a non-consumable and per purchase and renewal of an "
            + "auto-renewable subscription, as StoreKit's restoreCompletedTransactions delivers them; "
            + "--json lists each.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    struct Output: Encodable {
        var restored: [TransactionPayload]
        /// What the account bought or the app holds that the store never restores
        /// (consumables, non-renewing subscriptions), by product id.
        var notRestored: [String]
        var userDefaults: [String: JSONValue]
    }

    func run() throws {
        let session = try Session(global)
        let running = try session.launchApp(for: Self.self, quiet: output.json)
        // The app lock is held until the command is done.
        defer { withExtendedLifetime(running) {} }
        let app = running.app
        let before = app.events.count
        do {
            running.take(try app.restore())
        } catch let error as StoreError {
            try Report.failure(error, json: output.json, context: "Cannot restore", launch: session.launchReport(app))
        }
        _ = try running.pressSideButton()
        var outcome: AppEvent?
        try running.wait {
            outcome = app.events.dropFirst(before).last { event in
                if case .restoreFinished = event { return true }
                if case .restoreFailed = event { return true }
                return false
            }
            return outcome != nil
        }
        if case .restoreFailed(let error) = outcome {
            try Report.failure(error, json: output.json, context: "Restore failed", launch: session.launchReport(app))
        }
        let restored = app.events.dropFirst(before).compactMap { event -> Transaction? in
            if case .updated(let t, _, _) = event, t.queueState.state == .restored { return t }
            return nil
        }
        let notRestored = app.notRestoredByTheStore(records: session.queue.records)
        if output.json {
            try JSONOutput.print(Output(restored: try session.payloads(restored.map(session.latest)),
                                        notRestored: notRestored, userDefaults: app.defaults.values))
            return
        }
        if restored.isEmpty {
            printLine("No purchases to restore.")
        } else {
            printLine("Restored \(restored.count) purchase\(restored.count == 1 ? "" : "s"): \(Self.products(restored))")
        }
        if !notRestored.isEmpty {
            printLine("Not restored (the App Store never restores consumables or non-renewing subscriptions: the app must keep them itself): \(notRestored.joined(separator: ", "))")
        }
    }

    /// Each product once, in the order first restored, with how many of its transactions came
    /// back when more than one (a subscription's purchase and each renewal).
    static func products(_ restored: [Transaction]) -> String {
        var counts: [String: Int] = [:]
        for t in restored { counts[t.productID, default: 0] += 1 }
        return restored.map(\.productID).uniqued()
            .map { id in counts[id, default: 0] > 1 ? "\(id) ×\(counts[id, default: 0])" : id }
            .joined(separator: ", ")
    }
}
