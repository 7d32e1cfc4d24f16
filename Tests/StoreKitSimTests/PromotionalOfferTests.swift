import Foundation
import GRDB
import Testing
@testable import AppStorePersistence
@testable import AppStoreCore
@testable import StoreKitSim

/// Promotional offers: a payment carries the offer and its signature, the App Store checks
/// them (the signature with the app's key, here a stand-in that answers as told), and an
/// existing or lapsed subscriber's purchase is completed at the offer's terms.
@Suite struct PromotionalOfferTests {
    static let comeBack = SubscriptionOffer(id: "COMEBACK", paymentMode: .payAsYouGo, period: Plans.month, periodCount: 3, price: 5)
    static let dearer = SubscriptionOffer(id: "DEARER", paymentMode: .payUpFront, period: Plans.month, price: 12)

    /// The plans, with two promotional offers on the monthly plan.
    static let catalog: Catalog = {
        var catalog = Plans.catalog
        let i = catalog.products.firstIndex { $0.id == Plans.proMonthly }!
        catalog.products[i].subscription?.promotionalOffers = [comeBack, dearer]
        return catalog
    }()

    /// The app's key as the store checks it: every signature answers `outcome`, signed at
    /// `signedAt` with a nonce of its own.
    struct Keys: PromotionalOfferKeys {
        var outcome: PromotionalOfferSignatureCheck.Outcome = .verified
        var signedAt: Date

        func check(_ discount: PaymentDiscount, productID: String, applicationUsername: String?) -> PromotionalOfferSignatureCheck {
            guard case .v1(_, let nonce, _, _) = discount.signature else { return PromotionalOfferSignatureCheck(outcome: .missingParams) }
            return PromotionalOfferSignatureCheck(outcome: outcome, nonce: nonce, signedAt: signedAt)
        }
    }

    static func payment(_ offerID: String, nonce: String = UUID().uuidString.lowercased(), productID: String = Plans.proMonthly) -> Payment {
        Payment(productID: productID, discount: PaymentDiscount(
            offerID: offerID, signature: .v1(keyIdentifier: "KEY", nonce: nonce, timestamp: 1, signature: "c2lnbmVk")))
    }

    /// A harness whose store knows the app's key, the account subscribed to the monthly plan
    /// once and its subscription ended (a lapsed subscriber).
    static func lapsed(_ kind: StorageKind) throws -> Harness {
        let t = try Harness.plans(kind, catalog: catalog)
        t.store.promotionalOfferKeys = Keys(signedAt: t.clock.now)
        try t.buy(Plans.proMonthly)
        try t.hear { try $0.expireSubscription(Plans.proMonthly, account: t.signedIn) }
        return t
    }

    @Test(arguments: StorageKind.allCases)
    func aLapsedSubscriberBuysAtTheOffersTermsForItsPeriods(kind: StorageKind) throws {
        let t = try Self.lapsed(kind)
        let bought = try t.buy(Self.payment("COMEBACK"))
        #expect(bought.queueState.state == .purchased)
        #expect(bought.offer == TransactionOffer(type: .promotional, id: "COMEBACK", paymentMode: .payAsYouGo, period: Plans.month,
                                                 periodCount: 3))
        #expect(bought.price == 5 && bought.isTrialPeriod == false)
        var prices = [bought.price]
        var end = try #require(bought.expirationDate)
        for _ in 0..<3 {
            try t.advance(to: end, plus: 1)
            let renewal = try #require(try t.records.transactions.last)
            prices.append(renewal.price)
            end = try #require(renewal.expirationDate)
        }
        #expect(prices == [5, 5, 5, 10], "three periods at the offer's price, then the plan's")
    }

    /// An existing subscriber of a lower plan upgrades at once, at the offer's terms.
    @Test(arguments: StorageKind.allCases)
    func anExistingSubscriberUpgradesAtTheOffersTerms(kind: StorageKind) throws {
        let t = try Harness.plans(kind, catalog: Self.catalog)
        t.store.promotionalOfferKeys = Keys(signedAt: t.clock.now)
        let lite = try t.buy(Plans.liteMonthly)
        let bought = try t.buy(Self.payment("COMEBACK"))
        #expect(bought.queueState.state == .purchased && bought.originalID == lite.id, "the same subscription")
        #expect(bought.offer?.type == .promotional && bought.offer?.id == "COMEBACK" && bought.price == 5)
        #expect(bought.expirationDate == Plans.month.added(to: try #require(bought.purchaseDate)))
        #expect(try t.transaction(lite.id).isUpgraded == true)
        #expect(try t.status?.productID == Plans.proMonthly)
    }

    @Test(arguments: StorageKind.allCases)
    func aCustomerWhoNeverSubscribedInTheGroupIsIneligible(kind: StorageKind) throws {
        let t = try Harness.plans(kind, catalog: Self.catalog)
        t.store.promotionalOfferKeys = Keys(signedAt: t.clock.now)
        let refused = try t.buy(Self.payment("COMEBACK"))
        #expect(refused.queueState.state == .failed && refused.queueState.error == StoreError(.ineligibleForOffer))
    }

    @Test(arguments: StorageKind.allCases)
    func whatThePaymentCarriesIsCheckedInStoreKitsOrder(kind: StorageKind) throws {
        let t = try Self.lapsed(kind)
        func refusal(_ payment: Payment) throws -> StoreError? { try t.buy(payment).queueState.error }
        #expect(try refusal(Self.payment("")) == StoreError(.missingOfferParams))
        #expect(try refusal(Self.payment("NOPE")) == StoreError(.invalidOfferIdentifier))
        #expect(try refusal(Self.payment("COMEBACK", productID: Plans.proYearly)) == StoreError(.invalidOfferIdentifier),
                "an offer of another product")
        #expect(try refusal(Self.payment("DEARER")) == StoreError(.invalidOfferPrice), "dearer than the plan now is")
        t.store.promotionalOfferKeys = Keys(outcome: .invalidSignature, signedAt: t.clock.now)
        #expect(try refusal(Self.payment("COMEBACK")) == StoreError(.invalidSignature))
        t.store.promotionalOfferKeys = Keys(outcome: .missingParams, signedAt: t.clock.now)
        #expect(try refusal(Self.payment("COMEBACK")) == StoreError(.missingOfferParams))
        t.store.promotionalOfferKeys = nil
        #expect(try refusal(Self.payment("COMEBACK")) == StoreError(.invalidSignature), "a store that knows no key of the app")
        #expect(try t.status?.state == .expired, "nothing bought")
    }

    @Test(arguments: StorageKind.allCases)
    func aNonceIsGoodForOnePaymentAndASignatureFor24Hours(kind: StorageKind) throws {
        let t = try Self.lapsed(kind)
        let nonce = UUID().uuidString.lowercased()
        #expect(try t.buy(Self.payment("COMEBACK", nonce: nonce)).queueState.state == .purchased)
        try t.hear { try $0.expireSubscription(Plans.proMonthly, account: t.signedIn) }
        #expect(try t.buy(Self.payment("COMEBACK", nonce: nonce)).queueState.error == StoreError(.invalidSignature), "the nonce used again")
        // Signed 24 hours and a second ago by store time.
        t.store.promotionalOfferKeys = Keys(signedAt: t.clock.now - 24 * 3600 - 1)
        #expect(try t.buy(Self.payment("COMEBACK")).queueState.error == StoreError(.invalidSignature), "a signature past its 24 hours")
        t.store.promotionalOfferKeys = Keys(signedAt: t.clock.now - 24 * 3600 + 60)
        #expect(try t.buy(Self.payment("COMEBACK")).queueState.state == .purchased)
    }

    @Test func aRedemptionIsKeptInStoreSqliteUntilItsSignatureIsPast() throws {
        let directory = TemporaryDirectory()
        let t = try Harness(storage: try StorageKind.sqlite.make(directory, catalog: Self.catalog), directory: directory,
                            catalog: Self.catalog)
        try t.buy(Plans.proMonthly)
        try t.hear { try $0.expireSubscription(Plans.proMonthly, account: t.signedIn) }
        let signedAt = t.clock.now
        t.store.promotionalOfferKeys = Keys(signedAt: signedAt)
        let nonce = UUID().uuidString.lowercased()
        let bought = try t.buy(Self.payment("COMEBACK", nonce: nonce))
        let redeemed = PromotionalOfferRedemption(nonce: nonce, transactionID: bought.id, offerID: "COMEBACK", signedAt: signedAt)
        #expect(try StorageKind.sqlite.make(directory, catalog: Self.catalog).load().promotionalOfferRedemptions == [redeemed])
        // A day on, its signature could not be used again anyway: the next redemption lets it go.
        try t.advance(to: signedAt + 24 * 3600, plus: 1)
        try t.hear { try $0.expireSubscription(Plans.proMonthly, account: t.signedIn) }
        t.store.promotionalOfferKeys = Keys(signedAt: t.clock.now)
        let next = try t.buy(Self.payment("COMEBACK"))
        #expect(next.queueState.state == .purchased)
        #expect(try StorageKind.sqlite.make(directory, catalog: Self.catalog).load().promotionalOfferRedemptions.map(\.transactionID) == [next.id])
    }

    /// A v14 store opens with what it holds and gets the table; the check finds it whole, and
    /// a redemption damaged by hand is refused by row and column.
    @Test func aVersion14StoreGetsTheTableAndKeepsItsRecords() throws {
        let directory = TemporaryDirectory()
        let database = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path)
        try StoreSchema.migrator.migrate(database, upTo: "v14")
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO events (date, kind, account, productID, details)
                VALUES (1800000000000, 'purchased', 'a@example.com', 'com.storefront.premium', '{}')
                """)
        }
        try database.close()
        let storage = try storeDatabase(directory)
        #expect(try storage.events(after: 0, limit: nil).map(\.kind) == [.purchased])
        #expect(try storage.load().promotionalOfferRedemptions.isEmpty)
        let redeemed = PromotionalOfferRedemption(nonce: "n", transactionID: "1000000001", offerID: "COMEBACK",
                                                  signedAt: Date(timeIntervalSince1970: 1_800_000_000))
        try storage.update { $0.promotionalOfferRedemptions = [redeemed] }
        #expect(try StoreDatabase.problems(directory.dataDirectory, limit: 10).isEmpty)
        let again = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path)
        try again.write { try $0.execute(sql: "UPDATE promotionalOfferRedemptions SET signedAt = 'soon'") }
        try again.close()
        let problems = try StoreDatabase.problems(directory.dataDirectory, limit: 10)
        #expect(problems.map(\.location) == ["promotionalOfferRedemptions, nonce n, column signedAt"], "\(problems)")
    }
}

extension Harness {
    /// `buy`, with a payment of its own (a promotional offer's).
    @discardableResult
    func buy(_ payment: Payment) throws -> Transaction {
        let started = try queue.add(payment)
        if started.queueState.state == .purchasing { try queue.confirm(started) }
        clock.advance(by: Self.latency)
        try queue.tick()
        return try transaction(started.id)
    }
}
