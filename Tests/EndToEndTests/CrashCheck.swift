import CatalogFiles
import DataFiles
import Foundation
import SampleApp
import AppStoreCore
import AppStorePersistence
import StoreKitSim
import Testing

/// What the crash test checks in a data directory once storefront has been killed and the user
/// has recovered (`storefront launch`): every file opens and passes `storefront doctor`, every
/// purchase was delivered exactly once, nothing is stuck, no temporary files pile up.
struct CrashCheck {
    let cli: BinaryRunner
    let facts: CatalogFacts
    /// The app was last deleted (`reset --app-only`) when this was the store's newest
    /// transaction number: only later transactions count for what the app holds.
    var appSince = 0

    /// A problem found, and its kind (the random test reports each kind once).
    struct Problem: CustomStringConvertible {
        var kind: String
        var detail: String
        var description: String { "\(kind): \(detail)" }
    }

    /// The store's records and the app's data as they are now, read with storefront's own
    /// readers (a file that does not open throws).
    struct Seen {
        var records: StoreWorkingSet
        var history: [Transaction]
        var defaults: [String: JSONValue]
        /// The store's events outbox, in order.
        var events: [StoreEvent]
        /// How far the app heard the store's revocations (its cursor on the outbox).
        var appCursor: Int64?

        var delivered: [String] {
            guard case .array(let ids)? = defaults[SampleApp.deliveredKey] else { return [] }
            return ids.compactMap(\.stringValue)
        }

        /// The app's unconsumed purchases by transaction: what each delivered and has left.
        var unconsumed: [String: (delivered: Int, remaining: Int)] {
            guard case .array(let items)? = defaults[SampleApp.unconsumedKey] else { return [:] }
            var listed: [String: (delivered: Int, remaining: Int)] = [:]
            for case .object(let fields) in items {
                guard let id = fields["transactionID"]?.stringValue, let delivered = fields["delivered"]?.intValue,
                      let remaining = fields["remaining"]?.intValue else { continue }
                listed[id] = (delivered, remaining)
            }
            return listed
        }

        func transactions(of productID: String, _ state: TransactionState) -> [Transaction] {
            history.filter { $0.productID == productID && $0.queueState.state == state }
        }

        var newestNumber: Int { history.compactMap { Int($0.id) }.max() ?? 0 }
    }

    func look() throws -> Seen {
        let directory = DataDirectory(url: cli.dataDirectory)
        let database = try StoreDatabase(directory: directory, productIDs: facts.productIDs)
        return Seen(records: try database.load(), history: try database.history(last: nil, finishedOnly: false),
                    defaults: try UserDefaultsFile(url: directory.userDefaultsURL).values,
                    events: try database.events(after: 0, limit: nil),
                    appCursor: try database.cursor(of: PaymentQueue.appReader))
    }

    /// Everything wrong with the data directory. `settled`: nothing is in flight any more (the
    /// latency has passed since the last purchase or restore, and a launch followed), so the
    /// queue must hold only Ask to Buy requests.
    func problems(settled: Bool) -> [Problem] {
        var problems: [Problem] = []
        let seen: Seen
        do {
            seen = try look()
        } catch {
            return [Problem(kind: "a data file does not open", detail: "\(error)")]
        }
        // The signed-in account's: what its app holds (a family member's purchase is theirs).
        let counted = seen.history.filter { (Int($0.id) ?? 0) > appSince && $0.account == seen.records.settings.account }

        // Exactly once: the balance is what the purchased packs add up to, less what the app
        // consumed. A refunded pack's credits were taken back (the flows consume only part of
        // a pack, and never one refunded, so all of them). Each pack delivered is listed
        // unconsumed once, with what it delivered, in the write that delivered it.
        let packs = counted.filter { $0.queueState.state == .purchased && !$0.isRevoked && facts.credits[$0.productID] != nil }
        let listed = seen.unconsumed
        var consumed = 0
        for pack in packs {
            let delivered = facts.credits[pack.productID]! * pack.purchasedQuantity
            guard let entry = listed[pack.id] else {
                problems.append(Problem(kind: "a credit pack delivered is not listed unconsumed",
                                        detail: "\(pack.id) \(pack.productID) ×\(pack.purchasedQuantity) is not in \(SampleApp.unconsumedKey)"))
                continue
            }
            if entry.delivered != delivered {
                problems.append(Problem(kind: "a credit pack is listed with what it did not deliver",
                                        detail: "\(pack.id) lists \(entry.delivered) delivered, the pack gives \(delivered)"))
            }
            consumed += entry.delivered - entry.remaining
        }
        let expected = packs.reduce(0) { $0 + facts.credits[$1.productID]! * $1.purchasedQuantity } - consumed
        let credits = seen.defaults[SampleApp.creditsKey]?.intValue ?? 0
        if credits != expected {
            let list = packs.map { "\($0.id) \($0.productID) ×\($0.purchasedQuantity)" }.joined(separator: ", ")
            problems.append(Problem(kind: "credits not delivered exactly once",
                                    detail: "the app holds \(credits) credits, the purchased packs add up to \(expected) (\(list.isEmpty ? "none" : list))"))
        }
        // What a non-consumable unlocks is there exactly when the store purchased or restored it.
        // A deleted transaction leaves what the app delivered (nobody tells it).
        let deleted = Set(seen.events.filter { $0.kind == .transactionDeleted }.compactMap(\.productID))
        for id in facts.unlockingProducts where !deleted.contains(id) {
            let owned = counted.contains { $0.productID == id && ($0.queueState.state == .purchased || $0.queueState.state == .restored) && !$0.isRevoked }
            let unlocked = seen.defaults[id]?.boolValue ?? false
            if owned != unlocked {
                problems.append(Problem(kind: "\(id) delivered wrongly",
                                        detail: "the app has it \(unlocked ? "unlocked" : "locked"), the store \(owned ? "has" : "has no") purchased or restored transaction for it"))
            }
        }
        // The app's note of what it delivered names only transactions still unfinished.
        let unfinished = Set(seen.records.queue.map(\.id))
        let stale = seen.delivered.filter { !unfinished.contains($0) }
        if !stale.isEmpty {
            problems.append(Problem(kind: "\(SampleApp.deliveredKey) lists finished transactions",
                                    detail: "\(stale) are not in the queue (\(seen.delivered))"))
        }
        // Nothing stuck: after a launch the app has handled everything the queue held.
        let finishing = seen.records.settings.finishTransactions
        for t in seen.records.queue {
            let stuck: String? = switch t.queueState.state {
            case .deferred: nil
            case .purchasing where t.queueState.dueDate == nil: "purchasing with no answer due from the store"
            case .purchasing: settled ? "still purchasing, due \(t.queueState.dueDate!)" : nil
            case .purchased, .restored:
                finishing ? "left unfinished" : (seen.delivered.contains(t.id) ? nil : "never delivered")
            case .failed: finishing ? "left unfinished" : nil
            }
            if let stuck {
                problems.append(Problem(kind: "a transaction is stuck", detail: "\(t.id) \(t.queueState.state) \(t.productID): \(stuck)"))
            }
        }
        problems += subscriptionProblems(seen)
        problems += readerProblems(seen, settled: settled)
        // What storefront doctor checks: no command leaves files it refuses.
        do {
            let directory = DataDirectory(url: cli.dataDirectory)
            let catalog = try CatalogLoader.defaultCatalog()
            let rules = UserDefaultsRules(catalog: catalog, appDescription: try AppDescriptionLoader.defaultDescription(for: catalog))
            for refusal in try StoreDatabase.problems(directory, limit: 5) + UserDefaultsFile.problems(directory.userDefaultsURL, rules: rules) {
                problems.append(Problem(kind: "storefront doctor refuses a file", detail: refusal.summary))
            }
        } catch {
            problems.append(Problem(kind: "storefront doctor cannot check the files", detail: "\(error)"))
        }
        if settled, let due = seen.records.restoreDueDate {
            problems.append(Problem(kind: "a restore is stuck", detail: "due \(due), never completed"))
        }
        // Temporary files: a write killed before its rename leaves one, which the next write of
        // that file clears; they never pile up.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: cli.dataDirectory.path)) ?? []
        let temporary = names.filter { $0.hasPrefix(".") && $0.hasSuffix(".tmp") }.sorted()
        let files = ["UserDefaults.json", "store.sqlite", "signing.pem", "subscription-offers-key.json"]
        for file in files {
            let leftovers = temporary.filter { $0.hasPrefix(".\(file).") }
            let written = modified(file)
            let outlived = leftovers.filter { leftover in
                guard let written, let left = modified(leftover) else { return false }
                return written > left
            }
            if leftovers.count > 1 || !outlived.isEmpty {
                problems.append(Problem(kind: "temporary files pile up",
                                        detail: "\(leftovers.count) beside \(file): \(leftovers)"
                                            + (outlived.isEmpty ? "" : "; \(outlived) outlived a later write of \(file)")))
            }
        }
        let unknown = temporary.filter { name in !files.contains { name.hasPrefix(".\($0).") } }
        if !unknown.isEmpty {
            problems.append(Problem(kind: "temporary files pile up", detail: "\(unknown)"))
        }
        return problems
    }

    /// The app's cursor on the outbox never passes a revocation of the signed-in account that
    /// the app has not taken back (none skipped); settled (a launch followed), it has passed
    /// every one, so none is told again.
    private func readerProblems(_ seen: Seen, settled: Bool) -> [Problem] {
        guard let account = seen.records.settings.account else { return [] }
        var taken: Set<String> = []
        if case .array(let ids)? = seen.defaults[SampleApp.takenBackKey] { taken = Set(ids.compactMap(\.stringValue)) }
        let revocations = seen.events.filter { ($0.kind == .refunded || $0.kind == .familyRevoked) && $0.account == account }
        let cursor = seen.appCursor ?? 0
        var problems: [Problem] = []
        for event in revocations where event.id <= cursor && !taken.contains(event.transactionID ?? "") {
            problems.append(Problem(kind: "the app's cursor passed a revocation it did not take back",
                                    detail: "event \(event.id) \(event.kind) of \(event.transactionID ?? "?"), cursor at \(cursor)"))
        }
        if settled, let last = revocations.last, last.id > cursor {
            problems.append(Problem(kind: "a revocation is left for the app to hear again",
                                    detail: "event \(last.id) \(last.kind) of \(last.transactionID ?? "?"), cursor at \(cursor)"))
        }
        return problems
    }

    /// The subscriptions' records agree: the store's events are numbered 1, 2, 3…; each period
    /// was paid once (one renewal transaction per period, each told by exactly one event, every
    /// subscription purchase told); and the app holds where each status it knows stands.
    private func subscriptionProblems(_ seen: Seen) -> [Problem] {
        var problems: [Problem] = []
        let ids = seen.events.map(\.id)
        if ids != Array(Int64(1)..<Int64(ids.count + 1)) {
            problems.append(Problem(kind: "the store's events are not numbered 1, 2, 3…", detail: "\(ids)"))
        }
        // The events that make a transaction: each its own, one the store holds (a family
        // member's period, shared, by its own event).
        let making: Set<StoreEventKind> = [.subscribed, .upgraded, .renewed, .recovered, .familyShared]
        var madeBy: [String: [Int64]] = [:]
        for event in seen.events where making.contains(event.kind) {
            guard let id = event.transactionID else { continue }
            madeBy[id, default: []].append(event.id)
        }
        let told = Set(seen.events.compactMap(\.transactionID))
        var periods: Set<String> = []
        for t in seen.history where t.queueState.state == .purchased && facts.subscriptions.contains(t.productID) {
            let events = madeBy[t.id] ?? []
            if t.reason == .renewal {
                if events.count != 1 {
                    problems.append(Problem(kind: "a renewal not told exactly once",
                                            detail: "renewal \(t.id) \(t.productID) is told by events \(events)"))
                }
                // A period paid twice would end twice at the same date.
                let period = "\(t.originalID ?? t.id) \(t.expirationDate.map(JSONCoding.format) ?? "-")"
                if !periods.insert(period).inserted {
                    problems.append(Problem(kind: "a period renewed twice", detail: "renewal \(t.id): another ends at \(period)"))
                }
            } else if !told.contains(t.id) {
                problems.append(Problem(kind: "a subscription purchase with no event", detail: "\(t.id) \(t.productID)"))
            } else if events.count > 1 {
                problems.append(Problem(kind: "a subscription purchase told twice", detail: "\(t.id) by events \(events)"))
            }
        }
        // A transaction deleted from the history keeps the events that made it, as a server's log does.
        let known = Set(seen.history.map(\.id) + seen.events.filter { $0.kind == .transactionDeleted }.compactMap(\.transactionID))
        for (id, events) in madeBy where !known.contains(id) {
            problems.append(Problem(kind: "an event names a transaction the store lacks", detail: "\(id) by events \(events)"))
        }
        // The app agrees with each status whose plan it holds: where it stands, and when access
        // ends (without access, when it ended: the period's end, or the grace's as far as it ran).
        for status in seen.records.subscriptions where seen.defaults[status.productID] != nil {
            let id = status.productID
            let state = status.state.rawValue + (status.state == .expired ? status.expirationReason.map { " (\($0.rawValue))" } ?? "" : "")
            let end = seen.defaults[id]?.stringValue.flatMap(JSONCoding.parse)
            let agrees = if let access = status.accessEndDate { end == access } else {
                end.map { $0 >= status.expiresDate && $0 <= max(status.expiresDate, status.gracePeriodExpiresDate ?? status.expiresDate) } ?? false
            }
            let held = seen.defaults[SampleApp.stateKey(id)]?.stringValue
            if held != state || !agrees {
                problems.append(Problem(kind: "the app disagrees with the store's subscription",
                                        detail: "the app holds \(id) \(held ?? "-") until \(end.map(JSONCoding.format) ?? "-"), the store \(status)"))
            }
        }
        return problems
    }

    /// When a file in the data directory was last written.
    private func modified(_ name: String) -> Date? {
        let path = cli.dataDirectory.appendingPathComponent(name).path
        return (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// `storefront state --json` opens every file (exit 0) and agrees with what was read.
    func stateCommandProblems() throws -> [Problem] {
        let state = try cli.run("state", "--json")
        guard state.status == 0 else {
            return [Problem(kind: "storefront state fails", detail: state.summary)]
        }
        let credits = try state.json()["credits"] as? Int
        let seen = try? look()
        if let seen, credits != seen.defaults[SampleApp.creditsKey]?.intValue ?? 0 {
            return [Problem(kind: "storefront state disagrees", detail: "credits \(credits ?? -1) in \(state.stdout)")]
        }
        return []
    }
}

/// What the app must hold follows from the catalog, as `storefront products --json` gives it.
struct CatalogFacts: Sendable {
    /// Credits per unit of each consumable.
    var credits: [String: Int] = [:]
    /// The non-consumables: each unlocks content, a flag in UserDefaults.
    var unlockingProducts: [String] = []
    /// The auto-renewable subscriptions.
    var subscriptions: Set<String> = []
    var productIDs: [String] = []

    init(_ cli: BinaryRunner) throws {
        let products = try cli.run("products", "--json")
        try #require(products.status == 0, "\(products.summary)")
        for product in try #require(try products.json()["products"] as? [[String: Any]]) {
            let id = try #require(product["id"] as? String)
            productIDs.append(id)
            switch product["type"] as? String {
            case "consumable": credits[id] = try #require(product["credits"] as? Int)
            case "nonConsumable": unlockingProducts.append(id)
            case "autoRenewable": subscriptions.insert(id)
            default: break
            }
        }
        try #require(!credits.isEmpty && !unlockingProducts.isEmpty && !subscriptions.isEmpty, "the catalog has credit packs, premium content and subscriptions")
    }
}

/// A seeded generator (SplitMix64), so a failing run can be replayed from its seed.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension BinaryRunner.Result {
    /// Where STOREFRONT_KILL_AT_WRITE killed it, as it said on stderr ("before a commit to store.sqlite").
    var killedAt: String? {
        guard let line = stderr.split(separator: "\n").first(where: { $0.hasPrefix("storefront: killed at write point ") }),
              let colon = line.dropFirst("storefront: killed at write point ".count).firstIndex(of: ":") else { return nil }
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }

    /// How many write points it passed, as it said on stderr under STOREFRONT_KILL_AT_WRITE.
    var writePoints: Int {
        stderr.split(separator: "\n").filter { $0.hasPrefix("storefront: write point ") }.count
    }
}
