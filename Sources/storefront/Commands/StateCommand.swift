import ArgumentParser
import Foundation
import StoreKitSim

struct StateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "state", abstract: "Show the settings, the app's UserDefaults, the queue and the history.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    struct Output: Encodable {
        var dataDirectory: String
        var settings: Settings
        var userDefaults: [String: JSONValue]
        var credits: Int
        var queue: [TransactionJSON]
        var history: [TransactionJSON]
    }

    func run() throws {
        let session = try Session(global)
        let records = try session.storeFile.load()
        let defaults = try UserDefaultsFile(url: session.directory.userDefaultsURL)
        let credits = defaults.integer(forKey: SampleApp.creditsKey)
        if output.json {
            try JSONOutput.print(Output(
                dataDirectory: session.directory.url.path, settings: records.settings, userDefaults: defaults.values,
                credits: credits, queue: records.queue.map(TransactionJSON.init),
                history: records.transactions.map(TransactionJSON.init)))
            return
        }
        printLine("Data directory  \(session.directory.url.path)")
        printLine("Settings")
        for setting in SettingName.allCases {
            printLine("  \(setting.rawValue.padding(toLength: 20, withPad: " ", startingAt: 0))\(SettingChange.describe(setting, in: records.settings))")
        }
        printLine("UserDefaults.json")
        if defaults.values.isEmpty { printLine("  (empty)") }
        // One line per key: a value's JSON without the line breaks of the file's layout.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for (key, value) in defaults.values.sorted(by: { $0.key < $1.key }) {
            let text = String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self)
            printLine("  \(key) = \(text)")
        }
        printLine("Queue (unfinished)")
        if records.queue.isEmpty { printLine("  (empty)") }
        for t in records.queue { printLine("  " + line(t)) }
        printLine("History")
        if records.transactions.isEmpty { printLine("  (empty)") }
        for t in records.transactions { printLine("  " + line(t)) }
    }

    private func line(_ t: Transaction) -> String {
        var text = "\(t.id)  \(t.state.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0))  \(t.productID)"
        if t.quantity > 1 { text += " ×\(t.quantity)" }
        text += "  \(JSONCoding.format(t.date))"
        if let error = t.error { text += "  \(error.logLabel)" }
        if let expiry = t.expiresDate { text += "  expires \(JSONCoding.format(expiry))" }
        if !t.finished && t.state != .purchasing { text += "  unfinished" }
        return text
    }
}
