import Foundation
import Testing
@testable import AppStoreCore
@testable import StoreKitSim

/// Deleting a transaction (Xcode's Transaction Manager, SKTestSession.deleteTransaction) deletes
/// its child transactions with it: a subscription's renewals, restores, re-downloads.
@Suite struct DeleteTransactionTests {
    @Test(arguments: StorageKind.allCases)
    func deletingASubscriptionsOriginalTransactionEndsTheSubscriptionWithItsRenewalsAndRestores(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let bought = try t.buy(Plans.proMonthly)
        #expect(bought.offer?.type == .introductory)
        for _ in 0..<2 { try t.advance(to: try #require(try t.status).expiresDate, plus: 1) }
        try t.restore()
        let history = try t.storage.history(last: nil, finishedOnly: false)
        #expect(history.filter { $0.reason == .renewal }.count == 2)
        #expect(history.filter { $0.queueState.state == .restored }.count == 3, "the purchase and both renewals restored")
        try t.hear { try $0.deleteTransaction(bought.id) }
        for gone in history { #expect(try t.storage.transaction(gone.id) == nil, "\(gone.id) deleted with the original") }
        #expect(try t.storage.transactionCount() == 0, "no deleted row is counted")
        #expect(try t.status == nil)
        #expect(t.queue.records.status(of: t.signedIn, group: Plans.group) == nil, "no period left to adopt as a status")
        #expect(t.queue.nextDueDate == nil, "nothing left to renew")
        #expect(try t.records.isEligibleForIntroOffer(Plans.proMonthly, catalog: Plans.catalog))
        #expect(try t.buy(Plans.proMonthly).offer?.type == .introductory, "the free trial again, as after Xcode's Delete")
    }

    @Test(arguments: StorageKind.allCases)
    func deletingAPurchaseDeletesItsRestoresAndRedownloads(kind: StorageKind) throws {
        let t = try RefundTests.harness(kind)
        let bought = try t.buy(RefundTests.premium)
        #expect(try t.buy(RefundTests.premium).reason == .redownload)
        try t.restore()
        let credits = try t.buy(RefundTests.credits)
        #expect(try t.storage.history(last: nil, finishedOnly: false).count == 4)
        try t.hear { try $0.deleteTransaction(bought.id) }
        #expect(try t.storage.history(last: nil, finishedOnly: false).map(\.id) == [credits.id], "only the credits are left")
        #expect(try t.storage.transactionCount() == 1)
        #expect(try !t.records.owns(RefundTests.premium))
        #expect(try t.buy(RefundTests.premium).reason == .purchase)
    }

    @Test(arguments: StorageKind.allCases)
    func aChildTheAppHasNotFinishedKeepsTheTransaction(kind: StorageKind) throws {
        let t = try RefundTests.harness(kind)
        let bought = try t.buy(RefundTests.premium)
        try t.set { $0.finishTransactions = false }
        let again = try t.buy(RefundTests.premium)
        #expect(again.reason == .redownload && !again.queueState.finished)
        #expect(throws: StoreAdminError.notFinished(again.id)) { try t.hear { try $0.deleteTransaction(bought.id) } }
        #expect(try t.storage.transaction(bought.id) != nil)
    }
}
