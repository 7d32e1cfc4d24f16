import Foundation
import Testing
@testable import AppStoreCore
@testable import StoreKitSim

/// The store-side operations (Xcode's SKTestSession), heard by the open app.
@Suite struct StoreAdminTests {
    @Test(arguments: StorageKind.allCases)
    func expireNowEndsAccessAtOnce(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        try t.buy(Plans.proMonthly)
        t.clock.advance(by: 60)
        try t.hear { try $0.expireSubscription(Plans.proMonthly, account: t.signedIn) }
        let status = try #require(try t.status)
        #expect(status.state == .expired && status.expirationReason == .unknown && status.expiresDate == t.queue.now)
        #expect(try t.records.ownedUntil(try #require(Plans.catalog.product(Plans.proMonthly))) == nil)
        #expect(t.queue.nextDueDate == nil, "nothing left to renew")
    }

    @Test(arguments: StorageKind.allCases)
    func aForcedRenewalReachesTheOpenApp(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let first = try t.buy(Plans.proMonthly)
        t.clock.advance(by: 3600)
        let events = try t.hear { try $0.forceRenewal(Plans.proMonthly, account: t.signedIn) }
        t.app.receive(events)
        let renewal = try #require(t.updates.last)
        #expect(renewal.reason == .renewal && renewal.originalID == first.id && renewal.queueState.transactionDate == t.queue.now)
        #expect(t.app.subscriptionExpiry(Plans.proMonthly) == Plans.month.added(to: renewal.queueState.transactionDate))
    }

    @Test(arguments: StorageKind.allCases)
    func autoRenewOffThenOnRenewsAsBefore(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let first = try t.buy(Plans.proMonthly)
        try t.hear { try $0.setAutoRenew(Plans.proMonthly, on: false, account: t.signedIn) }
        #expect(try t.status?.willAutoRenew == false)
        try t.hear { try $0.setAutoRenew(Plans.proMonthly, on: true, account: t.signedIn) }
        try t.advance(to: try #require(first.expirationDate), plus: 1)
        #expect(try t.status?.state == .subscribed)
        #expect(t.updates.last?.reason == .renewal)
        #expect(try t.storedEvents.map(\.kind).suffix(3) == [.autoRenewDisabled, .autoRenewEnabled, .renewed])
    }

    @Test(arguments: StorageKind.allCases)
    func aPriceIncreaseIsShownByTheProductsRequestAndCharged(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let first = try t.buy(Plans.proMonthly)
        try t.hear { try $0.requestPriceIncrease(Plans.proMonthly, price: 12, consentNeeded: true) }
        #expect(try t.status?.priceIncreaseStatus == .pending)
        #expect(try t.records.priceChanges == [PriceChange(productID: Plans.proMonthly, storefront: "USA", price: 12,
                                                             consentNeeded: true, date: t.queue.now)])
        var request = ProductsRequest(productIdentifiers: [Plans.proMonthly], store: t.store)
        try request.start()
        t.clock.advance(by: Harness.latency)
        let products = try #require(try request.response()).get().products
        #expect(products.first?.price == 12)

        try t.hear { try $0.agreeToPriceIncrease(Plans.proMonthly, account: t.signedIn) }
        #expect(try t.status?.priceIncreaseStatus == .agreed)
        try t.advance(to: try #require(first.expirationDate), plus: 1)
        #expect(t.updates.last?.price == 12 && t.updates.last?.reason == .renewal)
    }

    @Test(arguments: StorageKind.allCases)
    func aDeclinedPriceIncreaseCancelsAndTheAppHearsNothingUntilItExpires(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let first = try t.buy(Plans.proMonthly)
        try t.hear { try $0.requestPriceIncrease(Plans.proMonthly, price: 12, consentNeeded: true) }
        try t.hear { try $0.declinePriceIncrease(Plans.proMonthly, account: t.signedIn) }
        #expect(try t.status?.priceIncreaseStatus == .noIncreasePending && t.status?.willAutoRenew == false)
        #expect(throws: StoreAdminError.noPriceIncreasePending(Plans.proMonthly)) {
            try t.hear { try $0.declinePriceIncrease(Plans.proMonthly, account: t.signedIn) }
        }
        try t.advance(to: try #require(first.expirationDate), plus: 1)
        #expect(try t.status?.state == .expired && t.status?.expirationReason == .autoRenewDisabled)
    }

    @Test(arguments: StorageKind.allCases)
    func anUnansweredPriceIncreaseExpiresAtTheRenewal(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let first = try t.buy(Plans.proMonthly)
        try t.hear { try $0.requestPriceIncrease(Plans.proMonthly, price: 12, consentNeeded: true) }
        try t.advance(to: try #require(first.expirationDate), plus: 1)
        #expect(try t.status?.state == .expired && t.status?.expirationReason == .didNotConsentToPriceIncrease)
    }

    @Test(arguments: StorageKind.allCases)
    func requestsThatCannotApplyAreRefused(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        #expect(throws: StoreAdminError.notSubscribed(Plans.proMonthly)) { try t.hear { try $0.expireSubscription(Plans.proMonthly, account: t.signedIn) } }
        #expect(throws: StoreAdminError.noSuchProduct("nope")) { try t.hear { try $0.forceRenewal("nope", account: t.signedIn) } }
        #expect(throws: StoreAdminError.notAutoRenewable(Plans.coins)) { try t.hear { try $0.setAutoRenew(Plans.coins, on: false, account: t.signedIn) } }
        try t.buy(Plans.proMonthly)
        #expect(throws: StoreAdminError.noBillingIssue(Plans.proMonthly)) { try t.hear { try $0.resolveBillingIssue(Plans.proMonthly, account: t.signedIn) } }
        #expect(throws: StoreAdminError.noPriceIncreasePending(Plans.proMonthly)) { try t.hear { try $0.agreeToPriceIncrease(Plans.proMonthly, account: t.signedIn) } }
        #expect(throws: StoreAdminError.unknownStorefront("XYZ")) {
            try t.hear { try $0.requestPriceIncrease(Plans.proMonthly, storefront: "XYZ", price: 12, consentNeeded: false) }
        }
        #expect(throws: StoreAdminError.notSoldIn(Plans.liteWeekly, storefront: "JPN")) {
            try t.hear { try $0.requestPriceIncrease(Plans.liteWeekly, storefront: "JPN", price: 300, consentNeeded: false) }
        }
        #expect(throws: StoreAdminError.invalidPrice(0)) { try t.hear { try $0.requestPriceIncrease(Plans.proMonthly, price: 0, consentNeeded: false) } }
        try t.hear { try $0.expireSubscription(Plans.proMonthly, account: t.signedIn) }
        #expect(throws: StoreAdminError.subscriptionExpired(Plans.proMonthly)) { try t.hear { try $0.expireSubscription(Plans.proMonthly, account: t.signedIn) } }
        #expect(throws: StoreAdminError.subscriptionExpired(Plans.proMonthly)) { try t.hear { try $0.forceRenewal(Plans.proMonthly, account: t.signedIn) } }
        #expect(throws: StoreAdminError.subscriptionExpired(Plans.proMonthly)) { try t.hear { try $0.setAutoRenew(Plans.proMonthly, on: true, account: t.signedIn) } }
    }

    @Test(arguments: StorageKind.allCases)
    func anotherStorefrontIsRefusedWhileASubscriptionHasNotEnded(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        try t.set { $0.storefront = "JPN" }
        try t.set { $0.storefront = "USA" }
        try t.buy(Plans.proMonthly)
        #expect(throws: StoreError.activeSubscriptionInStorefront) { try t.set { $0.storefront = "JPN" } }
        #expect(try t.records.settings.storefront == "USA")
        try t.set { $0.askToBuy = true }
        try t.hear { try $0.expireSubscription(Plans.proMonthly, account: t.signedIn) }
        try t.set { $0.storefront = "JPN" }
        #expect(try t.records.settings.storefront == "JPN")
    }

    /// From another process (the command line, a parent's device): the open app hears it at its next tick.
    @Test(arguments: StorageKind.allCases)
    func anOperationFromAnotherProcessReachesTheOpenApp(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let first = try t.buy(Plans.proMonthly)
        t.clock.advance(by: 60)
        try StoreAdmin(store: t.store).forceRenewal(Plans.proMonthly, account: try t.store.settings().account)
        try t.queue.tick()
        let renewal = try #require(t.updates.last)
        #expect(renewal.reason == .renewal && renewal.originalID == first.id)
        #expect(t.app.subscriptionExpiry(Plans.proMonthly) == renewal.expirationDate)
    }

    @Test(arguments: StorageKind.allCases)
    func aPriceIncreaseWithoutConsentIsToldAndCharged(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let first = try t.buy(Plans.proMonthly)
        try t.hear { try $0.requestPriceIncrease(Plans.proMonthly, price: 11, consentNeeded: false) }
        #expect(try t.status?.priceIncreaseStatus == .noIncreasePending)
        let told = try #require(try t.storedEvents.last)
        #expect(told.kind == .priceIncreased && told.details.price == 11 && told.details.storefront == "USA")
        try t.advance(to: try #require(first.expirationDate), plus: 1)
        #expect(t.updates.last?.price == 11 && t.updates.last?.reason == .renewal)
        #expect(try t.status?.state == .subscribed)
    }

    @Test(arguments: StorageKind.allCases)
    func aPriceIncreaseInAnotherStorefrontLeavesThisOnesSubscribersAlone(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let first = try t.buy(Plans.proMonthly)
        try t.hear { try $0.requestPriceIncrease(Plans.proMonthly, storefront: "JPN", price: 1800, consentNeeded: true) }
        #expect(try t.status?.priceIncreaseStatus == .noIncreasePending)
        try t.advance(to: try #require(first.expirationDate), plus: 1)
        #expect(t.updates.last?.price == 10)
    }
}
