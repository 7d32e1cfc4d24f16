@testable import AppStoreJSON
import Foundation
import Testing
@testable import AppStoreCore

/// Offer codes an active subscriber redeems (App Store Connect's "existing subscribers"): the
/// code applies at the next renewal (OFFER_REDEEMED, no subtype or DOWNGRADE), a higher plan's
/// at once as an upgrade (UPGRADE); who may redeem each code is its eligibility.
@Suite struct OfferCodeSubscriberTests {
    /// Three months at 5 for current and former subscribers.
    static let loyal = SubscriptionOffer(id: "LOYAL3", paymentMode: .payAsYouGo, period: Plans.month, periodCount: 3, price: 5,
                                         eligibility: [.existing, .expired])
    /// A free month for current subscribers alone.
    static let stayFree = SubscriptionOffer(id: "STAYFREE", paymentMode: .freeTrial, period: Plans.month, eligibility: [.existing])
    /// The lower plan at 1 for two months, for current subscribers.
    static let liteDeal = SubscriptionOffer(id: "LITEDEAL", paymentMode: .payAsYouGo, period: Plans.month, periodCount: 2, price: 1,
                                            eligibility: [.existing])

    static let catalog: Catalog = {
        var catalog = Plans.catalog
        func add(_ codes: [SubscriptionOffer], to id: String) {
            let i = catalog.products.firstIndex { $0.id == id }!
            catalog.products[i].subscription?.offerCodes = codes
        }
        add([loyal, stayFree], to: Plans.proMonthly)
        add([liteDeal], to: Plans.liteMonthly)
        return catalog
    }()

    /// Subscribed to `plan` at its price (no introductory offer), the first period paid.
    private func subscribed(_ kind: StorageKind, to plan: String) throws -> Harness {
        let t = try Harness.plans(kind, catalog: Self.catalog)
        try t.hear { _ = try $0.buyOutsideApp(plan, terms: OutsidePurchaseTerms(offer: .none), account: t.signedIn) }
        return t
    }

    /// The prices of the renewals to come, `count` of them, each with its offer's id.
    private func renewals(_ t: Harness, _ count: Int) throws -> [String] {
        var seen: [String] = []
        for _ in 0..<count {
            try t.advance(to: try #require(try t.status).expiresDate, plus: 1)
            let renewal = try #require(try t.records.transactions.last)
            #expect(renewal.reason == .renewal)
            seen.append("\(renewal.productID) \(renewal.price ?? -1) \(renewal.offer?.id ?? "-")")
        }
        return seen
    }

    @Test(arguments: StorageKind.allCases)
    func aSubscribersCodeForThePlanStartsAtTheNextRenewal(kind: StorageKind) throws {
        let t = try subscribed(kind, to: Plans.proMonthly)
        let before = try t.records.transactions.count
        let periodEnd = try #require(try t.status).expiresDate
        let (answer, heard) = try t.hearing { try $0.redeemOfferCode("loyal3", account: t.signedIn) }
        #expect(answer.isPlanChangeRequest && heard.isEmpty, "no transaction now, nothing for the app to finish")
        #expect(try t.records.transactions.count == before)
        let status = try #require(try t.status)
        #expect(status.offerCodeAtRenewal == "LOYAL3" && status.expiresDate == periodEnd && status.productID == Plans.proMonthly)
        let next = try #require(try t.records.nextRenewal(of: status, catalog: Self.catalog))
        #expect(next.price == 5 && next.offer == TransactionOffer(type: .code, id: "LOYAL3", paymentMode: .payAsYouGo, period: Plans.month,
                                                                   periodCount: 3))
        let event = try #require(try t.storedEvents.last)
        #expect(event.kind == .offerRedeemed && event.transactionID == nil && event.details.subtype == nil)
        #expect(event.details.toProductID == Plans.proMonthly && event.details.expiresDate == periodEnd && event.details.price == 5)
        // The signed renewal info carries the code as Apple's does: offerType 3, its identifier.
        let info = JWSRenewalInfoPayload(status, nextRenewal: next, latest: nil, context: SignedPayloadTests.context)
        #expect(info.offerType == 3 && info.offerIdentifier == "LOYAL3" && info.offerDiscountType == "PAY_AS_YOU_GO" && info.renewalPrice == 5000)
        #expect(try renewals(t, 4) == ["\(Plans.proMonthly) 5 LOYAL3", "\(Plans.proMonthly) 5 LOYAL3", "\(Plans.proMonthly) 5 LOYAL3",
                                       "\(Plans.proMonthly) 10 -"], "its three periods from the renewal, then the plan's price")
        #expect(try t.status?.offerCodeAtRenewal == nil)
    }

    @Test(arguments: StorageKind.allCases)
    func aCodeForALowerPlanDowngradesAtTheRenewal(kind: StorageKind) throws {
        let t = try subscribed(kind, to: Plans.proMonthly)
        try t.hear { _ = try $0.redeemOfferCode("LITEDEAL", account: t.signedIn) }
        let status = try #require(try t.status)
        #expect(status.productID == Plans.proMonthly && status.autoRenewProductID == Plans.liteMonthly)
        let event = try #require(try t.storedEvents.last)
        #expect(event.kind == .offerRedeemed && event.details.subtype == .downgrade && event.details.planChange == .downgrade)
        #expect(try renewals(t, 3) == ["\(Plans.liteMonthly) 1 LITEDEAL", "\(Plans.liteMonthly) 1 LITEDEAL", "\(Plans.liteMonthly) 5 -"])
    }

    @Test(arguments: StorageKind.allCases)
    func aCodeForAHigherPlanUpgradesAtOnceAtItsTerms(kind: StorageKind) throws {
        let t = try subscribed(kind, to: Plans.liteMonthly)
        let old = try #require(try t.records.transactions.last)
        let (upgraded, heard) = try t.hearing { try $0.redeemOfferCode("LOYAL3", account: t.signedIn) }
        #expect(upgraded.productID == Plans.proMonthly && upgraded.price == 5 && upgraded.offer?.type == .code && upgraded.offer?.id == "LOYAL3")
        #expect(upgraded.originalID == old.id && upgraded.expirationDate == Plans.month.added(to: t.queue.now))
        #expect(heard.contains(.updated(upgraded, .live)), "the app hears the upgrade's transaction")
        let kinds = try t.storedEvents.suffix(2).map { "\($0.kind) \($0.details.subtype?.rawValue ?? "-")" }
        #expect(kinds == ["upgraded -", "offerRedeemed upgrade"])
        #expect(try renewals(t, 3) == ["\(Plans.proMonthly) 5 LOYAL3", "\(Plans.proMonthly) 5 LOYAL3", "\(Plans.proMonthly) 10 -"],
                "the code's three periods counted from the upgrade")
    }

    @Test(arguments: StorageKind.allCases)
    func eachCodeIsForTheCustomersItNamesAndOneWaitsARenewal(kind: StorageKind) throws {
        let t = try Harness.plans(kind, catalog: Self.catalog)
        #expect(throws: StoreAdminError.offerCodeNotEligible("STAYFREE", customer: .new)) {
            try t.hearing { try $0.redeemOfferCode("STAYFREE", account: t.signedIn) }
        }
        try t.hear { _ = try $0.buyOutsideApp(Plans.proMonthly, terms: OutsidePurchaseTerms(offer: .none), account: t.signedIn) }
        try t.hear { _ = try $0.redeemOfferCode("STAYFREE", account: t.signedIn) }
        #expect(throws: StoreAdminError.offerCodeAlreadyRedeemed("LOYAL3")) {
            try t.hearing { try $0.redeemOfferCode("LOYAL3", account: t.signedIn) }
        }
        try t.hear { try $0.expireSubscription(Plans.proMonthly, account: t.signedIn) }
        #expect(try t.status?.offerCodeAtRenewal == nil, "an ended subscription keeps no code for a renewal that never comes")
        #expect(throws: StoreAdminError.offerCodeNotEligible("STAYFREE", customer: .expired)) {
            try t.hearing { try $0.redeemOfferCode("STAYFREE", account: t.signedIn) }
        }
        let (back, _) = try t.hearing { try $0.redeemOfferCode("LOYAL3", account: t.signedIn) }
        #expect(back.price == 5 && back.offer?.id == "LOYAL3", "a former subscriber resubscribes at the code's terms")
    }

    @Test func theProductsJSONGivesEachCodesEligibilityForTheCustomer() throws {
        let t = try subscribed(.inMemory, to: Plans.proMonthly)
        let records = try t.records
        let entry = try #require(Self.catalog.product(Plans.proMonthly))
        #expect(records.offerCodeEligibility(of: t.signedIn, group: Plans.group, now: t.queue.now) == .existing)
        #expect(records.canRedeem(Self.stayFree, of: entry, account: t.signedIn, now: t.queue.now))
        #expect(!records.canRedeem(OfferCodeTests.freeMonth, of: entry, account: t.signedIn, now: t.queue.now),
                "a code whose catalog names no customers starts a subscription: not for a subscriber")
        let product = try #require(Product(entry, storefront: .unitedStates, locale: "en_US"))
        let payload = OfferCodePayload(Self.loyal, product: product, customer: .existing, eligible: true)
        #expect(payload.eligibility == ["existing", "expired"] && payload.customer == "existing" && payload.offer.price == "5")
    }
}
