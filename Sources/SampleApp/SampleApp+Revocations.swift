import DataFiles
import Foundation
import AppStoreCore
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
        // With no revocation of this account's, the store's cursor is left as it is (a read
        // needs no write): this run remembers how far it read. Otherwise the cursor moves past
        // them once they are taken back (or were, before a kill), so none is told again.
        if !unheard.events.isEmpty {
            try takeBack(unheard.events)
            try queue.heardRevocations(through: last)
        }
        revocationCursor = last
    }

    /// Takes back what each revoked or deleted transaction (`.revoked`, `.deleted`; other
    /// events are not the queue's revocations) not yet taken back gave, noting them in the same
    /// write. Returns whether anything was new.
    @discardableResult
    func takeBack(_ revocations: [PaymentQueueEvent]) throws -> Bool {
        var seen = Set(takenBack)
        let fresh = revocations.filter { event in
            switch event {
            case .revoked(let t): seen.insert(t.id).inserted
            case .deleted(let d): seen.insert(d.id).inserted
            default: false
            }
        }
        guard !fresh.isEmpty else { return false }
        // Reloaded first even for a deletion that takes nothing back: what it reads must be
        // what the file holds now.
        try defaults.reloadIfChanged()
        try checkOwnValues()
        var values = defaults.values
        var written: [String: JSONValue?] = [:]
        var taken: [AppEvent] = []
        var ids: [String] = []
        // A child deleted with its original transaction: the original's deletion is the one
        // that ends the subscription, and the app's line names it.
        let deletedNow = Set(fresh.compactMap { if case .deleted(let d) = $0 { d.id } else { nil } })
        for event in fresh {
            switch event {
            case .revoked(let t):
                ids.append(t.id)
                guard let date = t.revocationDate, let product = catalog.product(t.productID) else { continue }
                // Family Sharing revoked one of two shares of it: the other still gives it.
                if t.revocationType == .familyRevoke, entitlement(of: product) == .unlock, queue.records.owns(product.id) { continue }
                let (changes, takeBack) = self.changes(takingBack: t, of: product, at: date, over: values)
                values.merge(changes) { $1 }
                for (key, value) in changes { written[key] = value }
                taken.append(.revoked(t, takeBack))
            case .deleted(let d) where d.originalID.map(deletedNow.contains) == true:
                continue
            case .deleted(let d):
                // Noted only when it took something back: a deletion the app keeps everything of
                // writes nothing.
                guard let product = catalog.product(d.productID), let ended = ending(d, of: product, over: values) else { continue }
                ids.append(d.id)
                for (key, value) in ended.changes {
                    values[key] = value
                    written[key] = value
                }
                taken.append(.deleted(d, ended.takeBack))
            default:
                continue
            }
        }
        guard !ids.isEmpty else { return false }
        written[Self.takenBackKey] = .array((takenBack + ids).map(JSONValue.string))
        try defaults.set(written)
        for event in taken { record(event) }
        return true
    }

    /// The values ending a subscription `deleted` was a transaction of, set on top of `values`,
    /// and what that takes back; nil when nothing ends. The app's auto-renewable plans follow
    /// the store's statuses (`syncSubscriptions`), and a subscription deleted has none left to
    /// follow: access ends at the deletion once the account holds no status of its group (a
    /// renewal deleted leaves the subscription on the periods left, and its status says how long
    /// access lasts). Anything else the app keeps, as it keeps what it delivered when the App
    /// Store's side deletes a purchase.
    private func ending(_ deleted: DeletedTransaction, of product: CatalogProduct,
                        over values: [String: JSONValue]) -> (changes: [String: JSONValue?], takeBack: TakeBack)? {
        guard entitlement(of: product) == .subscription, values[product.id] != nil,
              !queue.subscriptionStatuses().contains(where: { $0.groupID == product.subscriptionGroupID }) else { return nil }
        // No status: nothing left to say where it stands. Ended already (the subscription's
        // other transactions deleted with it), nothing more is taken back.
        var changes: [String: JSONValue?] = [:]
        if values[Self.stateKey(product.id)] != nil { changes[Self.stateKey(product.id)] = .some(nil) }
        if let expiry = values[product.id]?.stringValue.flatMap(JSONCoding.parse), expiry > deleted.date {
            changes[product.id] = .string(JSONCoding.format(deleted.date))
        }
        return changes.isEmpty ? nil : (changes, .ended(product.id))
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
