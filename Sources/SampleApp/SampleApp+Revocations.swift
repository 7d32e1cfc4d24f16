import DataFiles
import Foundation
import StoreKitSim

/// What the app took back when it heard of a refund.
public enum TakeBack: Equatable, Sendable {
    /// A non-consumable locked again.
    case locked(String)
    /// The app's credits: as many as the balance allowed (never below 0).
    case credits(taken: Int, balance: Int)
    /// A consumable with a balance of its own.
    case units(String, taken: Int, balance: Int)
    /// A subscription (auto-renewable or not) ended at the refund.
    case ended(String)
}

/// Refunds and Family Sharing revocations, as an app hears them (StoreKit 2's Transaction.updates
/// with a `revocationDate`; SK1's paymentQueue(_:didRevokeEntitlementsForProductIdentifiers:)):
/// the app takes back what the purchase gave, once. The refunds it acted on are noted in
/// UserDefaults.json in the same write as what it took back, with how far it read the store's
/// events, so a relaunch, a kill or a second reading never takes back twice.
extension SampleApp {
    /// The refunded transactions the app took back.
    public static let takenBackKey = "revokedTransactionsTakenBack"
    /// The last store event the app read for refunds.
    public static let revocationCursorKey = "storeEventsReadForRefunds"

    public var takenBack: [String] {
        guard case .array(let values)? = defaults.values[Self.takenBackKey] else { return [] }
        return values.compactMap(\.stringValue)
    }

    /// Reads the refunds the store made since the app last looked (another terminal's, a
    /// walkthrough's, the panel's) and takes back what each gave the signed-in account.
    func takeBackRefunds() throws {
        let persisted = Int64(defaults.integer(forKey: Self.revocationCursorKey))
        let cursor = max(revocationCursor ?? persisted, persisted)
        let events = try queue.store.storage.events(after: cursor, limit: nil)
        guard let last = events.last?.id else { return }
        let account = queue.settings.account
        // A family member's shared purchase revoked is taken back the same way, once.
        let refunds = events.filter { ($0.kind == .refunded || $0.kind == .familyRevoked) && $0.account == account && account != nil }
        var seen = Set(takenBack)
        let fresh = refunds.compactMap(\.transactionID).filter { seen.insert($0).inserted }
        guard !fresh.isEmpty else {
            revocationCursor = last
            return
        }
        try defaults.reloadIfChanged()
        try checkOwnValues()
        var values = defaults.values
        var written: [String: JSONValue?] = [:]
        var taken: [(Transaction, TakeBack)] = []
        for id in fresh {
            guard let t = try queue.store.storage.transaction(id), let date = t.revocationDate,
                  let product = catalog.product(t.productID) else { continue }
            // Family Sharing revoked one of two shares of it: the other still gives it.
            if t.revocationType == .familyRevoke, entitlement(of: product) == .unlock, queue.records.owns(product.id) { continue }
            let (changes, takeBack) = self.changes(takingBack: t, of: product, at: date, over: values)
            values.merge(changes) { $1 }
            for (key, value) in changes { written[key] = value }
            taken.append((t, takeBack))
        }
        written[Self.takenBackKey] = .array((takenBack + fresh).map(JSONValue.string))
        written[Self.revocationCursorKey] = .int(Int(last))
        try defaults.set(written)
        revocationCursor = last
        for (t, takeBack) in taken { record(.revoked(t, takeBack)) }
    }

    /// The values taking back `transaction` sets on top of `values`.
    private func changes(takingBack t: Transaction, of product: CatalogProduct, at date: Date,
                         over values: [String: JSONValue]) -> ([String: JSONValue], TakeBack) {
        let entitlement = entitlement(of: product)
        switch entitlement {
        case .unlock:
            return ([product.id: .bool(false)], .locked(product.id))
        case .credits, .units:
            // The purchase's own unconsumed units first, then what is left of the balance.
            var ledger = ledger(values)
            let given = (entitlement.unitsPerPurchase ?? 1).multipliedSaturating(by: t.quantity)
            let (taken, balance) = ledger.takeBack(t.id, productID: product.id, given: given)
            let takeBack = entitlement == .units ? TakeBack.units(product.id, taken: taken, balance: balance)
                : .credits(taken: taken, balance: balance)
            return (ledger.changes, takeBack)
        case .subscription, .pass:
            // Access ends at the refund (a pass extended by later purchases ends with it too).
            let expiry = values[product.id]?.stringValue.flatMap(JSONCoding.parse)
            guard let expiry, expiry > date else { return ([:], .ended(product.id)) }
            return ([product.id: .string(JSONCoding.format(date))], .ended(product.id))
        }
    }
}
