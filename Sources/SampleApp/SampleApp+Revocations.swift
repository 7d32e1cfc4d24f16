import DataFiles
import Foundation
import AppStoreCore

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
    /// An auto-renewable subscription's period that had ended already: what it gave was
    /// given, and the subscription goes on (or ended) as it was.
    case pastPeriod(String)
}

/// Refunds and Family Sharing revocations, as an app hears them (StoreKit 2's Transaction.updates
/// with a `revocationDate`; SK1's paymentQueue(_:didRevokeEntitlementsForProductIdentifiers:)):
/// the queue tells them (`PaymentQueue.unheardRevocations`), read with the app's cursor on the
/// store's events, and the app takes back what the purchase gave, once.
///
/// Exactly once, though UserDefaults.json and store.sqlite cannot share a transaction: the
/// transactions taken back are noted in UserDefaults.json in the same write as what was taken
/// back, and only then does the app's cursor in the store move past them. A kill between the
/// two hears them again, and the note skips them; a kill before the write took back nothing.
extension SampleApp {
    /// The revoked transactions the app took back.
    public static let takenBackKey = "revokedTransactionsTakenBack"
    /// How far the app read the store's events for refunds, as it kept it before the store kept
    /// the app's cursor: honoured (no refund taken back twice), never written again.
    public static let revocationCursorKey = "storeEventsReadForRefunds"

    public var takenBack: [String] {
        guard case .array(let values)? = defaults.values[Self.takenBackKey] else { return [] }
        return values.compactMap(\.stringValue)
    }

    /// Hears the revocations the store made since the app last heard (another terminal's, a
    /// walkthrough's, the panel's) and takes back what each gave the signed-in account.
    func takeBackRefunds() throws {
        let adopted = Int64(defaults.integer(forKey: Self.revocationCursorKey))
        let unheard = try queue.unheardRevocations(after: max(revocationCursor ?? 0, adopted))
        guard let last = unheard.through else { return }
        let revoked = unheard.events.compactMap { event -> Transaction? in
            guard case .revoked(let t) = event else { return nil }
            return t
        }
        // With no revocation of this account's, the store's cursor is left as it is (a read
        // needs no write): this run remembers how far it read. Otherwise the cursor moves past
        // them once they are taken back (or were, before a kill), so none is told again.
        if !revoked.isEmpty {
            try takeBack(revoked)
            try queue.heardRevocations(through: last)
        }
        revocationCursor = last
    }

    /// Takes back what each revoked transaction not yet taken back gave, noting them in the
    /// same write. Returns whether anything was new.
    @discardableResult
    func takeBack(_ revoked: [Transaction]) throws -> Bool {
        var seen = Set(takenBack)
        let fresh = revoked.filter { seen.insert($0.id).inserted }
        guard !fresh.isEmpty else { return false }
        try defaults.reloadIfChanged()
        try checkOwnValues()
        var values = defaults.values
        var written: [String: JSONValue?] = [:]
        var taken: [(Transaction, TakeBack)] = []
        for t in fresh {
            guard let date = t.revocationDate, let product = catalog.product(t.productID) else { continue }
            // Family Sharing revoked one of two shares of it: the other still gives it.
            if t.revocationType == .familyRevoke, entitlement(of: product) == .unlock, queue.records.owns(product.id) { continue }
            let (changes, takeBack) = self.changes(takingBack: t, of: product, at: date, over: values)
            values.merge(changes) { $1 }
            for (key, value) in changes { written[key] = value }
            taken.append((t, takeBack))
        }
        written[Self.takenBackKey] = .array((takenBack + fresh.map(\.id)).map(JSONValue.string))
        try defaults.set(written)
        for (t, takeBack) in taken { record(.revoked(t, takeBack)) }
        return true
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
            let given = (entitlement.unitsPerPurchase ?? 1).multipliedSaturating(by: t.purchasedQuantity)
            let (taken, balance) = ledger.takeBack(t.id, productID: product.id, given: given)
            let takeBack = entitlement == .units ? TakeBack.units(product.id, taken: taken, balance: balance)
                : .credits(taken: taken, balance: balance)
            return (ledger.changes, takeBack)
        case .subscription where t.expirationDate.map { $0 <= date } == true:
            return ([:], .pastPeriod(product.id))
        case .subscription, .pass:
            // Access ends at the refund (a pass extended by later purchases ends with it too).
            let expiry = values[product.id]?.stringValue.flatMap(JSONCoding.parse)
            guard let expiry, expiry > date else { return ([:], .ended(product.id)) }
            return ([product.id: .string(JSONCoding.format(date))], .ended(product.id))
        }
    }
}
