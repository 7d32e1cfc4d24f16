import Foundation
import Testing
@testable import StoreKitSim

/// Renewals whose payment fails (Xcode's billing retry condition), with and without grace.
@Suite struct BillingRetryTests {
    @Test(arguments: StorageKind.allCases)
    func graceKeepsAccessThenRetryThenExpiry(kind: StorageKind) throws {
        let t = try Harness.plans(kind) { $0.billingRetry = true; $0.gracePeriod = .sixteenDays }
        let first = try t.buy(Plans.proMonthly)
        let expiry = try #require(first.expiresDate)
        try t.advance(to: expiry, plus: 1)
        let grace = try #require(try t.status)
        #expect(grace.state == .inGracePeriod)
        #expect(try t.records.receipt.count == 1, "no renewal made")
        let product = try #require(Plans.catalog.product(Plans.proMonthly))
        #expect(try t.records.ownedUntil(product) == grace.gracePeriodExpiresDate)

        try t.advance(to: try #require(grace.gracePeriodExpiresDate), plus: 1)
        #expect(try t.status?.state == .inBillingRetryPeriod)
        #expect(try t.records.ownedUntil(product) == nil)

        try t.advance(to: SubscriptionLifecycle.billingRetryEndDate(grace)!, plus: 1)
        #expect(try t.status?.state == .expired && t.status?.expirationReason == .billingError)
        #expect(try t.storedEvents.map(\.kind).suffix(3) == [.renewalFailed, .gracePeriodExpired, .expired])
    }

    @Test(arguments: StorageKind.allCases)
    func fixingBillingInRetryRenewsFromTheRecovery(kind: StorageKind) throws {
        let t = try Harness.plans(kind) { $0.billingRetry = true }
        let first = try t.buy(Plans.proMonthly)
        try t.advance(to: try #require(first.expiresDate), plus: 86_400)
        #expect(try t.status?.state == .inBillingRetryPeriod)
        // Turning the condition off fixes nothing already failing.
        try t.set { $0.billingRetry = false }
        try t.queue.tick()
        #expect(try t.status?.state == .inBillingRetryPeriod)

        t.app.receive(try t.admin.resolveBillingIssue(Plans.proMonthly))
        let renewal = try #require(t.updates.last)
        #expect(renewal.reason == .renewal && renewal.date == t.queue.now)
        #expect(renewal.expiresDate == Plans.month.added(to: t.queue.now))
        #expect(try t.status?.state == .subscribed)
        #expect(t.app.isSubscriptionActive(Plans.proMonthly, now: t.clock.now))
        #expect(try t.storedEvents.last?.kind == .recovered)
    }
}
