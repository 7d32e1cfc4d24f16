import DataFiles
import Foundation
@testable import SampleApp
import Testing
@testable import AppStoreCore

/// The sample app's unconsumed purchases (TOAST IAP's `requestConsumablePurchases` and
/// `consumeWithPurchaseResult`): each consumable purchase it delivered, with what is left of
/// it, coherent with the balance it makes up, through delivery, consuming, refunds, hand
/// edits, a file from before the list, and a damaged list.
@Suite struct UnconsumedPurchaseTests {
    static func harness(_ kind: StorageKind, appDescription: AppDescription = .builtIn) throws -> Harness {
        let directory = TemporaryDirectory()
        return try Harness(storage: try kind.make(directory), directory: directory, appDescription: appDescription)
    }

    /// What the app lists: (transaction, product, delivered, remaining), oldest first.
    static func list(_ app: SampleApp) -> [String] {
        app.unconsumed.map { "\($0.transactionID) \($0.productID) ×\($0.quantity) \($0.remaining)/\($0.delivered)" }
    }

    /// The list as a fresh read of UserDefaults.json has it: what a relaunch finds.
    static func onDisk(_ t: Harness) throws -> [String] {
        let defaults = try UserDefaultsFile(url: t.app.defaults.url)
        return list(SampleApp(catalog: t.app.catalog, appDescription: t.app.appDescription, defaults: defaults, queue: t.app.queue))
    }

    static func sumIsTheBalance(_ app: SampleApp) -> Bool {
        app.unconsumed.reduce(app.earlierUnits(of: SampleApp.creditsKey)) { $0 + $1.remaining } == app.credits
    }

    @Test(arguments: StorageKind.allCases)
    func eachDeliveryIsListedWithItsPurchaseUntilConsumed(kind: StorageKind) throws {
        let t = try Self.harness(kind)
        let first = try t.buy(ID.credits5, quantity: 2)
        let second = try t.buy(ID.credits10)
        #expect(Self.list(t.app) == ["\(first.id) \(ID.credits5) ×2 10/10", "\(second.id) \(ID.credits10) ×1 10/10"])
        #expect(t.app.unconsumed.first?.purchaseDate == first.purchaseDate)
        #expect(t.app.credits == 20 && Self.sumIsTheBalance(t.app))
        #expect(try Self.onDisk(t) == Self.list(t.app), "written with the delivery")

        let events = try t.app.consume(.transaction(first.id))
        #expect(events == [.consumed(Consumption(transactionID: first.id, balanceKey: SampleApp.creditsKey, units: 10, left: 0, balance: 10))])
        #expect(events.map { $0.text(app: t.app.appDescription, errors: { "\($0)" }) }
            == ["\(first.id) consumed  -10 credits (balance 10)  (used up: off the unconsumed list)"])
        #expect(Self.list(t.app) == ["\(second.id) \(ID.credits10) ×1 10/10"], "a consumed purchase leaves the list")
        #expect(t.app.credits == 10 && Self.sumIsTheBalance(t.app))
        #expect(try Self.onDisk(t) == Self.list(t.app))
        #expect(try UserDefaultsFile(url: t.app.defaults.url).integer(forKey: SampleApp.creditsKey) == 10, "the balance in the same write")
    }

    /// Each purchase reads and writes only what it changed of a long list: the storefront looks
    /// at the list at every refresh, and a long walkthrough buys hundreds of packs, so reading it
    /// whole at each look made every step dearer than the one before.
    @Test func aPurchaseParsesOnlyItsOwnEntryOfALongList() throws {
        let t = try Harness()
        for _ in 0..<150 { _ = try t.buy(ID.credits5) }
        #expect(t.app.unconsumed.count == 150)
        let before = t.app.unconsumedParses.entriesParsed
        for _ in 0..<50 {
            _ = try t.buy(ID.credits5)
            for _ in 0..<10 { _ = (t.app.unconsumed, t.app.earlierUnits(of: SampleApp.creditsKey)) }
        }
        #expect(t.app.unconsumed.count == 200 && Self.sumIsTheBalance(t.app))
        // The new entry of each purchase, once: not the list again at each look, nor at each write.
        #expect(t.app.unconsumedParses.entriesParsed - before <= 50)
        #expect(try Self.onDisk(t) == Self.list(t.app))
    }

    @Test func spendingTakesTheOldestFirstAndTooMuchConsumesNothing() throws {
        let t = try Harness()
        let first = try t.buy(ID.credits5)
        let second = try t.buy(ID.credits10)
        #expect(try t.app.spendCredit().spent)
        #expect(Self.list(t.app) == ["\(first.id) \(ID.credits5) ×1 4/5", "\(second.id) \(ID.credits10) ×1 10/10"])
        // Six credits, oldest first: the first purchase's four, then two of the second.
        let taken = try t.app.consume(.product(SampleApp.creditsKey), quantity: 6)
        #expect(taken.count == 2)
        #expect(Self.list(t.app) == ["\(second.id) \(ID.credits10) ×1 8/10"])
        #expect(t.app.credits == 8)
        let before = try Data(contentsOf: t.app.defaults.url)
        #expect(throws: ConsumeRefusal.notEnough(ID.credits10, available: 8, asked: 9)) {
            try t.app.consume(.product(ID.credits10), quantity: 9)
        }
        #expect(throws: ConsumeRefusal.notEnough(ID.credits5, available: 0, asked: 1)) { try t.app.consume(.product(ID.credits5)) }
        #expect(throws: ConsumeRefusal.notUnconsumed(first.id)) { try t.app.consume(.transaction(first.id)) }
        #expect(throws: ConsumeRefusal.notUnconsumed(ID.premium)) { try t.app.consume(.product(ID.premium)) }
        #expect(throws: ConsumeRefusal.invalidQuantity(0)) { try t.app.consume(.transaction(second.id), quantity: 0) }
        #expect(try Data(contentsOf: t.app.defaults.url) == before, "a refusal writes nothing")
        _ = try t.app.consume(.transaction(second.id), quantity: 8)
        #expect(t.app.unconsumed.isEmpty && t.app.credits == 0)
        #expect(try t.app.spendCredit().spent == false)
    }

    @Test(arguments: StorageKind.allCases)
    func aRefundTakesThatPurchasesUnconsumedUnitsFirst(kind: StorageKind) throws {
        let t = try Self.harness(kind)
        let first = try t.buy(ID.credits5)
        let second = try t.buy(ID.credits5)
        _ = try t.app.consume(.product(SampleApp.creditsKey), quantity: 2)
        #expect(Self.list(t.app) == ["\(first.id) \(ID.credits5) ×1 3/5", "\(second.id) \(ID.credits5) ×1 5/5"])
        try t.hear { try $0.refundTransaction(second.id) }
        try t.queue.tick()
        #expect(t.app.events.last == .revoked(try t.transaction(second.id), .credits(taken: 5, balance: 3)))
        #expect(Self.list(t.app) == ["\(first.id) \(ID.credits5) ×1 3/5"], "the older purchase keeps its units")
        #expect(Self.sumIsTheBalance(t.app))

        // Used up, a refunded purchase's credits come from what is left, as far as it goes.
        let third = try t.buy(ID.credits5)
        _ = try t.app.consume(.transaction(first.id))
        _ = try t.app.consume(.transaction(third.id), quantity: 2)
        try t.hear { try $0.refundTransaction(first.id) }
        try t.queue.tick()
        #expect(t.app.events.last == .revoked(try t.transaction(first.id), .credits(taken: 3, balance: 0)))
        #expect(t.app.unconsumed.isEmpty && t.app.credits == 0)
        #expect(try Self.onDisk(t).isEmpty)
    }

    /// A UserDefaults.json from before the list loads: its balance stays as an earlier part
    /// (the app never noted which purchases made it), used before any listed purchase.
    @Test func aBalanceFromBeforeTheListIsKeptAsTheEarlierPartAndUsedFirst() throws {
        let before = try Harness()
        for _ in 0..<3 { try before.buy(ID.credits5) }
        try Data(#"{"credits": 15, "deliveredUnfinishedTransactions": []}"#.utf8).write(to: before.app.defaults.url)
        let t = try before.relaunched()
        #expect(t.app.unconsumed.isEmpty && t.app.earlierUnits(of: SampleApp.creditsKey) == 15)
        let bought = try t.buy(ID.credits5)
        #expect(t.app.credits == 20 && t.app.earlierUnits(of: SampleApp.creditsKey) == 15 && Self.sumIsTheBalance(t.app))
        let spent = try t.app.spendCredit().events
        #expect(spent == [.consumed(Consumption(transactionID: nil, balanceKey: SampleApp.creditsKey, units: 1, left: 14, balance: 19))])
        #expect(spent.first?.text(app: t.app.appDescription, errors: { "\($0)" }) == "earlier balance consumed  -1 credit (balance 19)")
        _ = try t.app.consume(.product(SampleApp.creditsKey), quantity: 15)
        #expect(Self.list(t.app) == ["\(bought.id) \(ID.credits5) ×1 4/5"])
        #expect(t.app.earlierUnits(of: SampleApp.creditsKey) == 0 && t.app.credits == 4)
    }

    /// The balance is what the app shows: lowered by hand, the oldest purchases lose the
    /// difference (as if spent); raised by hand, the rise is an earlier part.
    @Test func aHandEditedBalanceKeepsTheListCoherent() throws {
        let t = try Harness()
        let first = try t.buy(ID.credits5)
        let second = try t.buy(ID.credits10)
        try t.app.defaults.set(.int(7), forKey: SampleApp.creditsKey)
        #expect(Self.list(t.app) == ["\(second.id) \(ID.credits10) ×1 7/10"], "the first's five and three of the second")
        #expect(Self.sumIsTheBalance(t.app))
        try t.app.defaults.set(.int(30), forKey: SampleApp.creditsKey)
        #expect(t.app.earlierUnits(of: SampleApp.creditsKey) == 15 && Self.sumIsTheBalance(t.app))
        _ = try t.app.consume(.product(SampleApp.creditsKey), quantity: 16)
        // Raised again, the purchases the lowered balance hid are whole again: the list is
        // read against the balance, and written back only with the next change.
        #expect(Self.list(t.app) == ["\(first.id) \(ID.credits5) ×1 4/5", "\(second.id) \(ID.credits10) ×1 10/10"])
        #expect(Self.sumIsTheBalance(t.app))
    }

    /// A consumable of the generic app keeps a balance of its own: its purchases are counted
    /// in its units, and consuming it by product takes its oldest.
    @Test(arguments: StorageKind.allCases)
    func aConsumableWithItsOwnBalanceListsItsUnits(kind: StorageKind) throws {
        let generic = AppDescription(name: "Generic", productIdentifiers: [ID.credits5, ID.credits10])
        let t = try Self.harness(kind, appDescription: generic)
        let first = try t.buy(ID.credits5, quantity: 3)
        let second = try t.buy(ID.credits5)
        #expect(Self.list(t.app) == ["\(first.id) \(ID.credits5) ×3 3/3", "\(second.id) \(ID.credits5) ×1 1/1"])
        let events = try t.app.consume(.product(ID.credits5), quantity: 2)
        #expect(events.map { $0.text(app: generic, errors: { "\($0)" }) }
            == ["\(first.id) consumed  \(ID.credits5) -2 (balance 2)  (1 left unconsumed)"])
        #expect(t.app.balance(of: ID.credits5) == 2)
        try t.hear { try $0.refundTransaction(second.id) }
        try t.queue.tick()
        #expect(t.app.events.last == .revoked(try t.transaction(second.id), .units(ID.credits5, taken: 1, balance: 1)))
        #expect(Self.list(t.app) == ["\(first.id) \(ID.credits5) ×3 1/3"])
    }

    /// Killed after delivering, before finishing: the transaction comes back and is finished
    /// without a second entry or a second balance.
    @Test func aRedeliveredPurchaseIsListedOnce() throws {
        let t = try Harness { $0.finishTransactions = false }
        let bought = try t.buy(ID.credits5)
        try t.set { $0.finishTransactions = true }
        let relaunched = try t.relaunched()
        #expect(relaunched.app.events.contains { if case .alreadyDelivered(let t) = $0 { t.id == bought.id } else { false } })
        #expect(Self.list(relaunched.app) == ["\(bought.id) \(ID.credits5) ×1 5/5"])
        #expect(relaunched.app.credits == 5)
    }

    static let damaged: [(json: String, location: String)] = [
        (#"{"unconsumedPurchases": "lots"}"#, "$.unconsumedPurchases"),
        (#"{"unconsumedPurchases": [7]}"#, "$.unconsumedPurchases[0]"),
        (#"{"unconsumedPurchases": [{"transactionID": 1}]}"#, "$.unconsumedPurchases[0].transactionID"),
        (#"{"unconsumedPurchases": [{"transactionID": "1", "productID": "p", "quantity": 1, "purchaseDate": "soon", "delivered": 5, "remaining": 5}]}"#,
         "$.unconsumedPurchases[0].purchaseDate"),
        (#"{"unconsumedPurchases": [{"transactionID": "1", "productID": "p", "quantity": 1, "purchaseDate": "2030-01-01T00:00:00Z", "delivered": 5, "remaining": 6}]}"#,
         "$.unconsumedPurchases[0].remaining"),
        (#"{"unconsumedPurchases": [{"transactionID": "1", "productID": "p", "quantity": 1, "purchaseDate": "2030-01-01T00:00:00Z", "delivered": 5, "remaining": -1}]}"#,
         "$.unconsumedPurchases[0].remaining"),
        (#"{"unconsumedPurchases": [{"transactionID": "1", "productID": "p", "quantity": 1, "purchaseDate": "2030-01-01T00:00:00Z", "delivered": 5, "remaining": 5}, {"transactionID": "1", "productID": "p", "quantity": 1, "purchaseDate": "2030-01-01T00:00:00Z", "delivered": 5, "remaining": 5}]}"#,
         "$.unconsumedPurchases[1].transactionID"),
    ]

    /// A damaged list is refused by its path before anything is bought, consumed or
    /// delivered, and the file is left as it is.
    @Test(arguments: damaged.indices)
    func aDamagedListIsRefusedByNameAndNeverOverwritten(index: Int) throws {
        let (json, location) = Self.damaged[index]
        let t = try Harness(launch: false)
        try Data(json.utf8).write(to: t.app.defaults.url)
        try t.app.defaults.reload()
        let error = try #require(throws: DataFileError.self) { try t.app.launch() }
        #expect(error.location == location)
        #expect(error.path == t.app.defaults.url.path)
        #expect(throws: DataFileError.self) { try t.app.consume(.product(SampleApp.creditsKey)) }
        #expect(throws: DataFileError.self) { try t.app.spendCredit() }
        #expect(throws: DataFileError.self) { try t.app.reloadChecked() }
        #expect(t.app.unconsumed.isEmpty, "read as none where it must be read at all")
        #expect(try String(contentsOf: t.app.defaults.url, encoding: .utf8) == json, "never overwritten")
    }
}
