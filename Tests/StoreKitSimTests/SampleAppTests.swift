import DataFiles
import Foundation
import SampleApp
import Testing
@testable import AppStoreCore

@Suite struct SampleAppTests {
    @Test func theAppHearsNothingUntilItLaunches() throws {
        let t = try Harness(launch: false)
        let started = try t.queue.add(Payment(productID: ID.credits5))
        try t.queue.confirm(started)
        t.clock.advance(by: Harness.latency)
        try t.queue.tick()
        #expect(t.app.events.isEmpty)
        #expect(t.app.credits == 0)

        _ = try t.app.launch()
        #expect(t.app.credits == 5)
        #expect(try t.transaction(started.id).queueState.finished)
    }

    @Test func aPurchaseIsUpdatedDeliveredThenFinished() throws {
        let t = try Harness()
        let done = try t.buy(ID.credits5, quantity: 3)
        let purchasing = try #require(t.updates.first)
        var delivered = done
        delivered.queueState.finished = false
        #expect(t.app.events == [
            .updated(purchasing, redelivered: false),
            .updated(delivered, redelivered: false),
            .delivered(delivered, .credits(added: 15, balance: 15)),
            .finished(done),
        ])
    }

    @Test func everyCallReturnsWhatTheAppSawInOrder() throws {
        let t = try Harness()
        let (started, added) = try t.app.purchase(Payment(productID: ID.premium))
        #expect(added.count == 1, "the purchasing update")
        t.clock.advance(by: Harness.latency)
        let answered = try t.app.tick()
        #expect(answered.count == 3, "purchased, delivered, finished: the finish handled in the same call, after the delivery")
        #expect(added + answered == t.app.events)
        guard case .finished(let finished) = answered.last else { Issue.record("ends with the finish"); return }
        #expect(finished.id == started.id)
    }

    @Test func theQueueAnswersWithEventsAndCallsNothing() throws {
        let t = try Harness()
        let raw = t.queue.raw
        let (started, added) = try raw.add(Payment(productID: ID.credits5))
        #expect(added == [.updated(started, .live)])
        #expect(try raw.confirm(started).isEmpty, "no news until the store answers")
        t.clock.advance(by: Harness.latency)
        let answered = try raw.tick()
        #expect(answered.count == 1)
        guard case .updated(let purchased, .live) = answered.first else { Issue.record("\(answered)"); return }
        #expect(purchased.queueState.state == .purchased)
        #expect(t.app.credits == 0, "events are values: nothing reached the app until it is handed them")
        #expect(try raw.finishTransaction(purchased) == [.removed(try t.transaction(purchased.id))])
        #expect(try raw.finishTransaction(purchased).isEmpty, "finishing twice says nothing")
    }

    @Test func deliveryWritesEachKindOfProductToUserDefaults() throws {
        let t = try Harness()
        try t.buy(ID.premium)
        try t.buy(ID.credits10, quantity: 2)
        let monthly = try t.buy(ID.monthly)
        let pass = try t.buy(ID.yearly)

        let onDisk = try UserDefaultsFile(url: t.app.defaults.url).values
        #expect(onDisk[ID.premium] == .bool(true))
        #expect(onDisk[SampleApp.creditsKey] == .int(20))
        #expect(onDisk[ID.monthly] == .string(JSONCoding.format(try #require(monthly.expirationDate))))
        let passExpiry = SubscriptionPeriod(value: 1, unit: .year).added(to: pass.queueState.transactionDate)
        #expect(onDisk[ID.yearly] == .string(JSONCoding.format(passExpiry)))
        #expect(onDisk[SampleApp.stateKey(ID.monthly)] == .string("subscribed"), "where the subscription stands, beside its expiry")
        #expect(Set(onDisk.keys) == [ID.premium, SampleApp.creditsKey, SampleApp.unconsumedKey, ID.monthly, ID.yearly,
                                     SampleApp.stateKey(ID.monthly)])
    }

    @Test func failedTransactionsAreFinishedWithoutDelivery() throws {
        let t = try Harness { $0.failWith = .paymentNotAllowed }
        let failed = try t.buy(ID.premium)
        #expect(failed.queueState.finished)
        #expect(t.deliveries.isEmpty)
        #expect(t.finishedIDs == [failed.id])
        #expect(!FileManager.default.fileExists(atPath: t.app.defaults.url.path), "nothing was written")
    }

    @Test func anAppThatDoesNotFinishStillDelivers() throws {
        let t = try Harness { $0.finishTransactions = false }
        let bought = try t.buy(ID.premium)
        #expect(t.app.premiumUnlocked)
        #expect(!bought.queueState.finished)
        #expect(t.finishedIDs.isEmpty)
        #expect(t.queue.transactions.map(\.id) == [bought.id])
        try t.set { $0.finishTransactions = true }
        try t.queue.finishTransaction(bought)
        #expect(t.queue.transactions.isEmpty)
    }

    @Test func aKilledAppNeitherDeliversNorFinishesButSeesTheUpdate() throws {
        let t = try Harness()
        t.app.handlesTransactions = false
        let bought = try t.buy(ID.credits5)
        #expect(t.states(of: bought.id) == [.purchasing, .purchased])
        #expect(t.deliveries.isEmpty)
        #expect(t.finishedIDs.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: t.app.defaults.url.path))
    }

    @Test func spendingCreditsUsesThemUp() throws {
        let t = try Harness()
        #expect(try t.app.spendCredit().spent == false, "nothing to spend")
        try t.buy(ID.credits5)
        for remaining in (0..<5).reversed() {
            #expect(try t.app.spendCredit().spent)
            #expect(t.app.credits == remaining)
        }
        #expect(try t.app.spendCredit().spent == false)
        #expect(t.app.events.last == .consumed(Consumption(transactionID: "1000000001", balanceKey: SampleApp.creditsKey,
                                                           units: 1, left: 0, balance: 0)))
        #expect(try UserDefaultsFile(url: t.app.defaults.url).integer(forKey: SampleApp.creditsKey) == 0)
    }

    /// A balance edited up to the largest number cannot take a purchase: the app refuses to
    /// deliver it (its own error) before finishing, so the purchase waits in the queue and
    /// nothing is lost; the balance, above anything delivered, is then written back to what
    /// was (none), and the next launch delivers the purchase.
    @Test func aPurchaseTheBalanceCannotHoldIsLeftUnfinishedNotCutShort() throws {
        let t = try Harness()
        let started = try t.queue.add(Payment(productID: ID.credits5))
        try t.queue.confirm(started)
        // Edited by hand while the store answers.
        try Data(#"{"credits": \#(Int.max)}"#.utf8).write(to: t.app.defaults.url)
        t.clock.advance(by: Harness.latency)
        try t.queue.tick()
        let bought = try t.transaction(started.id)
        #expect(bought.queueState.state == .purchased)
        #expect(!bought.queueState.finished)
        #expect(t.notDelivered == [bought.id: .balanceFull])
        #expect(t.app.events.contains(.corrected(ClaimCorrection(key: SampleApp.creditsKey, claimed: .int(Int.max), signed: .int(0)))))
        #expect(t.app.credits == 0)

        let relaunched = try t.relaunched()
        #expect(relaunched.app.credits == 5)
        #expect(try relaunched.records.queue.isEmpty, "delivered and finished")
    }

    @Test func deliveryBuildsOnUserDefaultsEditedByHand() throws {
        let t = try Harness()
        try t.buy(ID.credits5)
        // A tester edits UserDefaults.json while the app runs (spending two credits).
        try Data(#"{"credits": 3, "tester.note": "edited"}"#.utf8).write(to: t.app.defaults.url)
        try t.buy(ID.credits10)
        #expect(t.app.credits == 13)
        let onDisk = try UserDefaultsFile(url: t.app.defaults.url)
        #expect(onDisk.integer(forKey: SampleApp.creditsKey) == 13)
        #expect(onDisk.string(forKey: "tester.note") == "edited", "the hand edit is kept")
    }

    @Test func aHandEditedPremiumFlagIsWhatTheAppBelieves() throws {
        let t = try Harness()
        try Data(#"{"com.storefront.premium": true}"#.utf8).write(to: t.app.defaults.url)
        try t.app.defaults.reloadIfChanged()
        #expect(t.app.premiumUnlocked, "tampering with UserDefaults unlocks content: the point of the demo")
        #expect(try t.records.signedInPurchases.isEmpty, "while the store knows nothing was bought")
        #expect(try t.buy(ID.premium).queueState.state == .purchased)
    }

    @Test func subscriptionActivityFollowsTheStoredExpiry() throws {
        let t = try Harness()
        #expect(!t.app.isSubscriptionActive(ID.monthly, now: t.clock.now))
        let bought = try t.buy(ID.monthly)
        let expiry = try #require(bought.expirationDate)
        #expect(t.app.isSubscriptionActive(ID.monthly, now: expiry - 1))
        #expect(!t.app.isSubscriptionActive(ID.monthly, now: expiry))
    }

    @Test func eventLinesForTheLog() throws {
        let t = try Harness()
        let app = t.app.appDescription
        let credits = try t.buy(ID.credits5, quantity: 3)
        let premium = try t.buy(ID.premium)
        let lines = t.app.events.map { $0.text(app: app, errors: { "\($0)" }) }
        #expect(lines.contains("\(credits.id) purchased  \(ID.credits5) ×3"))
        #expect(lines.contains("\(credits.id) delivered  +15 credits (balance 15)"))
        #expect(lines.contains("\(credits.id) finished"))
        #expect(lines.contains("\(premium.id) delivered  \(ID.premium) = true (6 premium items unlocked)"))

        try t.set { $0.canMakePayments = false }
        let refused = try t.buy(ID.credits5)
        #expect(t.app.events.map { $0.text(app: app, errors: { "\($0)" }) }.contains {
            $0.hasPrefix("\(refused.id) failed  \(ID.credits5)  error 4 paymentNotAllowed: In-App Purchases are restricted")
        })
        #expect(AppEvent.restoreFailed(StoreError(.unknown)).text(app: app, errors: { "\($0)" })
            == "restore failed  error 0 unknown: Cannot connect to iTunes Store.")
    }
}
