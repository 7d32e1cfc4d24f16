import DataFiles
import Foundation
import AppStoreCore

/// Consumables the app delivered and the user has not consumed yet, per purchase, as TOAST
/// IAP's unconsumed purchases: delivery adds one (with its balance, in the write that notes
/// the transaction delivered), consuming is an explicit step that takes units away (with the
/// balance, in one write), a refund takes that purchase's units first. The balances stay what
/// the app shows; the list says which purchases they are made of (`UnconsumedLedger`).
extension SampleApp {
    /// The unconsumed purchases, oldest first, in UserDefaults.json.
    public static let unconsumedKey = "unconsumedPurchases"

    /// The unconsumed purchases, oldest first.
    public var unconsumed: [UnconsumedPurchase] { reading.purchases }

    /// The part of a balance (`creditsKey`, or a consumable's own) no listed purchase
    /// accounts for: what the app held before it kept the list, or a hand edit's.
    public func earlierUnits(of balanceKey: String) -> Int {
        max(0, defaults.integer(forKey: balanceKey).subtractingSaturating(reading.units[balanceKey] ?? 0))
    }

    /// The balances the unconsumed purchases add to.
    public var unconsumedBalanceKeys: Dictionary<String, Int>.Keys { reading.units.keys }

    /// The balance a consumable's delivery adds to: the app's credits, or its own.
    public func balanceKey(of productID: String) -> String {
        appDescription.balanceKey(of: productID)
    }

    /// Reads UserDefaults.json as it is now and checks the app's values (a damaged list or
    /// balance is refused by name) before anything is shown or consumed.
    public func reloadChecked() throws {
        try defaults.reloadIfChanged()
        try checkOwnValues()
    }

    func ledger(_ values: [String: JSONValue]) -> UnconsumedLedger {
        UnconsumedLedger(values: values, stored: storedUnconsumed(values), app: appDescription)
    }

    /// The unconsumed purchases in UserDefaults.json as it is now, and the units they make up
    /// of each balance: read from the list once per change of the values, not at every look
    /// (the storefront looks at each refresh, and the list holds every pack not consumed yet).
    var reading: UnconsumedReading {
        if let cached = unconsumedReading, cached.generation == defaults.generation { return cached }
        let ledger = ledger(defaults.values)
        var units: [String: Int] = [:]
        for purchase in ledger.purchases {
            units[ledger.balanceKey(of: purchase.productID), default: 0] =
                units[ledger.balanceKey(of: purchase.productID), default: 0].addingSaturating(purchase.remaining)
        }
        let reading = UnconsumedReading(generation: defaults.generation, purchases: ledger.purchases, units: units)
        unconsumedReading = reading
        return reading
    }

    /// Consumes units of a purchase or a product, oldest first (TOAST IAP's
    /// `consumeWithPurchaseResult`): taken from the list and the balance in one write, so a
    /// kill leaves both as they were or both changed. Nothing is consumed when there are not
    /// that many (`ConsumeRefusal`).
    public func consume(_ target: ConsumeTarget, quantity: Int? = nil) throws -> [AppEvent] {
        try reloadChecked()
        if case .product(let id) = target, id != Self.creditsKey, catalog.product(id)?.type != .consumable {
            throw ConsumeRefusal.notUnconsumed(id)
        }
        var ledger = ledger(defaults.values)
        let taken = try ledger.consume(target, quantity: quantity)
        try defaults.set(ledger.changes)
        return taken.map { record(.consumed($0)) }
    }

    /// Uses one credit: the oldest there is (`consume(.product(creditsKey))`). Returns whether
    /// there was one to spend.
    public func spendCredit() throws -> (spent: Bool, events: [AppEvent]) {
        do {
            return (true, try consume(.product(Self.creditsKey), quantity: 1))
        } catch ConsumeRefusal.notEnough {
            return (false, [])
        }
    }

    /// Entries as written, in order; one that cannot be read is left out (`UserDefaultsRules`
    /// refuses the file before anything is written over it).
    func storedUnconsumed(_ values: [String: JSONValue]) -> [UnconsumedLedger.Entry] {
        guard case .array(let items)? = values[Self.unconsumedKey] else { return [] }
        return zip(unconsumedParses.parse(items), items).compactMap { parsed, item in
            (try? parsed.get()).map { UnconsumedLedger.Entry(purchase: $0, json: item) }
        }
    }
}

/// What `SampleApp.reading` read, and from which of the values' generations.
struct UnconsumedReading {
    var generation: Int
    var purchases: [UnconsumedPurchase]
    /// Each balance's units in the listed purchases.
    var units: [String: Int]
}

/// The list's entries as last parsed: an entry that is the same value as then, where it was or
/// one place on (a purchase appended, one consumed or changed), is not parsed again. A list of
/// a thousand packs is read at each write of UserDefaults.json, and each write changes one entry.
struct UnconsumedParseCache {
    private var items: [JSONValue] = []
    private var parsed: [Result<UnconsumedPurchase, UnconsumedPurchase.FieldProblem>] = []
    /// Entries parsed so far, over every read: what a read costs, for the tests.
    private(set) var entriesParsed = 0

    mutating func parse(_ items: [JSONValue]) -> [Result<UnconsumedPurchase, UnconsumedPurchase.FieldProblem>] {
        var result: [Result<UnconsumedPurchase, UnconsumedPurchase.FieldProblem>] = []
        result.reserveCapacity(items.count)
        var old = 0
        for item in items {
            if old < self.items.count, self.items[old] == item {
                result.append(parsed[old])
                old += 1
            } else if old + 1 < self.items.count, self.items[old + 1] == item {
                result.append(parsed[old + 1])
                old += 2
            } else {
                result.append(UnconsumedPurchase.parse(item))
                entriesParsed += 1
            }
        }
        self.items = items
        parsed = result
        return result
    }
}
