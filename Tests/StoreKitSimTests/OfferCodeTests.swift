@testable import CatalogFiles
import Foundation
import Testing
@testable import AppStoreCore

/// Offer codes redeemed in the App Store (its offer code sheet, SKTestSession.buyProduct with
/// `codeOffer(referenceName:)`): the subscription starts at the code's terms, as a purchase the
/// app did not start.
@Suite struct OfferCodeTests {
    static let freeMonth = SubscriptionOffer(id: "FREEMONTH", paymentMode: .freeTrial, period: Plans.month,
                                             referenceName: "Friends Free Month")
    static let halfOff = SubscriptionOffer(id: "HALFOFF3", paymentMode: .payAsYouGo, period: Plans.month, periodCount: 3, price: 5)

    /// The plans, with two offer codes on the monthly plan.
    static let catalog: Catalog = {
        var catalog = Plans.catalog
        let i = catalog.products.firstIndex { $0.id == Plans.proMonthly }!
        catalog.products[i].subscription?.offerCodes = [freeMonth, halfOff]
        return catalog
    }()

    @Test(arguments: StorageKind.allCases)
    func aCodeStartsTheSubscriptionAtItsTermsAndTheAppHearsIt(kind: StorageKind) throws {
        let t = try Harness.plans(kind, catalog: Self.catalog)
        let (bought, events) = try t.hearing { try $0.redeemOfferCode("freemonth", account: t.signedIn) }
        #expect(bought.productID == Plans.proMonthly && bought.queueState.state == .purchased && bought.reason == .outsideApp)
        #expect(bought.offer == TransactionOffer(type: .code, id: "FREEMONTH", paymentMode: .freeTrial, period: Plans.month))
        #expect(bought.price == 0 && bought.isTrialPeriod == false, "a code's free month, not the introductory trial")
        #expect(bought.expirationDate == Plans.month.added(to: t.queue.now))
        #expect(events == [.updated(bought, .live)])
        t.app.receive(events)
        #expect(t.app.subscriptionExpiry(Plans.proMonthly) == bought.expirationDate)
        #expect(try t.status?.state == .subscribed)
        // The free month over, the plan renews at its price.
        try t.advance(to: try #require(bought.expirationDate), plus: 1)
        let renewal = try #require(try t.records.transactions.last)
        #expect(renewal.reason == .renewal && renewal.price == 10 && renewal.offer == nil)
    }

    @Test(arguments: StorageKind.allCases)
    func aPayAsYouGoCodeGoesOnAtItsPriceForItsPeriods(kind: StorageKind) throws {
        let t = try Harness.plans(kind, catalog: Self.catalog)
        let (bought, _) = try t.hearing { try $0.redeemOfferCode("HALFOFF3", productID: Plans.proMonthly, account: t.signedIn) }
        #expect(bought.price == 5 && bought.offer?.type == .code && bought.offer?.id == "HALFOFF3")
        var prices = [bought.price]
        var end = try #require(bought.expirationDate)
        for _ in 0..<3 {
            try t.advance(to: end, plus: 1)
            let renewal = try #require(try t.records.transactions.last)
            prices.append(renewal.price)
            end = try #require(renewal.expirationDate)
        }
        #expect(prices == [5, 5, 5, 10], "three periods at the code's price, then the plan's")
    }

    @Test(arguments: StorageKind.allCases)
    func theReferenceNameRedeemsItAsXcodeNamesIt(kind: StorageKind) throws {
        let t = try Harness.plans(kind, catalog: Self.catalog)
        let (bought, _) = try t.hearing { try $0.redeemOfferCode("friends free month", productID: Plans.proMonthly, account: t.signedIn) }
        #expect(bought.offer?.id == "FREEMONTH")
    }

    @Test(arguments: StorageKind.allCases)
    func aCodeThatCannotApplyIsRefusedAndNothingIsWritten(kind: StorageKind) throws {
        let t = try Harness.plans(kind, catalog: Self.catalog)
        let before = try t.records.transactions
        #expect(throws: StoreAdminError.noSuchOfferCode("NOPE", productID: nil)) { try t.hearing { try $0.redeemOfferCode(" NOPE ", account: t.signedIn) } }
        #expect(throws: StoreAdminError.noSuchOfferCode("FREEMONTH", productID: Plans.proYearly)) {
            try t.hearing { try $0.redeemOfferCode("FREEMONTH", productID: Plans.proYearly, account: t.signedIn) }
        }
        #expect(throws: StoreAdminError.noSuchOfferCode("FREEMONTH", productID: Plans.coins)) {
            try t.hearing { try $0.redeemOfferCode("FREEMONTH", productID: Plans.coins, account: t.signedIn) }
        }
        #expect(try t.records.transactions == before)
        // Subscribed in the group, a code that starts a subscription waits for it to end.
        let (yearly, _) = try t.hearing { try $0.buyOutsideApp(Plans.proYearly, account: t.signedIn) }
        #expect(throws: StoreAdminError.offerCodeWhileSubscribed("FREEMONTH", productID: Plans.proYearly)) {
            try t.hearing { try $0.redeemOfferCode("FREEMONTH", account: t.signedIn) }
        }
        try t.hear { try $0.expireSubscription(Plans.proYearly, account: t.signedIn) }
        let (redeemed, _) = try t.hearing { try $0.redeemOfferCode("FREEMONTH", account: t.signedIn) }
        #expect(redeemed.originalID == yearly.id, "a resubscribe keeps the original transaction")
        try t.set { $0.account = nil }
        #expect(throws: StoreError.notSignedIn) { try t.hearing { try $0.redeemOfferCode("HALFOFF3", account: t.signedIn) } }
    }

    /// A code on two plans, the first not sold in the account's storefront: the other is redeemed.
    @Test(arguments: StorageKind.allCases)
    func aCodeRedeemsThePlanSoldInTheAccountsStorefront(kind: StorageKind) throws {
        var catalog = Plans.catalog
        catalog.products.reverse()
        for id in [Plans.liteWeekly, Plans.liteMonthly] {
            let i = try #require(catalog.products.firstIndex { $0.id == id })
            catalog.products[i].subscription?.offerCodes = [Self.freeMonth]
        }
        let t = try Harness.plans(kind, catalog: catalog) { $0.storefront = "JPN" }
        let (bought, _) = try t.hearing { try $0.redeemOfferCode("FREEMONTH", account: t.signedIn) }
        #expect(bought.productID == Plans.liteMonthly && bought.storefront == "JPN")
    }

    @Test func theBuiltInCatalogHasACodeToRedeem() throws {
        let catalog = try CatalogLoader.defaultCatalog()
        let products = catalog.products.filter { $0.subscription?.offerCode(named: "friendmonth") != nil }
        #expect(products.map(\.id) == ["com.storefront.pro.monthly"])
    }
}
