import AppStoreJSON
import ArgumentParser
import DataFiles
import Foundation
import SampleApp
import AppStoreCore
import StorefrontUI
import Wording

struct StateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "state", abstract: "Show the settings, the app's UserDefaults, the subscriptions, the queue and the history.")

    @OptionGroup var global: GlobalOptions

    @Flag(help: "List the whole history (without it, the latest \(Self.recent) transactions; --json always lists it all).")
    var all = false

    @OptionGroup var output: OutputOptions

    /// How many of the newest transactions the history lists by default.
    static let recent = 20

    struct Output: Encodable {
        var dataDirectory: String
        var settings: Settings
        var userDefaults: [String: JSONValue]
        var credits: Int
        var queue: [TransactionPayload]
        var history: [TransactionPayload]
        /// Each subscription group with the signed-in account's status in it.
        var subscriptions: [SubscriptionGroupPayload]
        /// The signed-in account's app transaction (StoreKit's `AppTransaction.shared`); none signed out.
        var appTransaction: AppTransactionOutput?
    }

    func run() throws {
        let session = try Session(global)
        // Older purchases adopted as statuses, as the next change would.
        _ = try session.queue.refresh()
        let records = session.queue.records
        let defaults = try session.userDefaults()
        let credits = defaults.integer(forKey: SampleApp.creditsKey)
        if output.json {
            let history = try session.database.history(last: nil, finishedOnly: false)
            try JSONOutput.print(Output(
                dataDirectory: session.directory.url.path, settings: records.settings, userDefaults: defaults.values,
                credits: credits, queue: try session.payloads(records.queue), history: try session.payloads(history),
                subscriptions: try SubscriptionsCommand.groups(records, session: session),
                appTransaction: try records.settings.account.map { try session.appTransaction(account: $0, history: history) }))
            return
        }
        let history = try session.database.history(last: all ? nil : Self.recent, finishedOnly: false)
        let total = all ? history.count : try session.database.transactionCount()
        printLine("Data directory  \(session.directory.url.path)")
        printLine("Settings")
        for condition in StoreCondition.all {
            // A name longer than the column (the errors per API) keeps a space before its value.
            let width = max(20, condition.name.count + 1)
            printLine("  \(condition.name.padding(toLength: width, withPad: " ", startingAt: 0))\(condition.describe(records.settings))")
        }
        printLine("UserDefaults.json")
        if defaults.values.isEmpty { printLine("  (empty)") }
        // One line per key: a value's JSON without the line breaks of the file's layout.
        for (key, value) in defaults.values.sorted(by: { $0.key < $1.key }) {
            printLine("  \(key) = \((try? JSONCoding.line(value)) ?? "")")
        }
        // One column width for both listings, so the dates line up whatever the item.
        let itemWidth = (records.queue + history).map { TerminalText.escaped(item($0)).count }.max() ?? 0
        let requests = Dictionary(records.refundRequests.map { ($0.transactionID, $0) }) { $1 }
        func line(_ t: Transaction) -> String {
            self.line(t, signedIn: records.settings.account, itemWidth: itemWidth) + (requests[t.id].map(Self.request) ?? "")
        }
        printLine("Subscriptions")
        let text = SubscriptionText(catalog: session.catalog, settings: records.settings)
        let statuses = records.groupStatuses(catalog: session.catalog).compactMap { $0.status }
        if statuses.isEmpty { printLine("  (none)") }
        for s in statuses { printLine("  \(text.plan(s.productID))  \(s.state.rawValue)  \(text.summary(s))") }
        printLine("Queue (unfinished)")
        if records.queue.isEmpty { printLine("  (empty)") }
        for t in records.queue { printLine("  " + line(t)) }
        printLine("History")
        if history.isEmpty { printLine("  (empty)") }
        if total > history.count {
            printLine("  … \(total - history.count) earlier (\(CommandLineHint.command("state --all")) lists them)")
        }
        for t in history { printLine("  " + line(t)) }
    }

    /// Times in the local zone (TZ), as everywhere people read them: one for every line.
    private static let times = TimeDisplay()

    private func item(_ t: Transaction) -> String { t.item(named: t.productID) }

    /// One transaction, its item padded to `itemWidth` (as shown: a control character in an
    /// id takes its escape's width); another account's purchases name it (they wait for it
    /// to sign in).
    /// The purchase facts that say what it was: the price paid where, the offer, upgraded.
    private static func facts(_ t: Transaction) -> String {
        var text = ""
        if let price = t.price { text += "  paid \(price)\(t.currency.map { " \($0)" } ?? "")\(t.storefront.map { " in \($0)" } ?? "")" }
        if let offer = t.offer { text += "  \(offer.type.rawValue) offer \(offer.paymentMode.rawValue) \(offer.period)" }
        if t.isUpgraded == true { text += "  upgraded" }
        if let type = t.revocationType, let percentage = t.revocationPercentage {
            text += "  refunded (\(type.rawValue) \(Refund.percentText(percentage)), \(t.revocationReason?.rawValue ?? "other"))"
        }
        // Family Sharing: a member's transaction taken back, nothing refunded.
        if t.revocationType == .familyRevoke { text += "  revoked (familyRevoke)" }
        return text
    }

    /// The refund the user asked for, and the App Store's answer so far.
    private static func request(_ r: RefundRequest) -> String {
        let answer = r.status == .pending ? "waiting for the App Store" : r.status.rawValue
        return "  refund requested (\(r.reason.argument), \(answer))"
    }

    /// Where a queued transaction waits, and for whom.
    private static func words(_ phase: QueuePhase) -> String {
        switch phase {
        case .sheetOpen: "sheet open"
        case .held: "held for the side button"
        case .waitingForStore: "waiting for the store"
        case .deferred: "waiting for approval"
        case .interrupted: "waiting for resolution"
        }
    }

    private func line(_ t: Transaction, signedIn: String?, itemWidth: Int) -> String {
        let shown = TerminalText.escaped(item(t)).count
        var text = "\(t.id)  \(t.queueState.state.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0))  \(item(t))"
        text += String(repeating: " ", count: max(itemWidth - shown, 0))
        text += "  \(Self.times.dateTime(t.queueState.transactionDate))"
        if let error = t.queueState.error { text += "  \(Strings.english.label(of: error))" }
        if let expiry = t.expirationDate { text += "  expires \(Self.times.dateTime(expiry))" }
        text += Self.facts(t)
        if let phase = t.queueState.phase { text += "  \(Self.words(phase))" }
        if !t.queueState.finished && t.queueState.state != .purchasing { text += "  unfinished" }
        return text + t.remarks(signedIn: signedIn)
    }
}
