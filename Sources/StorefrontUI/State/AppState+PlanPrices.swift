import Foundation
import AppStoreCore

/// A plan's price as the store charges it now, per its period: what the status of a plan
/// subscribed to reads (its charge, a free trial's "then", a price increase), rather than the price the products request
/// answered at launch.
extension AppState {
    /// "$5.99/month": `price` for each period of the plan `productID`, as the storefront writes it.
    func perPeriod(_ price: Decimal, of productID: String) -> String {
        let amount = storefront.format(price, locale: locale)
        guard let period = catalog.product(productID)?.subscription?.period else { return amount }
        return strings.sheet.perPeriod(amount, period)
    }

    /// What buying the plan `productID` charges per period now (`StoreSnapshot.storePrices`).
    func storeCharge(of productID: String) -> String? {
        snapshot.storePrices[productID].map { perPeriod($0, of: productID) }
    }

    /// What the current plan of `status`'s group charges per period (`StoreSnapshot.periodPrices`).
    func periodCharge(of status: SubscriptionStatus) -> String? {
        guard let price = snapshot.periodPrices[status.groupID] else { return nil }
        // A monthly plan charges a month at a time, whatever the plan's own period.
        if status.commitmentExpiresDate != nil, status.isLive {
            return strings.sheet.perPeriod(storefront.format(price, locale: locale), BillingPlan.monthlyBillingPeriod)
        }
        return perPeriod(price, of: status.productID)
    }

    /// The pay-as-you-go offer the next renewal of `status`'s group goes on with
    /// (`StoreSnapshot.offerRenewals`): its price per period ("$0.99/month"), and with the
    /// periods left at it ("$0.99/month for 2 months"); nil when the renewal charges the plan's price.
    /// `productID`: the plan the renewal is for, where not `status`'s own (an offer code
    /// waiting for a renewal to another plan is that plan's terms, not the current one's).
    func offerRenewal(of status: SubscriptionStatus, to productID: String? = nil) -> (charge: String, terms: String)? {
        guard let renewal = snapshot.offerRenewals[status.groupID], renewal.productID == productID ?? status.productID,
              let price = renewal.price else { return nil }
        return strings.renewalOffer(renewal, price: storefront.format(price, locale: locale))
    }

    /// What the next renewal of `status`'s group charges per period: an offer's price while it
    /// goes on, else the plan's.
    func renewalCharge(of status: SubscriptionStatus) -> String? {
        offerRenewal(of: status)?.charge ?? agreedPrice(of: status) ?? periodCharge(of: status)
    }

    /// The price a pending increase asks the subscriber to agree to, per period.
    func newPrice(of status: SubscriptionStatus) -> String? {
        guard status.priceIncreaseStatus == .pending else { return nil }
        return snapshot.consentPrices[status.autoRenewProductID].map { perPeriod($0, of: status.autoRenewProductID) }
    }

    /// The new price the subscriber agreed to, per period, until the renewal that charges it.
    func agreedPrice(of status: SubscriptionStatus) -> String? {
        guard status.priceIncreaseStatus == .agreed, status.willAutoRenew else { return nil }
        return snapshot.consentPrices[status.autoRenewProductID].map { perPeriod($0, of: status.autoRenewProductID) }
    }
}
