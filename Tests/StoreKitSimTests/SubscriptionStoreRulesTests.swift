import DataFiles
import Foundation
import SampleApp
import Testing
@testable import AppStoreCore

/// The subscription rules at their edges: each test states what the App Store does.
@Suite struct SubscriptionStoreRulesTests {
    // A forced renewal ends the period now: what follows (a failure, an expiry) starts from now.
    @Test(arguments: StorageKind.allCases)
    func forcedRenewalThatFailsEndsThePeriodNow(kind: StorageKind) throws {
        let t = try Harness.plans(kind) { $0.billingRetry = true; $0.gracePeriod = .sixteenDays }
        let bought = try t.buy(Plans.proYearly)
        let oldEnd = try #require(bought.expirationDate)
        t.app.receive(try t.hear { try $0.forceRenewal(Plans.proYearly, account: t.signedIn) })
        let failed = try #require(try t.status)
        #expect(failed.state == .inGracePeriod)
        #expect(failed.expiresDate <= t.queue.now, "the forced renewal ended the period now, yet expiresDate is \(failed.expiresDate)")
        // Fixed in grace, the cycle is 'unchanged': it runs from the old end, a year past the forced renewal.
        t.app.receive(try t.hear { try $0.resolveBillingIssue(Plans.proYearly, account: t.signedIn) })
        let recovered = try #require(try t.status)
        #expect(recovered.expiresDate == Plans.year.added(to: t.queue.now) || recovered.expiresDate < Plans.year.added(to: oldEnd),
                "recovered to \(recovered.expiresDate): one payment bought two years")
    }

    @Test(arguments: StorageKind.allCases)
    func forcedRenewalWithAutoRenewOffExpiresNow(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        try t.buy(Plans.proYearly)
        t.app.receive(try t.hear { try $0.setAutoRenew(Plans.proYearly, on: false, account: t.signedIn) })
        t.app.receive(try t.hear { try $0.forceRenewal(Plans.proYearly, account: t.signedIn) })
        let status = try #require(try t.status)
        #expect(status.state == .expired)
        #expect(status.expiresDate <= t.queue.now, "expired, yet 'Expired \(status.expiresDate)' is a year ahead")
    }

    // A downgrade while an increase of the current plan waits for consent: the renewal is for
    // the lower plan, whose price did not rise, so nothing waits for consent.
    @Test(arguments: StorageKind.allCases)
    func downgradeDropsAPendingIncreaseOfTheOldPlan(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let bought = try t.buy(Plans.proYearly)
        t.app.receive(try t.hear { try $0.requestPriceIncrease(Plans.proYearly, price: 120, consentNeeded: true) })
        #expect(try t.status?.priceIncreaseStatus == .pending)
        try t.buy(Plans.liteMonthly)
        #expect(try t.status?.autoRenewProductID == Plans.liteMonthly)
        try t.advance(to: try #require(bought.expirationDate), plus: 1)
        let status = try #require(try t.status)
        #expect(status.state == .subscribed && status.productID == Plans.liteMonthly,
                "renewal to \(Plans.liteMonthly) ended as \(status.state) (\(String(describing: status.expirationReason)))")
    }

    // Cancelled (auto-renew off) in grace, then the payment method fixed: nothing is charged;
    // the grace runs out on its own.
    @Test(arguments: StorageKind.allCases)
    func fixingBillingAfterCancellingChargesNothing(kind: StorageKind) throws {
        let t = try Harness.plans(kind) { $0.billingRetry = true; $0.gracePeriod = .sixteenDays }
        let bought = try t.buy(Plans.proYearly)
        try t.advance(to: try #require(bought.expirationDate), plus: 1)
        #expect(try t.status?.state == .inGracePeriod)
        t.app.receive(try t.hear { try $0.setAutoRenew(Plans.proYearly, on: false, account: t.signedIn) })
        let receiptBefore = try t.purchases().count
        _ = try? t.hear { try $0.resolveBillingIssue(Plans.proYearly, account: t.signedIn) }
        #expect(try t.purchases().count == receiptBefore, "a renewal was charged after the subscriber cancelled")
    }

    // An increase needing consent asked for during billing retry, then billing fixed: the
    // recovery charges the price before the increase, as nobody agreed.
    @Test(arguments: StorageKind.allCases)
    func recoveryDoesNotChargeAnUnagreedIncrease(kind: StorageKind) throws {
        let t = try Harness.plans(kind) { $0.billingRetry = true }
        let bought = try t.buy(Plans.proYearly)
        try t.advance(to: try #require(bought.expirationDate), plus: 86_400)
        #expect(try t.status?.state == .inBillingRetryPeriod)
        t.app.receive(try t.hear { try $0.requestPriceIncrease(Plans.proYearly, price: 120, consentNeeded: true) })
        t.app.receive(try t.hear { try $0.resolveBillingIssue(Plans.proYearly, account: t.signedIn) })
        let renewal = try #require(try t.purchases().last)
        let consent = try t.status?.priceIncreaseStatus
        #expect(renewal.price == 100, "charged \(String(describing: renewal.price)) with consent still \(String(describing: consent))")
        // Still not agreed at the next renewal: it expires for it.
        #expect(consent == .pending)
        try t.advance(to: try #require(try t.status?.expiresDate), plus: 1)
        #expect(try t.status?.expirationReason == .didNotConsentToPriceIncrease)
    }

    // The store clock runs to the year 9999, past Date.distantFuture (4001): so do renewals.
    @Test(arguments: StorageKind.allCases)
    func renewsAfterTheYear4001(kind: StorageKind) throws {
        let clock = ManualClock(now: try #require(JSONCoding.parse("4000-12-01T00:00:00Z")))
        let directory = TemporaryDirectory()
        let t = try Harness(storage: try kind.make(directory, catalog: Plans.catalog), directory: directory, clock: clock,
                            catalog: Plans.catalog)
        let bought = try t.buy(Plans.proYearly)
        #expect(t.queue.nextDueDate == bought.expirationDate)
        try t.advance(to: try #require(bought.expirationDate), plus: 1)
        #expect(try t.purchases().count == 2, "no renewal in 4001")
    }

    // Auto-renew turned back on by buying the plan the renewal already names is an event.
    @Test(arguments: StorageKind.allCases)
    func autoRenewBackOnByAPurchaseIsAnEvent(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        try t.buy(Plans.proYearly)
        try t.buy(Plans.liteMonthly)
        t.app.receive(try t.hear { try $0.setAutoRenew(Plans.proYearly, on: false, account: t.signedIn) })
        let before = try t.storedEvents.count
        try t.buy(Plans.liteMonthly)
        #expect(try t.status?.willAutoRenew == true)
        #expect(try t.storedEvents.count > before, "auto-renew went back on with no event")
    }

    // A cancelled plan whose period ran out while no process caught up no longer keeps the
    // account in its storefront.
    @Test(arguments: StorageKind.allCases)
    func storefrontChangeAfterACancelledPlanRanOut(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let bought = try t.buy(Plans.proYearly)
        t.app.receive(try t.hear { try $0.setAutoRenew(Plans.proYearly, on: false, account: t.signedIn) })
        t.clock.advance(by: try #require(bought.expirationDate).timeIntervalSince(t.clock.now) + 86_400)
        #expect(throws: Never.self) { try t.set { $0.storefront = "JPN" } }
    }

    // A lower price needs no consent: not answering does not expire the plan.
    @Test(arguments: StorageKind.allCases)
    func aPriceCutNeedsNoConsent(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let bought = try t.buy(Plans.proYearly)
        t.app.receive(try t.hear { try $0.requestPriceIncrease(Plans.proYearly, price: 50, consentNeeded: true) })
        try t.advance(to: try #require(bought.expirationDate), plus: 1)
        #expect(try t.status?.state == .subscribed, "expired for not agreeing to a price cut")
    }
}

extension SubscriptionStoreRulesTests {
    // At the end of the store's time a period can be followed by no other: the status stays,
    // with the same date in both storages, and catching up ends.
    @Test(arguments: StorageKind.allCases)
    func aPeriodAtTheEndOfTimeIsNotRenewed(kind: StorageKind) throws {
        let clock = ManualClock(now: try #require(JSONCoding.parse("9999-06-01T00:00:00Z")))
        let directory = TemporaryDirectory()
        let t = try Harness(storage: try kind.make(directory, catalog: Plans.catalog), directory: directory, clock: clock,
                            catalog: Plans.catalog)
        let bought = try t.buy(Plans.proYearly)
        #expect(bought.expirationDate == StoreTimes.range.upperBound)
        #expect(try t.status?.expiresDate == StoreTimes.range.upperBound)
        try t.advance(to: StoreTimes.range.upperBound)
        #expect(try t.purchases().count == 1)
        #expect(try t.status?.state == .subscribed)
        #expect(t.queue.nextDueDate == nil)
    }

    // Recovered in grace, the period runs from the old end: an upgrade just after refunds the
    // unused part of that period, not the whole price.
    @Test(arguments: StorageKind.allCases)
    func anUpgradeAfterARecoveryInGraceRefundsTheUnusedPart(kind: StorageKind) throws {
        let t = try Harness.plans(kind) { $0.billingRetry = true; $0.gracePeriod = .sixteenDays }
        let bought = try t.buy(Plans.liteMonthly)
        let oldEnd = try #require(bought.expirationDate)
        try t.advance(to: oldEnd, plus: 86_400)
        #expect(try t.status?.state == .inGracePeriod)
        t.app.receive(try t.hear { try $0.resolveBillingIssue(Plans.liteMonthly, account: t.signedIn) })
        #expect(try t.status?.expiresDate == Plans.month.added(to: oldEnd))
        try t.buy(Plans.proMonthly)
        let upgraded = try #require(try t.storedEvents.last { $0.kind == .upgraded })
        let refund = try #require(upgraded.details.refundedAmount)
        // A day of a month used: about $4.84 of $5.
        #expect(refund < 5 && refund > 4.5, "refunded \(refund): the day used in grace counted as unused")
    }

    // A product another group's status names (a .storekit that moved it into another group)
    // gets no second status.
    @Test func aProductAnotherGroupsStatusNamesIsNotAdoptedAgain() throws {
        var records = StoreWorkingSet()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let account = try #require(records.settings.account)
        var t = Transaction(id: "1", payment: Payment(productID: Plans.proMonthly), state: .purchased, date: now,
                            account: account, purchaseFacts: PurchaseFacts(expiresDate: now + 300))
        t.queueState.finished = true
        records.transactions = [t]
        records.nextTransactionNumber = 2
        records.subscriptions = [SubscriptionStatus(
            account: account, groupID: "formerGroup", productID: Plans.proMonthly, state: .subscribed,
            originalTransactionID: "1", latestTransactionID: "1", expiresDate: now + 300, recentSubscriptionStartDate: now)]
        records.adoptPurchasesWithoutStatus(catalog: Plans.catalog)
        #expect(records.subscriptions.count == 1)
        #expect(records.subscriptions.first?.groupID == "formerGroup")
    }
}

extension Harness {
    /// Every purchase of the signed-in account in the plans' group, from the whole history.
    func purchases() throws -> [Transaction] {
        let account = try #require(try records.settings.account)
        return try storage.purchases(of: account, productIDs: Set(Plans.catalog.products.map(\.id)))
    }
}
