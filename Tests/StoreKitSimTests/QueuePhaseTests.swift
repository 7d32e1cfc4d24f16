import DataFiles
import Foundation
import SampleApp
import Testing
@testable import AppStoreCore

/// Each transaction's place in the queue is a field the store's rules set at each step
/// (`Transaction.phase`), kept by both storages alike.
@Suite struct QueuePhaseTests {
    @Test(arguments: StorageKind.allCases)
    func aPurchaseGoesFromTheSheetToTheStoreToNone(kind: StorageKind) throws {
        let t = try Harness(kind)
        let started = try t.queue.add(Payment(productID: ID.premium))
        #expect(try t.transaction(started.id).queueState.phase == .sheetOpen)
        #expect(try t.transaction(started.id).queueState.dueDate == nil)
        try t.queue.confirm(started)
        let waiting = try t.transaction(started.id)
        #expect(waiting.queueState.phase == .waitingForStore)
        #expect(waiting.queueState.dueDate == t.clock.now + Harness.latency)
        t.clock.advance(by: Harness.latency)
        try t.queue.tick()
        let bought = try t.transaction(started.id)
        #expect(bought.queueState.state == .purchased && bought.queueState.phase == nil && bought.queueState.dueDate == nil)
    }

    @Test(arguments: StorageKind.allCases)
    func holdKeepsTheConfirmedSheetHeldUntilTheSideButton(kind: StorageKind) throws {
        let t = try Harness(kind) { $0.hold = true }
        let started = try t.queue.add(Payment(productID: ID.premium))
        try t.queue.confirm(started)
        #expect(try t.transaction(started.id).queueState.phase == .held, "the store knows it was confirmed")
        #expect(try t.transaction(started.id).queueState.dueDate == nil)
        #expect(t.queue.awaitingSideButton == .purchase(transactionID: started.id))
        try t.queue.confirmWithSideButton()
        #expect(try t.transaction(started.id).queueState.phase == .waitingForStore)
        #expect(t.queue.awaitingSideButton == nil)
    }

    /// The sheet, held or not, belongs to the run that showed it: the next launch cancels it;
    /// a purchase waiting for the store is answered.
    @Test(arguments: StorageKind.allCases)
    func aLaunchCancelsTheSheetsTheLastRunLeftButNotAPurchaseInFlight(kind: StorageKind) throws {
        let t = try Harness(kind) { $0.hold = true }
        // Straight to the queue: the app itself shows one sheet at a time.
        let sheet = try t.queue.raw.add(Payment(productID: ID.credits5)).0
        let held = try t.queue.raw.add(Payment(productID: ID.credits10)).0
        try t.queue.confirm(held)
        try t.set { $0.hold = false }
        let inFlight = try t.queue.raw.add(Payment(productID: ID.premium)).0
        try t.queue.confirm(inFlight)
        #expect(try [sheet, held, inFlight].map { try t.transaction($0.id).queueState.phase } == [.sheetOpen, .held, .waitingForStore])

        let next = try t.relaunched()
        for cancelled in [sheet, held] {
            let after = try next.transaction(cancelled.id)
            #expect(after.queueState.error?.isCancellation == true && after.queueState.phase == nil)
        }
        next.clock.advance(by: Harness.latency)
        try next.queue.tick()
        #expect(try next.transaction(inFlight.id).queueState.state == .purchased)
    }

    @Test(arguments: StorageKind.allCases)
    func askToBuyWaitsDeferredUntilAnsweredOrDropped(kind: StorageKind) throws {
        let t = try Harness(kind) { $0.askToBuy = true }
        let approved = try t.buy(ID.premium)
        let declined = try t.buy(ID.credits5)
        let lapsing = try t.buy(ID.credits10)
        for request in [approved, declined, lapsing] {
            #expect(request.queueState.state == .deferred && request.queueState.phase == .deferred && request.queueState.dueDate == nil)
        }
        try t.queue.approve(transactionID: approved.id)
        try t.queue.decline(transactionID: declined.id)
        #expect(try t.transaction(approved.id).queueState.phase == nil)
        #expect(try t.transaction(declined.id).queueState.phase == nil)
        try t.queue.advance(by: try #require(StoreDuration("25h")))
        let lapsed = try t.transaction(lapsing.id)
        #expect(lapsed.queueState.state == .deferred && lapsed.queueState.phase == nil && lapsed.hasLapsed)
        #expect(try t.records.pendingApprovals.isEmpty)
    }

    @Test(arguments: StorageKind.allCases)
    func anInterruptedPurchaseWaitsForItsResolutionAfterTheAppFinishedIt(kind: StorageKind) throws {
        let t = try Harness(kind) { $0.interrupted = true }
        let failed = try t.buy(ID.premium)
        #expect(failed.queueState.phase == .interrupted && failed.queueState.finished)
        #expect(try t.relaunched().records.interruptions.map(\.id) == [failed.id], "read back as waiting")
        _ = try t.queue.resolve(transactionID: failed.id)
        #expect(try t.transaction(failed.id).queueState.phase == nil)
        #expect(try t.records.interruptions.isEmpty)
    }

    @Test(arguments: StorageKind.allCases)
    func aPurchaseTheStoreFailsWaitsForNobody(kind: StorageKind) throws {
        let t = try Harness(kind) { $0.network = false }
        let failed = try t.buy(ID.premium)
        #expect(failed.queueState.state == .failed && failed.queueState.phase == nil && failed.queueState.dueDate == nil)
        try t.set { $0.network = true; $0.canMakePayments = false }
        let refused = try t.queue.add(Payment(productID: ID.premium))
        #expect(refused.queueState.state == .failed && refused.queueState.phase == nil, "refused at once, no sheet")
    }

    /// A store.json of an earlier storefront told the phase by which fields were set.
    @Test func aStoreJSONsWaitingTransactionsKeepTheirPhase() throws {
        let json = #"""
            {"transactions": [
              {"id": "1", "productID": "p", "quantity": 1, "state": "purchasing", "date": "2027-01-15T08:00:00Z", "finished": false},
              {"id": "2", "productID": "p", "quantity": 1, "state": "purchasing", "date": "2027-01-15T08:00:00Z", "finished": false,
               "dueDate": "2027-01-15T08:00:01Z"},
              {"id": "3", "productID": "p", "quantity": 1, "state": "deferred", "date": "2027-01-15T08:00:00Z", "finished": false},
              {"id": "4", "productID": "p", "quantity": 1, "state": "deferred", "date": "2027-01-15T08:00:00Z", "finished": true},
              {"id": "5", "productID": "p", "quantity": 1, "state": "failed", "date": "2027-01-15T08:00:00Z", "finished": true,
               "awaitingResolution": true},
              {"id": "6", "productID": "p", "quantity": 1, "state": "purchased", "date": "2027-01-15T08:00:00Z", "finished": true},
              {"id": "7", "productID": "p", "quantity": 1, "state": "purchasing", "date": "2027-01-15T08:00:00Z", "finished": false,
               "phase": "held"}]}
            """#
        let records = try JSONCoding.decoder().decode(StoreWorkingSet.self, from: Data(json.utf8))
        #expect(records.transactions.map(\.queueState.phase) == [.sheetOpen, .waitingForStore, .deferred, nil, .interrupted, nil, .held])
    }

    @Test func aPhaseFitsOnlyTheStatesThatWaitInIt() {
        #expect(QueuePhase.isPossible(.interrupted, state: .failed, finished: true))
        #expect(QueuePhase.isPossible(nil, state: .deferred, finished: true), "a request the store dropped")
        #expect(!QueuePhase.isPossible(nil, state: .deferred, finished: false))
        #expect(!QueuePhase.isPossible(nil, state: .purchasing, finished: false))
        #expect(!QueuePhase.isPossible(.waitingForStore, state: .purchasing, finished: true))
        #expect(!QueuePhase.isPossible(.deferred, state: .purchased, finished: false))
        #expect(!QueuePhase.isPossible(.interrupted, state: .purchased, finished: true))
    }
}
