import DataFiles
import Foundation
import StoreKitSim

/// Consumables the app delivered and the user has not consumed yet, per purchase, as TOAST
/// IAP's unconsumed purchases: delivery adds one (with its balance, in the write that notes
/// the transaction delivered), consuming is an explicit step that takes units away (with the
/// balance, in one write), a refund takes that purchase's units first. The balances stay what
/// the app shows; the list says which purchases they are made of (`UnconsumedLedger`).
extension SampleApp {
    /// The unconsumed purchases, oldest first, in UserDefaults.json.
    public static let unconsumedKey = "unconsumedPurchases"

    /// The unconsumed purchases, oldest first.
    public var unconsumed: [UnconsumedPurchase] { ledger(defaults.values).purchases }

    /// The part of a balance (`creditsKey`, or a consumable's own) no listed purchase
    /// accounts for: what the app held before it kept the list, or a hand edit's.
    public func earlierUnits(of balanceKey: String) -> Int { ledger(defaults.values).earlier(balanceKey) }

    /// The balance a consumable's delivery adds to: the app's credits, or its own.
    public func balanceKey(of productID: String) -> String { ledger(defaults.values).balanceKey(of: productID) }

    /// Reads UserDefaults.json as it is now and checks the app's values (a damaged list or
    /// balance is refused by name) before anything is shown or consumed.
    public func reloadChecked() throws {
        try defaults.reloadIfChanged()
        try checkOwnValues()
    }

    func ledger(_ values: [String: JSONValue]) -> UnconsumedLedger {
        UnconsumedLedger(values: values, app: appDescription)
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
    static func storedUnconsumed(_ values: [String: JSONValue]) -> [UnconsumedPurchase] {
        guard case .array(let items)? = values[unconsumedKey] else { return [] }
        return items.compactMap { try? UnconsumedPurchase.parse($0).get() }
    }
}
