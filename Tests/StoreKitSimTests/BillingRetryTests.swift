import Foundation
import Testing
@testable import AppStoreCore

/// Renewals whose payment fails (Xcode's billing retry condition), with and without grace.
@Suite struct BillingRetryTests {
    @Test(arguments: StorageKind.allCases)
    func graceKeepsAccessThenRetryThenExpiry(kind: StorageKind) throws {
        let t = try Harness.plans(kind) { $0.billingRetry = true; $0.gracePeriod = .sixteenDays }
        let first = try t.buy(Plans.proMonthly)
        let expiry = try #require(first.expirationDate)
        try t.advance(to: expiry, plus: 1)
        let grace = try #require(try t.status)
        #expect(grace.state == .inGracePeriod)
        #expect(try t.records.signedInPurchases.count == 1, "no renewal made")
        let product = try #require(Plans.catalog.product(Plans.proMonthly))
        #expect(try t.records.ownedUntil(product) == grace.gracePeriodExpiresDate)

        try t.advance(to: try #require(grace.gracePeriodExpiresDate), plus: 1)
        #expect(try t.status?.state == .inBillingRetryPeriod)
        #expect(try t.records.ownedUntil(product) == nil)

        try t.advance(to: SubscriptionLifecycle.billingRetryEndDate(grace)!, plus: 1)
        #expect(try t.status?.state == .expired && t.status?.expirationReason == .billingError)
        #expect(try t.storedEvents.map(\.kind).suffix(3) == [.renewalFailed, .gracePeriodExpired, .expired])
    }

    /// The grace's eligibility, as App Store Connect offers it: with all renewals a trial's
    /// failing conversion gets the grace; with paid-to-paid renewals only it goes straight into
    /// billing retry, with no access, while a paid period's failing renewal still gets it.
    @Test(arguments: StorageKind.allCases)
    func paidToPaidOnlyGivesATrialsFailedConversionNoGrace(kind: StorageKind) throws {
        let all = try Harness.plans(kind) { $0.billingRetry = true; $0.gracePeriod = .sixteenDays }
        let trial = try all.buy(Plans.proMonthly)
        #expect(trial.isTrialPeriod == true)
        try all.advance(to: try #require(trial.expirationDate), plus: 1)
        #expect(try all.status?.state == .inGracePeriod)

        let paidOnly = try Harness.plans(kind) {
            $0.billingRetry = true; $0.gracePeriod = .sixteenDays; $0.graceRenewals = .paidToPaid
        }
        let converting = try paidOnly.buy(Plans.proMonthly)
        try paidOnly.advance(to: try #require(converting.expirationDate), plus: 1)
        let failed = try #require(try paidOnly.status)
        #expect(failed.state == .inBillingRetryPeriod && failed.gracePeriodExpiresDate == nil, "no grace for a trial's conversion")
        #expect(try paidOnly.storedEvents.last?.kind == .renewalFailed && paidOnly.storedEvents.last?.details.gracePeriodExpiresDate == nil)

        let paid = try Harness.plans(kind) {
            $0.billingRetry = true; $0.gracePeriod = .sixteenDays; $0.graceRenewals = .paidToPaid
        }
        let lite = try paid.buy(Plans.liteMonthly)
        #expect(lite.price == 5)
        try paid.advance(to: try #require(lite.expirationDate), plus: 1)
        #expect(try paid.status?.state == .inGracePeriod, "a paid period's renewal keeps its grace")
    }

    @Test(arguments: StorageKind.allCases)
    func fixingBillingInRetryRenewsFromTheRecovery(kind: StorageKind) throws {
        let t = try Harness.plans(kind) { $0.billingRetry = true }
        let first = try t.buy(Plans.proMonthly)
        try t.advance(to: try #require(first.expirationDate), plus: 86_400)
        #expect(try t.status?.state == .inBillingRetryPeriod)
        // Turning the condition off fixes nothing already failing.
        try t.set { $0.billingRetry = false }
        try t.queue.tick()
        #expect(try t.status?.state == .inBillingRetryPeriod)

        t.app.receive(try t.hear { try $0.resolveBillingIssue(Plans.proMonthly, account: t.signedIn) })
        let renewal = try #require(t.updates.last)
        #expect(renewal.reason == .renewal && renewal.queueState.transactionDate == t.queue.now)
        #expect(renewal.expirationDate == Plans.month.added(to: t.queue.now))
        #expect(try t.status?.state == .subscribed)
        #expect(t.app.isSubscriptionActive(Plans.proMonthly, now: t.clock.now))
        #expect(try t.storedEvents.last?.kind == .recovered)
    }

    /// A purchase of the plan, asked while the payment was failing (no access), answered after
    /// the recovery brought the plan back: refused as it would be if asked now, with its event,
    /// not completed for nothing with none.
    @Test(arguments: StorageKind.allCases)
    func aPurchaseAnsweredAfterTheRecoveryIsRefused(kind: StorageKind) throws {
        let t = try Harness.plans(kind) { $0.billingRetry = true }
        let first = try t.buy(Plans.proMonthly)
        try t.advance(to: try #require(first.expirationDate), plus: 86_400)
        let started = try t.queue.add(Payment(productID: Plans.proMonthly))
        try t.queue.confirm(started)
        t.app.receive(try t.hear { try $0.resolveBillingIssue(Plans.proMonthly, account: t.signedIn) })
        t.clock.advance(by: Harness.latency)
        try t.queue.tick()

        let answered = try t.transaction(started.id)
        #expect(answered.queueState.state == .failed && answered.queueState.error == .alreadyOwned)
        #expect(try t.storedEvents.map(\.kind).suffix(2) == [.recovered, .purchaseFailed])
        #expect(try t.storedEvents.last?.transactionID == started.id)
        #expect(try t.status?.latestTransactionID != started.id)
    }

    /// Likewise an Ask to Buy request approved after the recovery.
    @Test(arguments: StorageKind.allCases)
    func aRequestApprovedAfterTheRecoveryIsRefused(kind: StorageKind) throws {
        let t = try Harness.plans(kind) { $0.billingRetry = true }
        let first = try t.buy(Plans.proMonthly)
        try t.advance(to: try #require(first.expirationDate), plus: 86_400)
        try t.set { $0.askToBuy = true }
        let deferred = try t.buy(Plans.proMonthly)
        #expect(deferred.queueState.state == .deferred)
        t.app.receive(try t.hear { try $0.resolveBillingIssue(Plans.proMonthly, account: t.signedIn) })
        try t.queue.approve(transactionID: deferred.id)

        let answered = try t.transaction(deferred.id)
        #expect(answered.queueState.state == .failed && answered.queueState.error == .alreadyOwned)
        #expect(try t.storedEvents.map(\.kind).suffix(3) == [.recovered, .askToBuyApproved, .purchaseFailed])
    }
}
