import Foundation
import SampleApp
import Testing
@testable import AppStoreCore

/// A transaction stays in the queue until the app finishes it, and what one run leaves
/// unfinished is delivered again at the next launch.
@Suite struct UnfinishedTransactionsTests {
    @Test func purchaseLeftUnfinishedByAKilledAppIsRedeliveredAtRelaunch() throws {
        let t = try Harness()
        t.app.handlesTransactions = false  // the app is killed as the store answers
        let bought = try t.buy(ID.credits5, quantity: 2)
        #expect(bought.queueState.state == .purchased)
        #expect(!bought.queueState.finished)
        #expect(t.queue.transactions.map(\.id) == [bought.id])
        #expect(t.deliveries.isEmpty)
        #expect(t.app.credits == 0)
        #expect(!t.queue.wasRedelivered(bought), "this run's purchase is new to it")

        let relaunch = try t.relaunched()
        #expect(relaunch.app.events.first == .updated(bought, redelivered: true))
        #expect(relaunch.queue.wasRedelivered(bought))
        #expect(relaunch.deliveries == [.credits(added: 10, balance: 10)])
        #expect(relaunch.finishedIDs == [bought.id])
        #expect(relaunch.app.credits == 10)
        #expect(try relaunch.transaction(bought.id).queueState.finished)
        #expect(relaunch.queue.transactions.isEmpty)

        let third = try relaunch.relaunched()
        #expect(third.app.events.isEmpty, "a finished transaction is not delivered again")
        #expect(third.app.credits == 10)
    }

    @Test func purchaseSurvivesARealRestartOnDisk() throws {
        let directory = TemporaryDirectory()
        let t = try Harness.onDisk(directory)
        t.app.handlesTransactions = false
        let bought = try t.buy(ID.premium)
        #expect(!t.app.premiumUnlocked)

        // What a restart finds on disk: the purchase, unfinished, and no premium flag.
        let stored = try storeDatabase(directory).load()
        #expect(stored.queue.map(\.id) == [bought.id])
        #expect(try UserDefaultsFile(url: directory.dataDirectory.userDefaultsURL).bool(forKey: ID.premium) == false)

        let restarted = try Harness.onDisk(directory, clock: t.clock)
        #expect(restarted.app.events.first == .updated(bought, redelivered: true))
        #expect(restarted.app.premiumUnlocked)
        #expect(try storeDatabase(directory).load().queue.isEmpty)
        #expect(try UserDefaultsFile(url: directory.dataDirectory.userDefaultsURL).bool(forKey: ID.premium))

        let again = try Harness.onDisk(directory, clock: t.clock)
        #expect(again.app.events.isEmpty)
    }

    @Test func eachUnfinishedTransactionIsDeliveredOncePerRun() throws {
        let t = try Harness()
        t.app.handlesTransactions = false
        let bought = try t.buy(ID.credits5)
        t.clock.advance(by: 60)
        try t.queue.tick()
        try t.queue.refresh()
        #expect(t.states(of: bought.id) == [.purchasing, .purchased])
    }

    @Test func unfinishedFailureIsRedeliveredAndFinishedWithoutDelivery() throws {
        let t = try Harness { $0.failWith = .paymentInvalid }
        t.app.handlesTransactions = false
        let failed = try t.buy(ID.premium)
        #expect(!failed.queueState.finished)

        let relaunch = try t.relaunched()
        #expect(relaunch.app.events.first == .updated(failed, redelivered: true))
        #expect(relaunch.deliveries.isEmpty)
        #expect(try relaunch.transaction(failed.id).queueState.finished)
        #expect(!relaunch.app.premiumUnlocked)
    }

    @Test func anAppThatNeverFinishesGetsTheSamePurchaseAtEveryLaunch() throws {
        let t = try Harness { $0.finishTransactions = false }
        let bought = try t.buy(ID.credits5)
        #expect(t.app.credits == 5)
        #expect(!(try t.transaction(bought.id).queueState.finished))
        for _ in 0..<2 {
            let relaunch = try t.relaunched()
            #expect(relaunch.app.events.first == .updated(try t.transaction(bought.id), redelivered: true),
                    "it comes back at every launch: what this setting demonstrates")
            #expect(relaunch.app.events.contains(.alreadyDelivered(try t.transaction(bought.id))))
            #expect(relaunch.app.credits == 5, "noted as delivered, so never credited twice")
            #expect(try relaunch.records.queue.map(\.id) == [bought.id])
        }
    }

    @Test func purchaseConfirmedByAProcessThatDiedCompletesAtTheNextLaunch() throws {
        let t = try Harness()
        t.app.handlesTransactions = false
        let started = try t.queue.add(Payment(productID: ID.premium))
        try t.queue.confirm(started)
        // The process dies before the store answers; the next launch is later.
        t.clock.advance(by: 60)
        let relaunch = try t.relaunched()
        let done = try relaunch.transaction(started.id)
        #expect(done.queueState.state == .purchased)
        #expect(done.queueState.transactionDate == t.clock.now - 60 + Harness.latency, "answered when it was due")
        #expect(done.queueState.finished)
        #expect(relaunch.app.premiumUnlocked)
    }

    @Test func finishingTwiceIsHarmless() throws {
        let t = try Harness()
        t.app.handlesTransactions = false
        let bought = try t.buy(ID.credits5)
        try t.queue.finishTransaction(bought)
        try t.queue.finishTransaction(bought)
        #expect(t.finishedIDs == [bought.id])
        #expect(t.queue.transactions.isEmpty)
    }
}

/// A well-written app delivers each transaction once, whenever it is killed: it notes what it
/// delivered in the same write, and finishes a redelivered transaction without delivering it again.
@Suite struct IdempotentDeliveryTests {
    @Test func aTransactionDeliveredButNotFinishedIsNotDeliveredAgain() throws {
        let directory = TemporaryDirectory()
        // Delivered, then killed before finishing (finishing is off for this run).
        let first = try Harness.onDisk(directory) { $0.finishTransactions = false }
        let bought = try first.buy(ID.credits10, quantity: 2)
        #expect(first.app.credits == 20)
        #expect(first.app.deliveredUnfinished == [bought.id])

        try first.set { $0.finishTransactions = true }
        let relaunched = try first.relaunched()
        #expect(relaunched.app.credits == 20, "not credited twice")
        #expect(relaunched.deliveries.isEmpty)
        #expect(relaunched.app.events.contains(.alreadyDelivered(try #require(relaunched.updates.first))))
        #expect(try relaunched.transaction(bought.id).queueState.finished)
        #expect(relaunched.app.deliveredUnfinished.isEmpty, "forgotten once finished")
    }

    @Test func aNoteLeftByAKillAfterFinishingIsForgottenAtLaunch() throws {
        let directory = TemporaryDirectory()
        let t = try Harness.onDisk(directory)
        let bought = try t.buy(ID.premium)
        // As if killed after the store recorded the finish, before the app forgot its note.
        try t.app.defaults.set(.array([.string(bought.id)]), forKey: SampleApp.deliveredKey)
        let relaunched = try t.relaunched()
        #expect(relaunched.app.deliveredUnfinished.isEmpty)
        #expect(relaunched.app.defaults.values[SampleApp.deliveredKey] == nil)
    }

    @Test func theNoteStaysSmallWhateverTheHistory() throws {
        let t = try Harness.onDisk()
        for _ in 0..<20 { try t.buy(ID.credits5) }
        #expect(t.app.credits == 100)
        #expect(t.app.defaults.values[SampleApp.deliveredKey] == nil)
    }

    /// A purchase the balance cannot hold is never cut short: it waits in the queue, and is
    /// delivered at the next launch, the balance (raised by hand past anything bought)
    /// having been written back to what the signed purchases delivered.
    @Test func creditsNearTheLargestNumberWaitInTheQueueUntilThereIsRoom() throws {
        let t = try Harness.onDisk()
        let bought = try t.queue.add(Payment(productID: ID.credits10, quantity: 10))
        try t.queue.confirm(bought)
        // Edited by hand while the store answers.
        try UserDefaultsFile(url: t.app.defaults.url).set(.int(Int.max - 3), forKey: SampleApp.creditsKey)
        t.clock.advance(by: Harness.latency)
        try t.queue.tick()
        #expect(t.notDelivered == [bought.id: .balanceFull])
        #expect(t.app.credits == 0, "above anything delivered: corrected")
        #expect(try t.records.queue.map(\.id) == [bought.id])
        let roomy = try t.relaunched()
        #expect(roomy.app.credits == 100)
        #expect(try roomy.records.queue.isEmpty)
    }
}
