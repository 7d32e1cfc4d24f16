import Foundation
import Testing
@testable import AppStoreCore

/// Purchases belong to the Apple Account that made them.
@Suite struct AccountTests {
    static let other = "other@example.com"

    @Test func anotherAccountSeesNoneOfThePurchasesAndSwitchingBackBringsThemBack() throws {
        let t = try Harness()
        let premium = try t.buy(ID.premium)
        let monthly = try t.buy(ID.monthly)
        #expect(premium.account == Settings.defaultAccount)
        #expect(monthly.isTrialPeriod == true)
        try t.app.defaults.removeAll()

        try t.set { $0.account = Self.other }
        var records = try t.records
        #expect(!records.owns(ID.premium))
        #expect(records.ownedUntil(try #require(t.store.catalog.product(ID.monthly))) == nil)
        try t.restore()
        #expect(try t.records.transactions.filter { $0.queueState.state == .restored }.isEmpty, "nothing to restore")
        #expect(!t.app.premiumUnlocked)
        let trial = try t.buy(ID.monthly)
        #expect(trial.isTrialPeriod == true, "the free trial is this account's to take")
        let bought = try t.buy(ID.premium)
        #expect(bought.reason == .purchase, "a purchase, not a re-download of another account's")

        try t.set { $0.account = Settings.defaultAccount }
        records = try t.records
        #expect(records.owns(ID.premium))
        try t.app.defaults.removeAll()
        try t.restore()
        let restored = try t.records.transactions.filter { $0.queueState.state == .restored }
        #expect(Set(restored.map(\.productID)) == [ID.premium, ID.monthly])
        #expect(restored.allSatisfy { $0.account == Settings.defaultAccount })
        #expect(restored.first { $0.productID == ID.premium }?.originalID == premium.id)
    }

    @Test func unfinishedTransactionsWaitForTheirAccount() throws {
        let t = try Harness()
        t.app.handlesTransactions = false
        let left = try t.buy(ID.premium)
        try t.set { $0.account = Self.other }

        let elsewhere = try t.relaunched()
        #expect(elsewhere.app.events.isEmpty, "another account's transaction is not delivered")
        #expect(elsewhere.queue.transactions.isEmpty)
        #expect(!elsewhere.app.premiumUnlocked)

        try elsewhere.set { $0.account = Settings.defaultAccount }
        try elsewhere.queue.refresh()
        #expect(elsewhere.app.premiumUnlocked, "delivered when its account signs in again")
        #expect(try elsewhere.transaction(left.id).queueState.finished)
    }

    @Test func aSignedOutAccountsSubscriptionRenewsAndWaitsForIt() throws {
        let t = try Harness()
        let first = try t.buy(ID.monthly)
        try t.set { $0.account = Self.other }
        t.clock.advance(by: try #require(first.expirationDate).timeIntervalSince(t.clock.now) + 1)
        try t.queue.tick()
        let records = try t.records
        let renewal = try #require(records.completedPurchases(of: Settings.defaultAccount).last)
        #expect(renewal.reason == .renewal, "the store renews it whoever is signed in here")
        #expect(renewal.originalID == first.id)
        #expect(!renewal.queueState.finished)
        #expect(records.queue.isEmpty, "not this account's to receive")

        try t.set { $0.account = Settings.defaultAccount }
        try t.queue.refresh()
        #expect(try t.transaction(renewal.id).queueState.finished)
        #expect(t.app.subscriptionExpiry(ID.monthly) == renewal.expirationDate)
    }

    @Test func theAccountsPurchasesSurviveOnDisk() throws {
        let directory = TemporaryDirectory()
        let t = try Harness.onDisk(directory)
        try t.buy(ID.premium)
        try t.set { $0.account = Self.other }
        #expect(try !storeDatabase(directory).load().owns(ID.premium))
        try t.set { $0.account = Settings.defaultAccount }
        #expect(try storeDatabase(directory).load().owns(ID.premium))
    }

    /// Whom a sign-in offers: the accounts that bought, the last first, read alike from
    /// store.sqlite and from memory (a failed purchase is no use of the store).
    @Test(arguments: [false, true])
    func theAccountsUsedAreListedTheLastFirst(onDisk: Bool) throws {
        let t = onDisk ? try Harness.onDisk() : try Harness()
        try t.buy(ID.premium)
        try t.set { $0.account = Self.other }
        try t.buy(ID.credits5)
        try t.set { $0.account = "failed@example.com"; $0.failWith = .paymentNotAllowed }
        try t.buy(ID.credits10)
        try t.set { $0.account = Settings.defaultAccount; $0.failWith = nil }
        try t.buy(ID.credits10)
        #expect(try t.storage.load().accountsByLastUse == [Settings.defaultAccount, Self.other])
        try t.set { $0.account = nil }
        #expect(try t.storage.load().accountsByLastUse == [Settings.defaultAccount, Self.other], "signed out, they stay")
    }
}
