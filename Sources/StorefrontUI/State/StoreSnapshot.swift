import Foundation
import SampleApp
import AppStoreCore
import StoreKitSim

/// What the app knows at one moment, copied out of the engine so that update and the
/// views are pure functions of plain values.
public struct StoreSnapshot: Equatable, Sendable {
    public var settings = Settings()
    /// The products request's answer, or its error (network down); nil while it loads. Kept by
    /// `update` from the request's answers (`Action.productsAnswered`), not made from the store.
    public var products: Result<ProductsResponse, StoreError>?
    /// A products request is on its way: the first, or a retry while the products stay.
    public var isRequestingProducts = false
    /// A purchase or restore waiting for the side button (hold on).
    public var awaitingSideButton: PaymentQueue.SideButtonRequest?
    public var premiumUnlocked = false
    public var credits = 0
    /// Units of each consumable that keeps a balance of its own (the generic app's).
    public var balances: [String: Int] = [:]
    /// Non-consumables the app has delivered.
    public var unlocked: Set<String> = []
    /// Subscription expiries the app stored, by product id.
    public var subscriptionExpiries: [String: Date] = [:]
    /// The consumables delivered and not consumed yet, oldest first (`u`).
    public var unconsumed: [UnconsumedPurchase] = []
    /// Each balance's part no listed purchase accounts for, where there is one.
    public var earlierUnits: [String: Int] = [:]
    public var pendingApprovals: [Transaction] = []
    public var interruptions: [Transaction] = []
    public var queue: [Transaction] = []
    /// The accounts used on this store, the last used first (`StoreWorkingSet.accountsByLastUse`).
    public var accounts: [String] = []
    /// Products the account has bought at least once.
    public var purchasedProducts: Set<String> = []
    /// The subscriptions whose purchase now would start with their free trial, as the store decides.
    /// Store time is real time: no faster rate, never advanced. Otherwise the header shows it.
    public var isRealTime = true
    /// Where the store's catch-up has got to, once it has taken longer than a moment
    /// (`StorefrontRuntime.catchUpShownAfter`); nil when it is not behind.
    public var catchUp: PaymentQueue.CatchUp?
    /// The products a purchase of which now starts with their introductory offer.
    public var introOfferProducts: Set<String> = []
    /// The offers the account may choose buying each subscription outside the app, besides
    /// none (`StoreWorkingSet.outsidePurchaseOffers`).
    public var outsideOffers: [String: [OutsidePurchaseTerms.Offer]] = [:]
    /// What the store's records say this account owns, and until when (non-consumables for
    /// ever). The app may not know it (its data deleted): buying again is refused, and
    /// restoring brings it back.
    public var ownedAtStore: [String: Date] = [:]
    /// Products the store refuses to sell this account now, before any sheet
    /// (`StoreWorkingSet.purchaseRefusal`: the plan it has and keeps, or the one a waiting
    /// downgrade already renews to).
    public var refusedPurchases: Set<String> = []
    /// The signed-in account's subscription in each group it subscribed to, as the store keeps
    /// it (StoreKit 2's `Product.SubscriptionInfo.Status`): what rows, the detail pane and
    /// Manage Subscriptions say of a plan.
    public var subscriptions: [SubscriptionStatus] = []
    /// The groups whose free trial runs (`StoreWorkingSet.isInFreeTrial`): the status reads
    /// as a trial, and Manage Subscriptions offers Cancel Free Trial.
    public var freeTrialGroups: Set<String> = []
    /// What each group's current plan charges per period, by group id
    /// (`StoreWorkingSet.periodPrice`): the price the store charges, not the one the products
    /// request answered at launch.
    public var periodPrices: [String: Decimal] = [:]
    /// What the store charges now for each auto-renewable plan where the account is, by product
    /// id: a price changed since the products request answered at launch counts.
    public var storePrices: [String: Decimal] = [:]
    /// The next renewal's terms, by group id, where it goes on with a pay-as-you-go offer
    /// (`StoreWorkingSet.nextRenewal`): the offer's price, before the plan's.
    public var offerRenewals: [String: RenewalTerms] = [:]
    /// The price each plan renews at once its subscriber agrees to a price increase, by
    /// product id, while the increase waits for consent or is agreed: what the consent message
    /// asks about, and what the renewal charges once agreed.
    public var consentPrices: [String: Decimal] = [:]

    /// Purchases App Store product pages started for this account, waiting for the app.
    public var purchaseIntents: [PurchaseIntent] = []
    /// Every account's refund requests, answered or waiting (the Transaction Manager answers
    /// any; the refund request sheet is the signed-in account's, one per transaction).
    public var refundRequests: [RefundRequest] = []
    /// By product, the signed-in account's latest purchase a refund can be asked of: completed,
    /// finished by the app, not refunded.
    public var refundablePurchases: [String: Transaction] = [:]
    /// Family Sharing: every family, the purchases not shared, and the products the signed-in
    /// account has through another member's purchase.
    public var families: [Family] = []
    public var sharingStops: [SharingStop] = []
    public var familyShared: Set<String> = []

    /// Changes whenever the store's records may have changed (its storage's change token):
    /// what a page read from the store (the Transaction Manager's) is read again on.
    public var storeVersion = ""

    public init() {}

    public var loadedProducts: ProductsResponse? {
        if case .success(let response) = products { return response }
        return nil
    }

    public var productsError: StoreError? {
        if case .failure(let error) = products { return error }
        return nil
    }

    /// The products request has not answered yet.
    public var isLoadingProducts: Bool { products == nil || isRequestingProducts }

    public func product(_ id: String) -> Product? {
        loadedProducts?.products.first { $0.id == id }
    }

    /// The products and the request on its way as `other` has them: what a snapshot made from
    /// the store takes of the state it replaces.
    public mutating func keepProducts(of other: StoreSnapshot) {
        products = other.products
        isRequestingProducts = other.isRequestingProducts
    }

    /// The requests the approvals panel lists, in its order: Ask to Buy, then interrupted.
    public var waitingRequests: [Transaction] { pendingApprovals + interruptions }

    public func storeOwns(_ id: String, now: Date) -> Bool {
        (ownedAtStore[id] ?? .distantPast) > now
    }

    /// Whether buying `id` now starts with its introductory offer (StoreWorkingSet.introOfferApplies).
    public func introOfferApplies(_ id: String) -> Bool {
        introOfferProducts.contains(id)
    }

    /// The signed-in account's status in `groupID`.
    public func subscription(inGroup groupID: String) -> SubscriptionStatus? {
        SubscriptionStatus.deciding(subscriptions).first { $0.groupID == groupID }
    }

    public func isSubscribed(_ id: String, now: Date) -> Bool {
        (subscriptionExpiries[id] ?? .distantPast) > now
    }
}
