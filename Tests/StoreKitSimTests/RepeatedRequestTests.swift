import Foundation
import Testing
@testable import AppStoreCore

/// Buying again what already waits for an answer (Ask to Buy, an interruption) makes no
/// second transaction: the App Store merges the repeated request into the waiting one.
@Suite struct RepeatedRequestTests {
    @Test(arguments: [ID.premium, ID.monthly, ID.yearly])
    func aSecondRequestMergesAndOneApprovalDeliversOnce(productID: String) throws {
        let t = try Harness { $0.askToBuy = true }
        let first = try t.buy(productID)
        #expect(first.queueState.state == .deferred)
        #expect(first.queueState.requestDate == first.queueState.transactionDate)
        t.clock.advance(by: 3600)
        let count = try t.records.transactions.count
        let again = try t.queue.add(Payment(productID: productID))
        #expect(again.id == first.id, "merged into the waiting request")
        #expect(again.isWaitingRequest)
        #expect(try t.records.transactions.count == count, "no second transaction")
        #expect(try t.transaction(first.id).queueState.requestDate == t.clock.now, "its 24 hours start over")
        #expect(try t.records.pendingApprovals.map(\.id) == [first.id])

        try t.queue.approve(transactionID: first.id)
        let delivered = t.app.events.filter { if case .delivered = $0 { true } else { false } }
        #expect(delivered.count == 1, "one approval delivers once")
        #expect(try t.records.pendingApprovals.isEmpty)
    }

    @Test func consumablesStaySeparateRequests() throws {
        let t = try Harness { $0.askToBuy = true }
        let first = try t.buy(ID.credits5)
        let second = try t.buy(ID.credits5)
        #expect(first.id != second.id)
        #expect(try t.records.pendingApprovals.map(\.id) == [first.id, second.id])
    }

    @Test func aRepeatedPurchaseBringsTheWaitingInterruptionBack() throws {
        let t = try Harness { $0.interrupted = true }
        let interrupted = try t.buy(ID.premium)
        #expect(interrupted.queueState.phase == .interrupted)
        let count = try t.records.transactions.count
        let again = try t.queue.add(Payment(productID: ID.premium))
        #expect(again.id == interrupted.id)
        #expect(again.queueState.phase == .interrupted)
        #expect(try t.records.transactions.count == count, "nothing new to resolve")
        try t.queue.resolve(transactionID: interrupted.id)
        #expect(try t.records.signedInPurchases.filter { $0.productID == ID.premium }.count == 1)
    }

    @Test func anotherAccountsRequestIsNotMergedInto() throws {
        let t = try Harness { $0.askToBuy = true }
        let first = try t.buy(ID.premium)
        try t.set { $0.account = "other@example.com" }
        let second = try t.buy(ID.premium)
        #expect(second.id != first.id)
        #expect(second.account == "other@example.com")
    }
}
