import Foundation
import Testing
@testable import AppStoreCore
@testable import StoreKitSim

/// A subscription bought outside the app at the terms chosen, as Xcode's "+" sheet in the
/// Transaction Manager chooses them: its offer (the introductory offer, an offer code, or
/// none) and whether it renews.
@Suite struct OutsidePurchaseTermsTests {
    @Test(arguments: StorageKind.allCases)
    func theIntroductoryOfferChosenStartsTheFreeTrial(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        #expect(try t.records.outsidePurchaseOffers(Plans.proMonthly, account: t.signedIn, catalog: Plans.catalog) == [.introductory])
        let (bought, _) = try t.hearing {
            try $0.buyOutsideApp(Plans.proMonthly, terms: .init(offer: .introductory), account: t.signedIn)
        }
        #expect(bought.isTrialPeriod == true && bought.price == 0 && bought.offer?.type == .introductory)
        #expect(bought.expirationDate == Plans.week.added(to: t.queue.now))
        #expect(try t.status?.willAutoRenew == true)
    }

    @Test(arguments: StorageKind.allCases)
    func anEligibleAccountMayDeclineTheTrialAndPayInFull(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let (bought, _) = try t.hearing { try $0.buyOutsideApp(Plans.proMonthly, terms: .init(offer: .none), account: t.signedIn) }
        #expect(bought.isTrialPeriod == false && bought.offer == nil && bought.price == 10)
        #expect(bought.expirationDate == Plans.month.added(to: t.queue.now))
        // Declined, not used: once the plan ends the account may still have it.
        try t.hear { try $0.expireSubscription(Plans.proMonthly, account: t.signedIn) }
        #expect(try t.records.isEligibleForIntroOffer(Plans.proMonthly, catalog: Plans.catalog))
        #expect(try t.records.outsidePurchaseOffers(Plans.proMonthly, account: t.signedIn, catalog: Plans.catalog) == [.introductory])
    }

    @Test(arguments: StorageKind.allCases)
    func theIntroductoryOfferIsRefusedWhereItWouldNotApplyAndNothingIsWritten(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let intro = OutsidePurchaseTerms(offer: .introductory)
        #expect(throws: StoreAdminError.noIntroductoryOffer(Plans.proYearly)) {
            try t.hearing { try $0.buyOutsideApp(Plans.proYearly, terms: intro, account: t.signedIn) }
        }
        #expect(throws: StoreAdminError.notAutoRenewable(Plans.coins)) {
            try t.hearing { try $0.buyOutsideApp(Plans.coins, terms: intro, account: t.signedIn) }
        }
        #expect(throws: StoreAdminError.notAutoRenewable(Plans.coins)) {
            try t.hearing { try $0.buyOutsideApp(Plans.coins, terms: .init(autoRenew: false), account: t.signedIn) }
        }
        try t.buy(Plans.proMonthly)
        #expect(try t.records.outsidePurchaseOffers(Plans.liteMonthly, account: t.signedIn, catalog: Plans.catalog) == [])
        try t.hear { try $0.expireSubscription(Plans.proMonthly, account: t.signedIn) }
        let before = try t.records.transactions
        #expect(throws: StoreAdminError.introductoryOfferUnavailable(Plans.proMonthly, subscribedTo: nil), "the trial is used") {
            try t.hearing { try $0.buyOutsideApp(Plans.proMonthly, terms: intro, account: t.signedIn) }
        }
        #expect(try t.records.transactions == before)
    }

    @Test(arguments: StorageKind.allCases)
    func theIntroductoryOfferStartsASubscriptionOnly(kind: StorageKind) throws {
        var catalog = Plans.catalog
        let i = catalog.products.firstIndex { $0.id == Plans.liteMonthly }!
        catalog.products[i].subscription?.introductoryOffer = SubscriptionOffer(paymentMode: .freeTrial, period: Plans.week)
        let t = try Harness.plans(kind, catalog: catalog)
        try t.hearing { try $0.buyOutsideApp(Plans.proYearly, terms: .init(offer: .none), account: t.signedIn) }
        #expect(throws: StoreAdminError.introductoryOfferUnavailable(Plans.liteMonthly, subscribedTo: Plans.proYearly)) {
            try t.hearing { try $0.buyOutsideApp(Plans.liteMonthly, terms: .init(offer: .introductory), account: t.signedIn) }
        }
    }

    @Test(arguments: StorageKind.allCases)
    func anOfferCodeChosenIsOfferedUntilAPlanOfTheGroupIsActive(kind: StorageKind) throws {
        let t = try Harness.plans(kind, catalog: OfferCodeTests.catalog)
        let offers = try t.records.outsidePurchaseOffers(Plans.proMonthly, account: t.signedIn, catalog: OfferCodeTests.catalog)
        #expect(offers == [.introductory, .code("FREEMONTH"), .code("HALFOFF3")])
        let (bought, _) = try t.hearing {
            try $0.buyOutsideApp(Plans.proMonthly, terms: .init(offer: .code("HALFOFF3")), account: t.signedIn)
        }
        #expect(bought.offer?.type == .code && bought.offer?.id == "HALFOFF3" && bought.price == 5)
        #expect(try t.records.outsidePurchaseOffers(Plans.proMonthly, account: t.signedIn, catalog: OfferCodeTests.catalog) == [])
    }

    @Test(arguments: StorageKind.allCases)
    func boughtWithAutoRenewOffItExpiresAtThePeriodsEnd(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let (bought, events) = try t.hearing {
            try $0.buyOutsideApp(Plans.proMonthly, terms: .init(offer: .none, autoRenew: false), account: t.signedIn)
        }
        t.app.receive(events)
        let end = try #require(bought.expirationDate)
        let status = try #require(try t.status)
        #expect(status.state == .subscribed && !status.willAutoRenew && status.expiresDate == end)
        // Told as the store tells any cancellation: the purchase, then auto-renew turned off.
        #expect(try t.storedEvents.map(\.kind) == [.subscribed, .autoRenewDisabled])
        try t.advance(to: end, plus: 1)
        let after = try #require(try t.status)
        #expect(after.state == .expired && after.expirationReason == .autoRenewDisabled)
        #expect(try t.records.transactions.filter { $0.reason == .renewal }.isEmpty, "nothing renewed")
    }
}
