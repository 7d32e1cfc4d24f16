import Foundation
import SampleApp
import Testing
@testable import AppStoreCore
@testable import StoreKitSim
import Wording

/// The App Store's side of the history (SKTestSession's refundTransaction, deleteTransaction,
/// clearTransactions), over both storages.
@Suite struct RefundTests {
    static let premium = "com.storefront.premium"
    static let credits = "com.storefront.credits.5"
    static let pass = "com.storefront.pass.yearly"

    static func harness(_ kind: StorageKind) throws -> Harness {
        let directory = TemporaryDirectory()
        return try Harness(storage: try kind.make(directory), directory: directory)
    }

    @Test(arguments: StorageKind.allCases)
    func aRefundedNonConsumableIsNoLongerOwnedAndRestoreBringsNothing(kind: StorageKind) throws {
        let t = try Self.harness(kind)
        let bought = try t.buy(Self.premium)
        #expect(try t.records.owns(Self.premium))
        try t.hear { try $0.refundTransaction(bought.id, Refund(reason: .developerIssue)) }
        let refunded = try t.transaction(bought.id)
        #expect(refunded.revocationDate == t.queue.now && refunded.revocationReason == .developerIssue)
        #expect(refunded.revocationType == .refundFull && refunded.revocationPercentage == 100_000)
        #expect(try !t.records.owns(Self.premium))
        let before = t.updates.count
        try t.restore()
        #expect(!t.updates.dropFirst(before).contains { $0.productID == Self.premium }, "a restore brings nothing back")
        let event = try #require(try t.storedEvents.last { $0.kind == .refunded })
        #expect(event.transactionID == bought.id && event.details.revocationReason == .developerIssue
                && event.details.revocationType == .refundFull && event.details.revocationPercentage == 100_000)
    }

    /// A re-download is the same purchase got again: the refund of the purchase takes it too.
    @Test(arguments: StorageKind.allCases)
    func aRefundedPurchaseTakesItsRedownloadsWithIt(kind: StorageKind) throws {
        let t = try Self.harness(kind)
        let bought = try t.buy(Self.premium)
        let again = try t.buy(Self.premium)
        let third = try t.buy(Self.premium)
        #expect(again.reason == .redownload && third.reason == .redownload)
        try t.hear { try $0.refundTransaction(bought.id) }
        #expect(try !t.records.owns(Self.premium), "not owned through a re-download")
        #expect(try t.transaction(again.id).isRevoked && t.transaction(third.id).isRevoked)
        #expect(try t.storedEvents.filter { $0.kind == .refunded }.map(\.transactionID) == [bought.id], "one refund")
        #expect(throws: StoreAdminError.alreadyRefunded(again.id)) { try t.hear { try $0.refundTransaction(again.id) } }
        // Bought again after the refund: a purchase, owned.
        #expect(try t.buy(Self.premium).reason == .purchase)
        #expect(try t.records.owns(Self.premium))
    }

    @Test(arguments: StorageKind.allCases)
    func refundingARedownloadRefundsThePurchaseItGotAgain(kind: StorageKind) throws {
        let t = try Self.harness(kind)
        let bought = try t.buy(Self.premium)
        let again = try t.buy(Self.premium)
        try t.hear { try $0.refundTransaction(again.id) }
        #expect(try t.transaction(bought.id).isRevoked && t.transaction(again.id).isRevoked)
        #expect(try !t.records.owns(Self.premium))
        #expect(try t.storedEvents.filter { $0.kind == .refunded }.map(\.transactionID) == [bought.id])
    }

    @Test(arguments: StorageKind.allCases)
    func aProratedRefundOfANonRenewingPassIsKept(kind: StorageKind) throws {
        let t = try Self.harness(kind)
        let bought = try t.buy(Self.pass)
        try t.hear { try $0.refundTransaction(bought.id, .prorated(50)) }
        let refunded = try t.transaction(bought.id)
        #expect(refunded.revocationType == .refundProrated && refunded.revocationPercentage == 50_000 && refunded.revocationReason == .other)
        #expect(try !t.records.owns(Self.pass))
    }

    @Test(arguments: StorageKind.allCases)
    func aConsumableIsRefundedInFullOnly(kind: StorageKind) throws {
        let t = try Self.harness(kind)
        let bought = try t.buy(Self.credits)
        #expect(throws: StoreAdminError.consumableProrated(bought.id)) { try t.hear { try $0.refundTransaction(bought.id, .prorated(50)) } }
        try t.hear { try $0.refundTransaction(bought.id) }
        #expect(try t.transaction(bought.id).isRevoked)
    }

    @Test(arguments: StorageKind.allCases)
    func refundsThatCannotApplyAreRefused(kind: StorageKind) throws {
        let t = try Self.harness(kind)
        #expect(throws: StoreAdminError.noSuchTransaction("42")) { try t.hear { try $0.refundTransaction("42") } }
        let bought = try t.buy(Self.premium)
        #expect(throws: StoreAdminError.invalidRefundPercentage(0)) { try t.hear { try $0.refundTransaction(bought.id, Refund(percentage: 0)) } }
        #expect(throws: StoreAdminError.invalidRefundPercentage(100_001)) { try t.hear { try $0.refundTransaction(bought.id, Refund(percentage: 100_001)) } }
        try t.hear { try $0.refundTransaction(bought.id) }
        #expect(throws: StoreAdminError.alreadyRefunded(bought.id)) { try t.hear { try $0.refundTransaction(bought.id) } }
        try t.set { $0.failWith = .paymentCancelled }
        let failed = try t.buy(Self.credits)
        #expect(failed.queueState.state == .failed)
        #expect(throws: StoreAdminError.notCompletedPurchase(failed.id, .failed)) { try t.hear { try $0.refundTransaction(failed.id) } }
        #expect(try t.storedEvents.filter { $0.kind == .refunded }.count == 1, "a refusal writes nothing")
    }

    /// As Xcode's Transaction Manager refunds any transaction by id: a purchase the app has not
    /// finished is refunded, and stays in the queue revoked; a request still waiting is no
    /// purchase to refund.
    @Test(arguments: StorageKind.allCases)
    func aTransactionTheAppHasNotFinishedIsRefundedInTheQueue(kind: StorageKind) throws {
        let t = try Self.harness(kind)
        try t.set { $0.finishTransactions = false }
        let bought = try t.buy(Self.premium)
        #expect(bought.queueState.state == .purchased && !bought.queueState.finished)
        try t.hear { try $0.refundTransaction(bought.id) }
        let refunded = try t.transaction(bought.id)
        #expect(refunded.isRevoked && !refunded.queueState.finished)
        #expect(t.queue.transactions.map(\.id) == [bought.id], "still waiting for the app")
        try t.set { $0.askToBuy = true }
        let request = try t.queue.add(Payment(productID: Self.pass))
        #expect(throws: StoreAdminError.notCompletedPurchase(request.id, request.queueState.state)) { try t.hear { try $0.refundTransaction(request.id) } }
    }

    /// A renewal the closed app has not finished is refunded, as Xcode refunds it: the
    /// subscription is revoked now, and the app, launched, is handed the renewal revoked, as
    /// StoreKit hands an unfinished transaction refunded since (its `revocationDate` set):
    /// nothing delivered, finished, and the refund not taken back a second time.
    @Test(arguments: StorageKind.allCases)
    func aRenewalTheAppHasNotFinishedIsRefundedAndArrivesRevoked(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let (_, renewal) = try DeleteTransactionTests.renewedWhileClosed(t)
        try t.admin.refundTransaction(renewal.id)
        let refunded = try t.transaction(renewal.id)
        #expect(refunded.isRevoked && !refunded.queueState.finished, "revoked, still waiting for the app")
        #expect(try t.status?.state == .revoked)
        #expect(try t.storedEvents.last { $0.kind == .refunded }?.transactionID == renewal.id)
        let relaunch = try DeleteTransactionTests.relaunched(t)
        let handed = relaunch.updates.filter { $0.id == renewal.id }
        #expect(handed.count == 1 && handed.first?.revocationDate != nil, "handed once, revoked")
        #expect(relaunch.app.events.contains { if case .revokedBeforeDelivery(let r) = $0 { r.id == renewal.id } else { false } })
        #expect(!relaunch.app.events.contains { if case .delivered(let d, _) = $0 { d.id == renewal.id } else { false } })
        #expect(!relaunch.app.events.contains { if case .revoked = $0 { true } else { false } }, "taken back once: it gave nothing")
        #expect(try relaunch.transaction(renewal.id).queueState.finished)
        #expect(relaunch.app.takenBack == [renewal.id])
        #expect(!relaunch.app.isSubscriptionActive(Plans.proMonthly, now: relaunch.queue.now))
    }

    @Test(arguments: StorageKind.allCases)
    func aRefundedSubscriptionIsRevokedAtOnceWithAutoRenewOff(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let bought = try t.buy(Plans.proMonthly)
        t.clock.advance(by: 3600)
        try t.hear { try $0.refundTransaction(bought.id, .timeLeft()) }
        let status = try #require(try t.status)
        #expect(status.state == .revoked && !status.willAutoRenew && status.expiresDate == t.queue.now)
        #expect(!status.givesAccess)
        #expect(t.queue.nextDueDate == nil, "nothing left to renew")
        #expect(throws: StoreAdminError.subscriptionExpired(Plans.proMonthly)) { try t.hear { try $0.forceRenewal(Plans.proMonthly, account: t.signedIn) } }
        // Buying again subscribes again.
        try t.buy(Plans.proMonthly)
        #expect(try t.status?.state == .subscribed)
    }

    @Test(arguments: StorageKind.allCases)
    func aDeletedTransactionLeavesTheHistoryWithoutARefund(kind: StorageKind) throws {
        let t = try Self.harness(kind)
        let bought = try t.buy(Self.premium)
        try t.hear { try $0.deleteTransaction(bought.id) }
        #expect(try t.storage.transaction(bought.id) == nil)
        #expect(try !t.records.owns(Self.premium))
        #expect(try t.storedEvents.last?.kind == .transactionDeleted)
        #expect(throws: StoreAdminError.noSuchTransaction(bought.id)) { try t.hear { try $0.deleteTransaction(bought.id) } }
        // A purchase again is a purchase, not a re-download.
        #expect(try t.buy(Self.premium).reason == .purchase)
    }

    @Test(arguments: StorageKind.allCases)
    func deletingASubscriptionsTransactionForgetsTheSubscription(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let bought = try t.buy(Plans.proMonthly)
        try t.hear { try $0.deleteTransaction(bought.id) }
        #expect(try t.status == nil)
        #expect(t.queue.nextDueDate == nil)
    }

    /// The renewal the subscription is in deleted, with the period left already over: the
    /// store does at once what fell due at that period's end, so the status never reads as a
    /// period past (renewed, dated when it fell due, or expired with auto-renew off).
    @Test(arguments: StorageKind.allCases)
    func deletingTheCurrentRenewalCatchesUpFromThePeriodLeft(kind: StorageKind) throws {
        for autoRenew in [true, false] {
            let t = try Harness.plans(kind)
            let bought = try t.buy(Plans.proYearly)
            let end = try #require(bought.expirationDate)
            try t.advance(to: end, plus: 60)
            let renewal = try #require(try t.status?.latestTransactionID)
            #expect(renewal != bought.id)
            if !autoRenew { try t.hear { try $0.setAutoRenew(Plans.proYearly, on: false, account: t.signedIn) } }
            try t.hear { try $0.deleteTransaction(renewal) }
            #expect(try t.storage.transaction(renewal) == nil)
            let status = try #require(try t.status)
            #expect(status.originalTransactionID == bought.id, "autoRenew \(autoRenew)")
            if autoRenew {
                let again = try t.transaction(status.latestTransactionID)
                #expect(status.state == .subscribed && status.expiresDate > t.queue.now && again.id != renewal)
                #expect(again.reason == .renewal && again.purchaseDate == end, "dated when it fell due")
            } else {
                #expect(status.state == .expired && status.latestTransactionID == bought.id && status.expiresDate == end)
            }
            #expect(t.queue.nextDueDate.map { $0 > t.queue.now } ?? true, "nothing left overdue")
        }
    }

    /// Each transaction a deletion takes is an event of its own, the one asked for last.
    @Test(arguments: StorageKind.allCases)
    func deletingAnOriginalTellsEachTransactionItTook(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let bought = try t.buy(Plans.proMonthly)
        try t.advance(to: try #require(bought.expirationDate), plus: 60)
        let renewal = try #require(try t.status?.latestTransactionID)
        try t.hear { try $0.deleteTransaction(bought.id) }
        let deleted = try t.storedEvents.filter { $0.kind == .transactionDeleted }
        #expect(deleted.map(\.transactionID) == [renewal, bought.id])
        #expect(try t.status == nil)
    }

    @Test(arguments: StorageKind.allCases)
    func clearingThePurchaseHistoryKeepsTheSettingsAndTheQueue(kind: StorageKind) throws {
        let t = try Self.harness(kind)
        for _ in 0..<3 { try t.buy(Self.credits) }
        try t.buy(Self.premium)
        try t.set { $0.askToBuy = true; $0.storefront = "JPN" }
        let request = try t.queue.add(Payment(productID: Self.pass))
        try t.hear { try $0.clearPurchaseHistory(of: t.signedIn) }
        #expect(try t.storage.history(last: nil, finishedOnly: false).map(\.id) == [request.id])
        #expect(try !t.records.owns(Self.premium))
        #expect(try t.records.settings.askToBuy && t.records.settings.storefront == "JPN")
        #expect(try t.storedEvents.last?.kind == .purchaseHistoryCleared)
        try t.set { $0.account = nil }
        #expect(throws: StoreAdminError.signedOut) { try t.hear { try $0.clearPurchaseHistory(of: t.signedIn) } }
    }

    @Test(arguments: StorageKind.allCases)
    func clearingLeavesAnotherAccountsHistory(kind: StorageKind) throws {
        let t = try Self.harness(kind)
        let theirs = try t.buy(Self.premium)
        try t.set { $0.account = "other@example.com" }
        try t.buy(Self.premium)
        try t.hear { try $0.clearPurchaseHistory(of: t.signedIn) }
        #expect(try t.storage.history(last: nil, finishedOnly: false).map(\.id) == [theirs.id])
    }

    /// A refund adds a revocation: the purchase's own facts (its dates and what it cost) stay
    /// as the store completed it, and the history keeps it where it was.
    @Test(arguments: StorageKind.allCases)
    func aRefundLeavesThePurchaseAsItWasAndAddsARevocation(kind: StorageKind) throws {
        let t = try Self.harness(kind)
        let bought = try t.buy(Self.pass)
        let later = try t.buy(Self.premium)
        t.clock.advance(by: 3 * 86_400)
        try t.hear { try $0.refundTransaction(bought.id, .prorated(25, reason: .developerIssue)) }
        let refunded = try t.transaction(bought.id)
        #expect(refunded.queueState.transactionDate == bought.queueState.transactionDate && refunded.purchaseDate == bought.purchaseDate)
        #expect(refunded.price == bought.price && refunded.currency == bought.currency && refunded.storefront == bought.storefront)
        #expect(refunded.revocation == Revocation(date: t.clock.now, reason: .developerIssue, type: .refundProrated, percentage: 25_000))
        #expect(refunded.revocationDate == t.clock.now && refunded.revocationDate != refunded.purchaseDate)
        let history = try t.storage.history(last: nil, finishedOnly: false).map(\.id)
        #expect(history.firstIndex(of: bought.id).map { $0 < history.firstIndex(of: later.id) ?? -1 } == true,
                "the refunded purchase keeps its place, before the one bought after it")
    }

}

/// The app hears a refund as an update with a revocation and takes back, once.
@Suite struct AppRefundTests {
    @Test(arguments: StorageKind.allCases)
    func theAppLocksPremiumAgainOnceAcrossRelaunches(kind: StorageKind) throws {
        let t = try RefundTests.harness(kind)
        let bought = try t.buy(RefundTests.premium)
        #expect(t.app.premiumUnlocked)
        // Refunded from elsewhere (another process's admin): the app hears it at its next tick.
        try StoreAdmin(store: t.store).refundTransaction(bought.id)
        try t.queue.tick()
        #expect(!t.app.premiumUnlocked)
        #expect(t.app.events.filter { if case .revoked = $0 { true } else { false } }.count == 1)
        #expect(t.app.takenBack == [bought.id])
        try t.queue.tick()
        let relaunch = try t.relaunched()
        #expect(!relaunch.app.events.contains { if case .revoked = $0 { true } else { false } }, "taken back once")
        // Bought again, it is unlocked again and stays so.
        try relaunch.buy(RefundTests.premium)
        try relaunch.queue.tick()
        #expect(relaunch.app.premiumUnlocked)
    }

    @Test(arguments: StorageKind.allCases)
    func creditsAreTakenBackAsFarAsTheBalanceAllows(kind: StorageKind) throws {
        let t = try RefundTests.harness(kind)
        let first = try t.buy(RefundTests.credits)
        let second = try t.buy(RefundTests.credits)
        #expect(t.app.credits == 10)
        for _ in 0..<7 { _ = try t.app.spendCredit() }
        try t.hear { try $0.refundTransaction(first.id) }
        try t.queue.tick()
        #expect(t.app.credits == 0, "3 left, 5 to take back: never below 0")
        let line = t.app.events.last { if case .revoked = $0 { true } else { false } }
        #expect(line == .revoked(try t.transaction(first.id), .credits(taken: 3, balance: 0)))
        try t.hear { try $0.refundTransaction(second.id) }
        try t.queue.tick()
        #expect(t.app.credits == 0)
        #expect(t.app.takenBack == [first.id, second.id])
    }

    @Test(arguments: StorageKind.allCases)
    func aRefundWhileTheAppWasClosedIsTakenBackAtLaunch(kind: StorageKind) throws {
        let t = try RefundTests.harness(kind)
        let bought = try t.buy(RefundTests.pass)
        #expect(t.app.isSubscriptionActive(RefundTests.pass, now: t.queue.now))
        try StoreAdmin(store: t.store).refundTransaction(bought.id)
        let relaunch = try t.relaunched()
        #expect(!relaunch.app.isSubscriptionActive(RefundTests.pass, now: relaunch.queue.now))
        #expect(relaunch.app.events.contains(.revoked(try relaunch.transaction(bought.id), .ended(RefundTests.pass))))
    }

    /// A period that had ended gave what it gave: its refund leaves the subscription going on,
    /// in the store and in the app, and the app's log says so.
    @Test(arguments: StorageKind.allCases)
    func aRefundOfAPastPeriodLeavesTheSubscriptionsAccess(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let bought = try t.buy(Plans.liteMonthly)
        try t.advance(to: try #require(try t.status).expiresDate, plus: 1)
        #expect(try t.status?.latestTransactionID != bought.id, "renewed")
        try t.hear { try $0.refundTransaction(bought.id) }
        try t.queue.tick()
        #expect(try t.status?.state == .subscribed, "the store's subscription goes on")
        #expect(t.app.isSubscriptionActive(Plans.liteMonthly, now: t.queue.now), "so does the app's access")
        let refunded = try t.transaction(bought.id)
        #expect(t.app.events.contains(.revoked(refunded, .pastPeriod(Plans.liteMonthly))))
        let line = AppEvent.revoked(refunded, .pastPeriod(Plans.liteMonthly)).text(app: .builtIn, errors: { "\($0)" })
        #expect(line == "\(bought.id) refunded  \(Plans.liteMonthly) past period, access unchanged")
        #expect(!line.contains("access ended"))
    }

    /// A subscription's period refunded by the time left in it refunds what is left at the
    /// refund's time (a refund request's prorated answer too); an ended period has none left.
    @Test(arguments: StorageKind.allCases)
    func aProratedRefundOfASubscriptionRefundsTheTimeLeftInItsPeriod(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let bought = try t.buy(Plans.liteMonthly)
        let (start, end) = (try #require(bought.purchaseDate), try #require(bought.expirationDate))
        try t.advance(to: start + end.timeIntervalSince(start) / 4)
        try t.hear { try $0.refundTransaction(bought.id, .timeLeft()) }
        let refunded = try t.transaction(bought.id)
        #expect(refunded.revocationType == .refundProrated && refunded.revocationPercentage == 75_000, "three quarters left")
        #expect(try t.storedEvents.last { $0.kind == .refunded }?.details.revocationPercentage == 75_000)

        // Asked for from the refund request sheet, answered prorated: the time left too.
        let again = try t.buy(Plans.liteMonthly)
        try t.set { $0.refundRequests = .prorated }
        let (from, to) = (try #require(again.purchaseDate), try #require(again.expirationDate))
        try t.advance(to: from + to.timeIntervalSince(from) / 2)
        try t.hear { try $0.requestRefund(again.id, reason: .other, account: t.signedIn) }
        #expect(try t.transaction(again.id).revocationPercentage == 50_000)
    }

    /// The store alone says which prorated refund applies: a subscription's period by the time
    /// left in it, never by a percentage; anything else by a percentage, never by the time left.
    @Test(arguments: StorageKind.allCases)
    func theStoreRefusesTheProratedRefundThatDoesNotApply(kind: StorageKind) throws {
        let plans = try Harness.plans(kind)
        let plan = try plans.buy(Plans.liteMonthly)
        #expect(throws: StoreAdminError.proratedByTimeLeft(plan.id)) { try plans.hear { try $0.refundTransaction(plan.id, .prorated(50)) } }
        #expect(try plans.transaction(plan.id).isRevoked == false, "nothing refunded")
        let t = try RefundTests.harness(kind)
        let premium = try t.buy(RefundTests.premium)
        #expect(throws: StoreAdminError.noPeriodToProrate(premium.id)) { try t.hear { try $0.refundTransaction(premium.id, .timeLeft()) } }
        try t.hear { try $0.refundTransaction(premium.id, .prorated(50)) }
        #expect(try t.transaction(premium.id).revocationPercentage == 50_000)
    }

    @Test(arguments: StorageKind.allCases)
    func aPastPeriodHasNoTimeLeftToRefundInPart(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let bought = try t.buy(Plans.liteMonthly)
        try t.advance(to: try #require(bought.expirationDate), plus: 1)
        #expect(throws: StoreAdminError.periodEnded(bought.id)) { try t.hear { try $0.refundTransaction(bought.id, .timeLeft()) } }
        #expect(throws: StoreAdminError.periodEnded(bought.id)) { try bought.timeLeftPercentage(at: t.queue.now) }
        try t.hear { try $0.refundTransaction(bought.id) }
        #expect(try t.transaction(bought.id).revocationType == .refundFull, "in full it is refunded")
    }

    @Test func theLogLineAndBannerSayWhatWasTakenBack() throws {
        let app = AppDescription.builtIn
        let t = Transaction(id: "1000000001", payment: Payment(productID: RefundTests.premium), state: .purchased, date: Date())
        let line = AppEvent.revoked(t, .locked(RefundTests.premium)).text(app: app, errors: { "\($0)" })
        #expect(line == "1000000001 refunded  com.storefront.premium = false (6 premium items locked again)")
        #expect(Strings.english.log.refundedBanner("Premium Quotes", TakeBack.locked(RefundTests.premium).bannerEnd())
                == "✗ Refunded: Premium Quotes — locked again")
    }

    /// A share reads with two decimals at most, wherever it is shown: what rounds to the whole
    /// price reads 100%, not 99.999%.
    @Test func aPercentageReadsWithTwoDecimalsAtMost() {
        #expect(Refund.percentText(50_000) == "50%")
        #expect(Refund.percentText(12_500) == "12.5%")
        #expect(Refund.percentText(75_068) == "75.07%")
        #expect(Refund.percentText(99_999) == "100%")
    }
}
