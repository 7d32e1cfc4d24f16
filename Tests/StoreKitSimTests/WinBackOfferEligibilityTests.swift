import Foundation
import Testing
@testable import AppStoreCore

/// Who may have a win-back offer: a churned subscriber (expired, auto-renew off) of the plan the
/// offer belongs to, while the offer runs and its rules hold; never during grace or billing
/// retry. The App Store lists them best first.
@Suite struct WinBackOfferEligibilityTests {
    static let account = "ann@example.com"
    /// The subscription ran from here for six months and then expired.
    static let started = Date(timeIntervalSince1970: 1_700_000_000)
    static let expired = month(6, after: started)

    static func month(_ n: Int, after date: Date) -> Date { Calendar.gregorianUTC.date(byAdding: .month, value: n, to: date)! }

    static func offer(_ id: String, _ rules: WinBackOfferRules = WinBackOfferRules()) -> SubscriptionOffer {
        SubscriptionOffer(id: id, paymentMode: .payUpFront, period: Plans.month, periodCount: 3, price: 15, winBackRules: rules)
    }

    static func catalog(_ offers: [SubscriptionOffer], on productID: String = Plans.proMonthly) -> Catalog {
        var catalog = Plans.catalog
        let i = catalog.products.firstIndex { $0.id == productID }!
        catalog.products[i].subscription?.winBackOffers = offers
        return catalog
    }

    /// Ann's Pro Monthly, six months paid, ending at `expired`, as `state` and auto-renew leave it.
    static func records(_ state: RenewalState = .expired, autoRenew: Bool = false) -> StoreWorkingSet {
        var records = StoreWorkingSet()
        records.subscriptions = [SubscriptionStatus(
            account: account, groupID: Plans.group, productID: Plans.proMonthly, state: state, originalTransactionID: "1",
            latestTransactionID: "6", expiresDate: expired, willAutoRenew: autoRenew, recentSubscriptionStartDate: started)]
        return records
    }

    static func eligible(_ records: StoreWorkingSet, _ catalog: Catalog, at now: Date, offer: String = "BACK") -> Bool {
        records.isEligible(for: offer, of: Plans.proMonthly, account: account, catalog: catalog, now: now)
    }

    @Test func onlyAChurnedSubscriberOfThePlanIsEligible() {
        let catalog = Self.catalog([Self.offer("BACK")])
        let later = Self.month(1, after: Self.expired)
        #expect(Self.eligible(Self.records(), catalog, at: later), "expired with auto-renew off: churned")
        #expect(Self.eligible(Self.records(), catalog, at: later, offer: "back"), "named in any case, as other offers are")
        #expect(!Self.eligible(Self.records(autoRenew: true), catalog, at: later), "expired with auto-renew on: not a voluntary churn")
        #expect(!Self.eligible(Self.records(.subscribed, autoRenew: true), catalog, at: later))
        #expect(!Self.eligible(Self.records(.inGracePeriod, autoRenew: false), catalog, at: later), "never during grace")
        #expect(!Self.eligible(Self.records(.inBillingRetryPeriod, autoRenew: false), catalog, at: later), "never during billing retry")
        #expect(!Self.eligible(Self.records(.revoked), catalog, at: later))
        #expect(!Self.eligible(StoreWorkingSet(), catalog, at: later), "a new customer has nothing to be won back from")
        #expect(!Self.records().isEligible(for: "BACK", of: Plans.proMonthly, account: Self.account, catalog: catalog, now: nil))
        #expect(!Self.records().isEligible(for: "BACK", of: Plans.proMonthly, account: nil, catalog: catalog, now: later))
        let onYearly = Self.catalog([Self.offer("BACK")], on: Plans.proYearly)
        #expect(!Self.records().isEligible(for: "BACK", of: Plans.proYearly, account: Self.account, catalog: onYearly, now: later),
                "an offer of another plan than the one the customer last had")
    }

    @Test func paidDurationCountsTheLastRunOfPeriods() {
        let later = Self.month(1, after: Self.expired)
        #expect(Self.eligible(Self.records(), Self.catalog([Self.offer("BACK", WinBackOfferRules(paidDurationMonths: 6))]), at: later))
        #expect(!Self.eligible(Self.records(), Self.catalog([Self.offer("BACK", WinBackOfferRules(paidDurationMonths: 7))]), at: later))
    }

    @Test func timeSinceTheLastSubscriptionIsBetweenItsMinimumAndMaximum() {
        let catalog = Self.catalog([Self.offer("BACK", WinBackOfferRules(monthsSinceLastSubscribed: 2...24))])
        #expect(!Self.eligible(Self.records(), catalog, at: Self.month(1, after: Self.expired)))
        #expect(Self.eligible(Self.records(), catalog, at: Self.month(2, after: Self.expired)))
        #expect(Self.eligible(Self.records(), catalog, at: Self.month(24, after: Self.expired)))
        #expect(!Self.eligible(Self.records(), catalog, at: Self.month(25, after: Self.expired)))
    }

    @Test func anotherWinBackOfferWaitsItsMonthsAfterTheLastOneBought() {
        let catalog = Self.catalog([Self.offer("BACK", WinBackOfferRules(waitBetweenOffersMonths: 3))])
        var records = Self.records()
        let boughtWithOffer = Self.month(-2, after: Self.expired)
        records.transactions = [Transaction(
            id: "5", payment: Payment(productID: Plans.proMonthly), state: .purchased, date: boughtWithOffer, account: Self.account,
            reason: .purchase, purchaseFacts: PurchaseFacts(purchaseDate: boughtWithOffer, offer: TransactionOffer(
                type: .winBack, id: "BACK", paymentMode: .payUpFront, period: Plans.month)))]
        #expect(!Self.eligible(records, catalog, at: Self.month(2, after: boughtWithOffer)))
        #expect(Self.eligible(records, catalog, at: Self.month(3, after: boughtWithOffer)))
        #expect(Self.eligible(Self.records(), catalog, at: Self.month(2, after: boughtWithOffer)), "no win-back offer bought before")
    }

    @Test func anOfferRunsFromItsStartDateUntilItsEndDate() {
        let start = Self.month(1, after: Self.expired), end = Self.month(2, after: Self.expired)
        let catalog = Self.catalog([Self.offer("BACK", WinBackOfferRules(startDate: start, endDate: end))])
        #expect(!Self.eligible(Self.records(), catalog, at: start - 1))
        #expect(Self.eligible(Self.records(), catalog, at: start))
        #expect(Self.eligible(Self.records(), catalog, at: end - 1))
        #expect(!Self.eligible(Self.records(), catalog, at: end))
    }

    @Test func eligibleOffersComeHighPriorityFirstThenInTheCatalogsOrder() {
        let catalog = Self.catalog([
            Self.offer("FIRST"), Self.offer("LONGAGO", WinBackOfferRules(monthsSinceLastSubscribed: 12...24)),
            Self.offer("BEST", WinBackOfferRules(priority: .high)), Self.offer("SECOND"),
        ])
        let ids = Self.records().eligibleWinBackOffers(for: Self.account, group: Plans.group, catalog: catalog,
                                                       now: Self.month(1, after: Self.expired)).compactMap(\.id)
        #expect(ids == ["BEST", "FIRST", "SECOND"])
        #expect(Self.records(.subscribed, autoRenew: true).eligibleWinBackOffers(
            for: Self.account, group: Plans.group, catalog: catalog, now: Self.expired).isEmpty)
    }
}
