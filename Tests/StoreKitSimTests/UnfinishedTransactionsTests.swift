import Foundation
import Testing
@testable import StoreKitSim

/// A transaction stays in the queue until the app finishes it, and what one run leaves
/// unfinished is delivered again at the next launch.
@Suite struct UnfinishedTransactionsTests {
    @Test func purchaseLeftUnfinishedByAKilledAppIsRedeliveredAtRelaunch() throws {
        let t = try Harness()
        t.app.handlesTransactions = false  // the app is killed as the store answers
        let bought = try t.buy(ID.credits5, quantity: 2)
        #expect(bought.state == .purchased)
        #expect(!bought.finished)
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
        #expect(try relaunch.transaction(bought.id).finished)
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
        let stored = try StoreFile(directory: directory.dataDirectory).load()
        #expect(stored.queue.map(\.id) == [bought.id])
        #expect(try UserDefaultsFile(url: directory.dataDirectory.userDefaultsURL).bool(forKey: ID.premium) == false)

        let restarted = try Harness.onDisk(directory, clock: t.clock)
        #expect(restarted.app.events.first == .updated(bought, redelivered: true))
        #expect(restarted.app.premiumUnlocked)
        #expect(try StoreFile(directory: directory.dataDirectory).load().queue.isEmpty)
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
        #expect(!failed.finished)

        let relaunch = try t.relaunched()
        #expect(relaunch.app.events.first == .updated(failed, redelivered: true))
        #expect(relaunch.deliveries.isEmpty)
        #expect(try relaunch.transaction(failed.id).finished)
        #expect(!relaunch.app.premiumUnlocked)
    }

    @Test func anAppThatNeverFinishesDeliversTheSamePurchaseAtEveryLaunch() throws {
        let t = try Harness { $0.finishTransactions = false }
        let bought = try t.buy(ID.credits5)
        #expect(t.app.credits == 5)
        #expect(!(try t.transaction(bought.id).finished))
        let relaunch = try t.relaunched()
        #expect(relaunch.app.credits == 10, "the same purchase delivered twice: the bug this setting demonstrates")
        #expect(try relaunch.records.queue.map(\.id) == [bought.id])
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
        #expect(done.state == .purchased)
        #expect(done.date == t.clock.now - 60 + Harness.latency, "answered when it was due")
        #expect(done.finished)
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
