import Foundation
import SampleApp
import AppStoreCore
import StoreKitSim

/// What the app holds in its UserDefaults, as values: read by the runtime, handed to
/// `StoreSnapshot.make`.
public struct AppHoldings: Equatable, Sendable {
    public var premiumUnlocked = false
    public var credits = 0
    /// Units of each consumable that keeps a balance of its own (the generic app's).
    public var balances: [String: Int] = [:]
    /// Non-consumables the app has delivered.
    public var unlocked: Set<String> = []
    /// Subscription expiries the app stored, by product id.
    public var subscriptionExpiries: [String: Date] = [:]
    /// The consumables delivered and not consumed yet, oldest first.
    public var unconsumed: [UnconsumedPurchase] = []
    /// Each balance's part no listed purchase accounts for (`SampleApp.earlierUnits(of:)`), where there is one.
    public var earlierUnits: [String: Int] = [:]

    public init() {}

    /// What `app` holds now, for each product of `catalog`.
    public init(_ app: SampleApp, catalog: Catalog) {
        premiumUnlocked = app.premiumUnlocked
        credits = app.credits
        unconsumed = app.unconsumed
        var keys = Set(app.unconsumedBalanceKeys)
        if !app.appDescription.credits.isEmpty { keys.insert(SampleApp.creditsKey) }
        for product in catalog.products {
            switch app.entitlement(of: product) {
            case .units:
                balances[product.id] = app.balance(of: product.id)
                keys.insert(product.id)
            case .unlock:
                if app.isPurchased(product.id) { unlocked.insert(product.id) }
            case .subscription, .pass:
                subscriptionExpiries[product.id] = app.subscriptionExpiry(product.id)
            case .credits:
                break
            }
        }
        for key in keys {
            let earlier = app.earlierUnits(of: key)
            if earlier > 0 { earlierUnits[key] = earlier }
        }
    }
}

extension StoreSnapshot {
    /// The snapshot the views read: one pure function of the store's records, what the app
    /// holds, and the products request as the state has it (`update` keeps its own over any
    /// snapshot, `keepProducts(of:)`). `statuses`: the subscription statuses as the app asked
    /// for them, nil when asking failed (Subscription Status failing), in which case the app
    /// keeps those `previous` had, of the same account only.
    static func make(records: StoreWorkingSet, catalog: Catalog, holdings: AppHoldings, storeVersion: String,
                     products: Result<ProductsResponse, StoreError>?, isRequestingProducts: Bool,
                     awaitingSideButton: PaymentQueue.SideButtonRequest?, statuses: [SubscriptionStatus]?,
                     previous: StoreSnapshot, catchUp: PaymentQueue.CatchUp? = nil) -> StoreSnapshot {
        var snapshot = StoreSnapshot()
        snapshot.catchUp = catchUp
        snapshot.storeVersion = storeVersion
        snapshot.settings = records.settings
        snapshot.isRealTime = records.clock.runsAsRealTime(rate: records.settings.timeRate)
        snapshot.products = products
        snapshot.isRequestingProducts = isRequestingProducts
        snapshot.awaitingSideButton = awaitingSideButton
        snapshot.premiumUnlocked = holdings.premiumUnlocked
        snapshot.credits = holdings.credits
        snapshot.balances = holdings.balances
        snapshot.unlocked = holdings.unlocked
        snapshot.subscriptionExpiries = holdings.subscriptionExpiries
        snapshot.unconsumed = holdings.unconsumed
        snapshot.earlierUnits = holdings.earlierUnits
        snapshot.pendingApprovals = records.pendingApprovals
        snapshot.families = records.families
        snapshot.sharingStops = records.sharingStops
        // A subscription is shared while the family's status gives access (sharing stopped, it
        // is revoked); anything else while its shared purchase stands.
        snapshot.familyShared = Set(records.completedPurchases(of: records.settings.account)
            .filter { $0.isFamilyShared && catalog.product($0.productID)?.type != .autoRenewable }.map(\.productID))
        snapshot.interruptions = records.interruptions
        snapshot.queue = records.queue
        snapshot.purchaseIntents = records.waitingIntents
        snapshot.refundRequests = records.refundRequests
        // The receipt is in the order purchases were made: the latest of each product wins.
        // A family member's shared copy is the purchaser's to ask about.
        snapshot.refundablePurchases = Dictionary(records.completedPurchases(of: records.settings.account).filter(\.isRequestable).map { ($0.productID, $0) },
                                                  uniquingKeysWith: { $1 })
        snapshot.purchasedProducts = Set(records.completedPurchases(of: records.settings.account).map(\.productID))
        snapshot.accounts = records.accountsByLastUse
        let known = previous.settings.account == records.settings.account ? previous.subscriptions : []
        snapshot.subscriptions = statuses ?? known
        snapshot.familyShared.formUnion(snapshot.subscriptions.filter { $0.isFamilyShared && $0.givesAccess }.map(\.productID))
        snapshot.refusedPurchases = Set(catalog.products.map(\.id).filter { records.purchaseRefusal($0, catalog: catalog) != nil })
        snapshot.freeTrialGroups = Set(snapshot.subscriptions.filter(records.isInFreeTrial).map(\.groupID))
        for status in snapshot.subscriptions {
            snapshot.periodPrices[status.groupID] = records.periodPrice(of: status, catalog: catalog)
            if status.willAutoRenew, let terms = records.nextRenewal(of: status, catalog: catalog), terms.offer != nil {
                snapshot.offerRenewals[status.groupID] = terms
            }
        }
        for status in snapshot.subscriptions where status.priceIncreaseStatus != .noIncreasePending {
            snapshot.consentPrices[status.autoRenewProductID] = records.increasedPrice(of: status, catalog: catalog)
        }
        for product in catalog.products where product.subscriptionGroupID != nil {
            snapshot.storePrices[product.id] = product.price(in: records.settings.appStoreStorefront, changes: records.priceChanges)
        }
        snapshot.introOfferProducts = Set(catalog.products.map(\.id).filter { records.introOfferApplies($0, catalog: catalog) })
        for product in catalog.products {
            snapshot.ownedAtStore[product.id] = records.ownedUntil(product)
        }
        for product in catalog.products where product.type == .autoRenewable {
            snapshot.outsideOffers[product.id] = records.outsidePurchaseOffers(product.id, account: records.settings.account,
                                                                               catalog: catalog)
        }
        return snapshot
    }
}
