import Foundation

/// Promotional offers: what the App Store checks of a payment that carries one, and the offer
/// the purchase is completed with. Apple offers them to customers who have or had a
/// subscription in the group (existing and lapsed subscribers).
extension StoreWorkingSet {
    /// How long a signature is good for after the time it was signed at (store time).
    public static let promotionalOfferSignatureLifetime: TimeInterval = 24 * 3600

    /// Why the store refuses `payment`'s promotional offer, in the order StoreKit reports
    /// them: missing fields (13), an offer the product does not have (11), a signature not
    /// the app's key's, older than 24 hours, or whose nonce was used before (12), a customer
    /// who never subscribed in the group (18), an offer dearer than the product now is (14).
    /// nil when the offer may be bought. `check`: the signature checked with the app's key.
    package func promotionalOfferRefusal(_ payment: Payment, check: PromotionalOfferSignatureCheck?, account: String,
                                         catalog: Catalog, now: Date) -> StoreError? {
        guard let discount = payment.discount else { return nil }
        guard let check, check.outcome != .missingParams, !discount.offerID.isEmpty else { return StoreError(.missingOfferParams) }
        guard let entry = catalog.product(payment.productID), entry.type == .autoRenewable,
              let offer = entry.subscription?.promotionalOffers.first(where: { $0.name == discount.offerID }),
              let group = entry.subscriptionGroupID else { return StoreError(.invalidOfferIdentifier) }
        let expired = now.timeIntervalSince(check.signedAt) > Self.promotionalOfferSignatureLifetime
        if check.outcome != .verified || expired || promotionalOfferRedemptions.contains(where: { $0.nonce == check.nonce }) {
            return StoreError(.invalidSignature)
        }
        guard status(of: account, group: group) != nil else { return StoreError(.ineligibleForOffer) }
        let storefront = settings.appStoreStorefront
        if let price = entry.price(in: storefront, changes: priceChanges), offer.price(in: storefront) > price {
            return StoreError(.invalidOfferPrice)
        }
        return nil
    }

    /// `t`, bought with `payment`'s promotional offer: its nonce is used up, and the offer
    /// waits for the purchase to complete. Redemptions signed more than 24 hours ago, whose
    /// nonces no signature can use again, go unless their purchase still waits.
    package mutating func redeemPromotionalOffer(_ payment: Payment, check: PromotionalOfferSignatureCheck, by t: Transaction, now: Date) {
        let waiting = Set(transactions.filter { !$0.queueState.finished }.map(\.id))
        promotionalOfferRedemptions.removeAll {
            now.timeIntervalSince($0.signedAt) > Self.promotionalOfferSignatureLifetime && !waiting.contains($0.transactionID)
        }
        guard let offerID = payment.discount?.offerID else { return }
        promotionalOfferRedemptions.append(PromotionalOfferRedemption(nonce: check.nonce, transactionID: t.id, offerID: offerID,
                                                                      signedAt: check.signedAt))
    }

    /// The promotional offer `t` was bought with, as the catalog has it.
    func promotionalOffer(of t: Transaction, catalog: Catalog) -> SubscriptionOffer? {
        guard let redeemed = promotionalOfferRedemptions.last(where: { $0.transactionID == t.id }) else { return nil }
        return catalog.product(t.productID)?.subscription?.promotionalOffers.first { $0.name == redeemed.offerID }
    }
}
