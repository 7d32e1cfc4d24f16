import DataFiles
import Foundation
import AppStoreCore
import StoreKitSim

/// UserDefaults.json can be edited by anyone with the file; the signed transactions cannot.
/// At launch and after every update the app compares what the file claims with the signed-in
/// account's verified purchases (StoreKit 2's `Transaction.currentEntitlements`, and
/// `Transaction.all` for consumables) and its subscriptions' statuses, product type by product
/// type (`Entitlement`), and writes back what they say where the file claims more.
///
/// The check only ever lowers a claim to what the signed transactions allow, so nothing
/// bought is taken away: a purchase that stands (a family-shared one too) allows what it
/// gave, and so does one the App Store's side deleted (the app keeps what it delivered of it);
/// a refund has taken back its part already. Credits are bounded by the units the
/// verified purchases delivered (finished, or noted as delivered and not finished yet): the
/// spending is the app's own note in the same file, so the check trusts no spending and
/// corrects only a balance above everything delivered. A claim
/// that any unverified purchase stands behind is left as it is (the app cannot tell), as is
/// everything while nobody is signed in or the subscriptions' statuses cannot be read.
extension SampleApp {
    /// The check after the queue's events: run again only when the file was read again since
    /// (someone else wrote it: what the app writes itself comes from verified transactions).
    func checkClaimsAfterEvents() {
        guard handlesTransactions else { return }
        // A hand edit is noticed at the next update; a file that cannot be read is told by
        // whoever reads it next, once.
        try? defaults.reloadIfChanged()
        guard claimsCheckedRead != defaults.readGeneration else { return }
        do {
            try checkClaims()
        } catch {
            // Told once, not at every update until the file changes.
            claimsCheckedRead = defaults.readGeneration
            record(.problem(AppProblem(error)))
        }
    }

    /// Compares the file with the signed transactions and corrects it in one write, each
    /// correction logged.
    func checkClaims() throws {
        guard queue.records.settings.account != nil else { return }
        try defaults.reloadIfChanged()
        try checkOwnValues()
        let corrections = try claimCorrections(over: defaults.values)
        if !corrections.isEmpty {
            var changes: [String: JSONValue?] = [:]
            for correction in corrections { changes.merge(correction.changes) { $1 } }
            try defaults.set(changes)
            for correction in corrections { record(.corrected(correction.claim)) }
        }
        claimsCheckedRead = defaults.readGeneration
    }

    private struct Correction {
        var claim: ClaimCorrection
        var changes: [String: JSONValue?]
    }

    /// What `values` claim beyond the signed transactions, by product type, in catalog order.
    private func claimCorrections(over values: [String: JSONValue]) throws -> [Correction] {
        let bought = catalog.products.filter { $0.type != .autoRenewable }
        let purchases = Dictionary(grouping: try queue.purchases(of: Set(bought.map(\.id))), by: \.unsafePayloadValue.productID)
        // The app keeps what it delivered of a purchase the App Store's side deleted.
        let deleted = Dictionary(grouping: try queue.deletedPurchases(), by: \.productID)
        // Behind a claim only verified purchases count; an unverified one leaves it unjudged.
        func judged(_ ids: [String]) -> [Transaction]? {
            let results = ids.flatMap { purchases[$0] ?? [] }
            guard results.allSatisfy({ $0.verificationError == nil }) else { return nil }
            return results.map(\.unsafePayloadValue) + ids.flatMap { deleted[$0] ?? [] }
        }
        let statuses = try? queue.loadSubscriptionStatuses()
        let now = queue.now
        var corrections: [Correction] = []
        var balancesChecked: Set<String> = []
        for product in catalog.products {
            let id = product.id
            switch entitlement(of: product) {
            case .unlock:
                guard values[id] == .bool(true), let signed = judged([id]), signed.isEmpty else { continue }
                corrections.append(Correction(claim: ClaimCorrection(key: id, claimed: .bool(true), signed: .bool(false)),
                                              changes: [id: .bool(false)]))
            case .credits, .units:
                let key = appDescription.balanceKey(of: id)
                guard balancesChecked.insert(key).inserted, let claimed = values[key]?.intValue else { continue }
                let products = catalog.products.filter { $0.type == .consumable && appDescription.balanceKey(of: $0.id) == key }
                guard let signed = judged(products.map(\.id)) else { continue }
                // What the packs delivered: the app finishes a purchase once delivered, and notes
                // the delivered ones it has not finished yet.
                let delivered = Set(deliveredUnfinished)
                let deletedIDs = Set(products.flatMap { deleted[$0.id] ?? [] }.map(\.id))
                let allowed = signed.filter { $0.queueState.finished || delivered.contains($0.id) || deletedIDs.contains($0.id) }
                    .reduce(0) { sum, t in
                    let perUnit = catalog.product(t.productID).flatMap { entitlement(of: $0).unitsPerPurchase } ?? 1
                    return sum.addingSaturating(perUnit.multipliedSaturating(by: t.purchasedQuantity))
                }
                guard claimed > allowed else { continue }
                // The unconsumed list trimmed to the balance, as a balance lowered by hand is.
                var lowered = values
                lowered[key] = .int(allowed)
                var changes: [String: JSONValue?] = ledger(lowered).changes.mapValues { $0 }
                changes[key] = .int(allowed)
                // No list before, none after: none written.
                if values[Self.unconsumedKey] == nil, changes[Self.unconsumedKey] == .some(.array([])) {
                    changes.removeValue(forKey: Self.unconsumedKey)
                }
                corrections.append(Correction(claim: ClaimCorrection(key: key, claimed: .int(claimed), signed: .int(allowed)),
                                              changes: changes))
            case .subscription:
                // The statuses say how long a plan lasts (`syncSubscriptions`); a plan with none
                // in its group was never bought, or not by this account.
                guard let statuses, let claimed = values[id], let until = claimed.stringValue.flatMap(JSONCoding.parse),
                      until > now, !statuses.contains(where: { $0.groupID == product.subscriptionGroupID }) else { continue }
                let removed: [String: JSONValue?] = [id: nil, Self.stateKey(id): nil]
                corrections.append(Correction(claim: ClaimCorrection(key: id, claimed: claimed, signed: nil), changes: removed))
            case .pass:
                // The app extends a pass itself: the latest end its verified purchases reach.
                guard let claimed = values[id], let until = claimed.stringValue.flatMap(JSONCoding.parse), until > now,
                      let signed = judged([id]) else { continue }
                let allowed = signed.reduce(nil as Date?) { end, t in
                    appDescription.nonRenewingExpiry(product, boughtAt: t.queueState.transactionDate, current: end)
                }
                guard until > (allowed ?? .distantPast) else { continue }
                let value = allowed.map { JSONValue.string(JSONCoding.format($0)) }
                corrections.append(Correction(claim: ClaimCorrection(key: id, claimed: claimed, signed: value),
                                              changes: [id: value]))
            }
        }
        return corrections
    }
}
