import DataFiles
import Foundation
import SampleApp
import Testing
@testable import AppStoreCore

@Suite struct PaymentQueueTests {
    // MARK: The happy path

    @Test func purchaseGoesFromPurchasingToPurchasedAfterTheLatency() throws {
        let t = try Harness()
        let started = try t.queue.add(Payment(productID: ID.premium))
        #expect(started.queueState.state == .purchasing)
        #expect(t.queue.transactions.map(\.id) == [started.id])

        // Nothing happens until the user taps Buy on the sheet.
        t.clock.advance(by: 10)
        try t.queue.tick()
        #expect(try t.transaction(started.id).queueState.state == .purchasing)

        try t.queue.confirm(started)
        t.clock.advance(by: Harness.latency / 2)
        try t.queue.tick()
        #expect(try t.transaction(started.id).queueState.state == .purchasing, "the store answers only after the latency")
        #expect(!t.app.premiumUnlocked)

        t.clock.advance(by: Harness.latency / 2)
        try t.queue.tick()
        let done = try t.transaction(started.id)
        #expect(done.queueState.state == .purchased)
        #expect(done.queueState.finished)
        #expect(done.queueState.error == nil)
        #expect(t.states(of: started.id) == [.purchasing, .purchased])
        #expect(t.finishedIDs == [started.id])
        #expect(t.queue.transactions.isEmpty, "a finished transaction leaves the queue")
        #expect(try t.records.signedInPurchases.map(\.id) == [started.id])
    }

    @Test func purchasedNonConsumableIsDeliveredUnderItsProductID() throws {
        let t = try Harness()
        let done = try t.buy(ID.premium)
        #expect(t.app.defaults.values[ID.premium] == .bool(true))
        #expect(t.app.premiumUnlocked)
        #expect(t.deliveries == [.unlocked(ID.premium)])
        #expect(try UserDefaultsFile(url: t.app.defaults.url).bool(forKey: ID.premium), "written to UserDefaults.json")
        #expect(done.queueState.finished)
    }

    @Test func consumableCreditsAreCreditsTimesQuantity() throws {
        let t = try Harness()
        try t.buy(ID.credits5, quantity: 3)
        #expect(t.app.credits == 15)
        try t.buy(ID.credits10, quantity: 10)
        #expect(t.app.credits == 115)
        try t.buy(ID.credits5)
        #expect(t.app.credits == 120)
        #expect(t.deliveries == [
            .credits(added: 15, balance: 15), .credits(added: 100, balance: 115), .credits(added: 5, balance: 120),
        ])
        #expect(try UserDefaultsFile(url: t.app.defaults.url).integer(forKey: SampleApp.creditsKey) == 120)
    }

    @Test func subscriptionExpiryIsStoredByTheApp() throws {
        let t = try Harness()
        let bought = try t.buy(ID.monthly)
        let expiry = try #require(bought.expirationDate)
        #expect(t.app.defaults.string(forKey: ID.monthly) == JSONCoding.format(expiry))
        #expect(t.app.isSubscriptionActive(ID.monthly, now: t.clock.now))
        #expect(!t.app.isSubscriptionActive(ID.monthly, now: expiry))
    }

    @Test func consumablesAndNonRenewingCanBeBoughtAgain() throws {
        let t = try Harness()
        #expect(try t.buy(ID.credits5).queueState.state == .purchased)
        #expect(try t.buy(ID.credits5).queueState.state == .purchased)
        #expect(try t.buy(ID.yearly).queueState.state == .purchased)
        #expect(try t.buy(ID.yearly).queueState.state == .purchased)
        #expect(t.app.credits == 10)
    }

    @Test func nextDueDateFollowsWhatIsInFlight() throws {
        let t = try Harness()
        #expect(t.queue.nextDueDate == nil, "idle: nothing to wake up for")
        let started = try t.queue.add(Payment(productID: ID.credits5))
        #expect(t.queue.nextDueDate == nil, "the sheet waits for the user, not the clock")
        try t.queue.confirm(started)
        #expect(t.queue.nextDueDate == t.clock.now + Harness.latency)
        t.clock.advance(by: Harness.latency)
        try t.queue.tick()
        #expect(t.queue.nextDueDate == nil)
    }

    // MARK: The store's refusals, as failed transactions

    @Test(arguments: [(ID.credits5, 0), (ID.credits5, 11), (ID.credits10, -1), (ID.premium, 2), (ID.monthly, 3)])
    func outOfRangeQuantityFailsWithPaymentInvalid(id: String, quantity: Int) throws {
        let t = try Harness()
        let started = try t.queue.add(Payment(productID: id, quantity: quantity))
        #expect(started.queueState.state == .failed, "refused at once, no sheet")
        let result = try t.transaction(started.id)
        #expect(result.queueState.error?.skCode == .paymentInvalid)
        #expect(result.queueState.error?.code == 3)
        #expect(result.queueState.error?.message.contains("Quantity \(quantity)") == true)
        #expect(result.queueState.finished, "the app finishes failed transactions")
        #expect(t.deliveries.isEmpty)
        #expect(t.app.credits == 0)
        #expect(!t.app.premiumUnlocked)
    }

    @Test(arguments: [1, 10])
    func quantityOneToTenIsAcceptedForConsumables(quantity: Int) throws {
        let t = try Harness()
        #expect(try t.buy(ID.credits10, quantity: quantity).queueState.state == .purchased)
        #expect(t.app.credits == 10 * quantity)
    }

    @Test func restrictedPaymentsFailWithPaymentNotAllowed() throws {
        let t = try Harness { $0.canMakePayments = false }
        #expect(try t.queue.canMakePayments() == false)
        let result = try t.buy(ID.credits5)
        #expect(result.queueState.state == .failed)
        #expect(result.queueState.error?.code == 4)
        #expect(result.queueState.error?.skCode == .paymentNotAllowed)
        #expect(result.queueState.error?.message.contains("Screen Time") == true)
        #expect(result.queueState.finished)
        #expect(t.app.credits == 0)

        try t.set { $0.canMakePayments = true }
        #expect(try t.queue.canMakePayments())
        #expect(try t.buy(ID.credits5).queueState.state == .purchased)
    }

    @Test func cancelFailsWithPaymentCancelledAndDeliversNothing() throws {
        let t = try Harness()
        let started = try t.queue.add(Payment(productID: ID.premium))
        try t.queue.cancel(started)
        let result = try t.transaction(started.id)
        #expect(result.queueState.state == .failed)
        #expect(result.queueState.error?.code == 2)
        #expect(result.queueState.error?.isCancellation == true)
        #expect(result.queueState.finished)
        #expect(t.deliveries.isEmpty)
        #expect(!t.app.premiumUnlocked)
        #expect(try t.records.signedInPurchases.isEmpty)
        // A cancelled sheet blocks nothing.
        #expect(try t.buy(ID.premium).queueState.state == .purchased)
    }

    @Test(arguments: [SKErrorCode.unknown, .paymentInvalid, .storeProductNotAvailable, .cloudServiceNetworkConnectionFailed])
    func injectedFailureFailsEveryPurchaseUntilTurnedOff(code: SKErrorCode) throws {
        let t = try Harness { $0.failWith = code }
        for id in [ID.credits5, ID.premium, ID.monthly, ID.yearly] {
            let result = try t.buy(id)
            #expect(result.queueState.state == .failed, "\(id)")
            #expect(result.queueState.error == StoreError(code), "\(id)")
            #expect(result.queueState.finished)
        }
        #expect(t.deliveries.isEmpty)
        #expect(try t.records.signedInPurchases.isEmpty)

        try t.set { $0.failWith = nil }
        #expect(try t.buy(ID.premium).queueState.state == .purchased)
        #expect(t.app.premiumUnlocked)
    }

    @Test func injectedFailureAppliesToPurchasesAlreadyConfirmed() throws {
        let t = try Harness()
        let started = try t.queue.add(Payment(productID: ID.credits5))
        try t.queue.confirm(started)
        try t.set { $0.failWith = .cloudServiceRevoked }
        t.clock.advance(by: Harness.latency)
        try t.queue.tick()
        #expect(try t.transaction(started.id).queueState.error?.code == 8)
        #expect(t.app.credits == 0)
    }

    @Test func networkOffGoesPurchasingThenFailsAfterTheLatency() throws {
        let t = try Harness { $0.network = false }
        let started = try t.queue.add(Payment(productID: ID.credits5))
        #expect(started.queueState.state == .purchasing, "the sheet opens; the store's answer comes later")
        try t.queue.confirm(started)
        t.clock.advance(by: Harness.latency / 2)
        try t.queue.tick()
        #expect(try t.transaction(started.id).queueState.state == .purchasing, "no answer before the latency")
        t.clock.advance(by: Harness.latency / 2)
        try t.queue.tick()
        #expect(try t.transaction(started.id).queueState.state == .failed)
        #expect(t.states(of: started.id) == [.purchasing, .failed])
    }

    @Test func networkOffFailsWithCodeZero() throws {
        let t = try Harness { $0.network = false }
        let result = try t.buy(ID.credits5)
        #expect(result.queueState.state == .failed)
        #expect(result.queueState.error?.code == 0)
        #expect(result.queueState.error?.domain == StoreError.storeKitDomain)
        #expect(t.app.credits == 0)
    }

    @Test func networkLostWhilePurchasingFailsWithCodeZero() throws {
        let t = try Harness()
        let started = try t.queue.add(Payment(productID: ID.credits5))
        try t.queue.confirm(started)
        try t.set { $0.network = false }
        t.clock.advance(by: Harness.latency)
        try t.queue.tick()
        #expect(try t.transaction(started.id).queueState.error?.code == 0)
        #expect(t.app.credits == 0)
    }

    @Test func productUnknownToTheStoreFailsWithStoreProductNotAvailable() throws {
        let t = try Harness()
        let result = try t.buy(ID.credits50)
        #expect(result.queueState.state == .failed)
        #expect(result.queueState.error?.code == 5)
    }

    // MARK: Interrupted purchases

    @Test func interruptedPurchaseFailsThenResolvesIntoANewPurchase() throws {
        let t = try Harness { $0.interrupted = true }
        let failed = try t.buy(ID.credits10, quantity: 2)
        #expect(failed.queueState.state == .failed)
        #expect(failed.queueState.phase == .interrupted)
        #expect(failed.queueState.error == .interrupted)
        #expect(failed.queueState.finished, "the app finishes the failed transaction")
        #expect(try t.records.interruptions.map(\.id) == [failed.id])
        #expect(t.app.credits == 0)

        let resolved = try t.queue.resolve(transactionID: failed.id)
        #expect(resolved.id != failed.id)
        #expect(resolved.queueState.state == .purchased)
        #expect(resolved.originalID == failed.id)
        #expect(resolved.purchasedQuantity == 2)
        #expect(t.states(of: resolved.id) == [.purchased], "delivered to the app as a new update")
        #expect(t.app.credits == 20)
        #expect(try t.transaction(resolved.id).queueState.finished)
        #expect(try t.records.interruptions.isEmpty)
        #expect(throws: StoreAdminError.notInterrupted(failed.id)) { try t.queue.resolve(transactionID: failed.id) }
    }

    @Test func interruptionsLastUntilTurnedOff() throws {
        let t = try Harness { $0.interrupted = true }
        #expect(try t.buy(ID.credits5).queueState.phase == .interrupted)
        #expect(try t.buy(ID.credits5).queueState.phase == .interrupted)
        try t.set { $0.interrupted = false }
        #expect(try t.buy(ID.credits5).queueState.state == .purchased)
        #expect(try t.records.interruptions.count == 2)
    }

    @Test func onlyInterruptedTransactionsResolve() throws {
        let t = try Harness { $0.failWith = .paymentInvalid }
        let failed = try t.buy(ID.credits5)
        #expect(throws: StoreAdminError.notInterrupted(failed.id)) { try t.queue.resolve(transactionID: failed.id) }
        #expect(throws: StoreAdminError.noSuchTransaction("42")) { try t.queue.resolve(transactionID: "42") }
        #expect(t.app.credits == 0)
    }

    // MARK: The app's refusals, thrown before anything reaches the store

    @Test func secondPurchaseWhileOneIsPurchasingIsRefused() throws {
        let t = try Harness()
        let first = try t.queue.add(Payment(productID: ID.credits5))
        let count = try t.records.transactions.count
        let error = try #require(throws: StoreError.self) { try t.queue.add(Payment(productID: ID.credits10)) }
        #expect(error == .purchaseInProgress)
        #expect(error.name == "alreadyInProgress")
        #expect(try t.records.transactions.count == count, "a refusal adds no transaction")
        // Still refused after Buy, until the store answers.
        try t.queue.confirm(first)
        #expect(throws: StoreError.purchaseInProgress) { try t.queue.add(Payment(productID: ID.credits10)) }
        t.clock.advance(by: Harness.latency)
        try t.queue.tick()
        #expect(try t.buy(ID.credits10).queueState.state == .purchased)
    }

    @Test func purchaseDuringARestoreIsRefused() throws {
        let t = try Harness()
        try t.queue.restoreCompletedTransactions()
        #expect(throws: StoreError.restoreInProgress) { try t.queue.add(Payment(productID: ID.credits5)) }
        #expect(try t.records.transactions.isEmpty)
        t.clock.advance(by: Harness.latency)
        try t.queue.tick()
        #expect(try t.buy(ID.credits5).queueState.state == .purchased)
    }

    @Test func buyingAnOwnedNonConsumableAgainDownloadsItAtNoCharge() throws {
        let t = try Harness { $0.askToBuy = false }
        let first = try t.buy(ID.premium)
        try t.set { $0.askToBuy = true; $0.interrupted = true }  // nothing to pay: nothing to ask or interrupt for
        let again = try t.buy(ID.premium)
        #expect(again.id != first.id)
        #expect(again.queueState.state == .purchased, "a regular transaction, not a restored one")
        #expect(again.reason == .redownload)
        #expect(again.originalID == first.id)
        #expect(again.queueState.finished)
        #expect(t.updates.last?.reason == .redownload)
    }

    @Test func ownershipIsTheStoresNotTheApps() throws {
        let t = try Harness()
        try t.buy(ID.premium)
        try t.app.defaults.removeAll()  // deleting the app does not un-buy it
        let again = try t.buy(ID.premium)
        #expect(again.reason == .redownload, "the store knows it was bought")
        #expect(t.app.premiumUnlocked)
    }

    @Test func anActiveSubscriptionBoughtAgainIsRefused() throws {
        let t = try Harness()
        try t.buy(ID.monthly)
        #expect(throws: StoreError.alreadyOwned) { try t.queue.add(Payment(productID: ID.monthly)) }
        #expect(StoreError.alreadyOwned.message.hasPrefix("You're currently subscribed to this."))
    }

    @Test func signedOutIsRefused() throws {
        let t = try Harness { $0.account = nil }
        #expect(throws: StoreError.notSignedIn) { try t.queue.add(Payment(productID: ID.credits5)) }
        #expect(throws: StoreError.notSignedIn) { try t.queue.restoreCompletedTransactions() }
        #expect(try t.records.transactions.isEmpty)
        try t.set { $0.account = "someone@example.com" }
        #expect(try t.buy(ID.credits5).queueState.state == .purchased)
    }

    @Test func transactionIDsAreUniqueAndIncreasing() throws {
        let t = try Harness()
        let ids = try [ID.credits5, ID.credits10, ID.premium].map { try t.buy($0).id }
        #expect(ids.compactMap(Int.init) == ids.compactMap(Int.init).sorted())
        #expect(Set(ids).count == 3)
    }
}
