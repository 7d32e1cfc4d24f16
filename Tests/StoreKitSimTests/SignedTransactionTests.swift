import DataFiles
import Foundation
import SampleApp
import Testing
@testable import AppStoreCore
@testable import StoreKitSim

/// The app delivers only what verifies (StoreKit 2's `VerificationResult`), and at launch and
/// after each update writes UserDefaults.json back to what the signed transactions say where
/// it claims more, never taking away what was really bought.
@Suite struct SignedTransactionTests {
    static func failingVerification(_ settings: inout Settings) { settings.failures[.verification] = .verification(.invalidSignature) }

    /// A hand edit of UserDefaults.json made while the app is closed.
    static func edit(_ t: Harness, _ changes: [String: JSONValue?]) throws {
        try UserDefaultsFile(url: t.app.defaults.url).set(changes)
    }

    static func corrections(_ app: SampleApp) -> [ClaimCorrection] {
        app.events.compactMap { if case .corrected(let c) = $0 { c } else { nil } }
    }

    // MARK: Verification

    @Test func theQueueVerifiesEveryTransactionUnlessVerificationIsMadeToFail() throws {
        let t = try Harness()
        let bought = try t.buy(ID.premium)
        #expect(t.queue.raw.verify(bought) == .verified(bought))
        try t.set(Self.failingVerification)
        try t.queue.tick()
        #expect(t.queue.raw.verify(bought) == .unverified(bought, .invalidSignature))
        #expect(throws: StoreError.verificationError(.invalidSignature)) { try t.queue.raw.verify(bought).payloadValue }
        #expect(t.queue.raw.verify(bought).unsafePayloadValue == bought)
    }

    /// The signature's check plugs in at one place: the queue's verifier; the chosen error
    /// still comes first.
    @Test func aVerifiersCheckDecidesWhatTheAppReceives() throws {
        let t = try Harness(launch: false)
        let verifier = TransactionVerifier { $0.productID == ID.premium ? .invalidSignature : nil }
        let queue = PaymentQueue(store: t.store, verifier: verifier)
        let app = SampleApp(catalog: t.store.catalog, appDescription: t.app.appDescription, defaults: t.app.defaults, queue: queue)
        _ = try app.launch()
        let (premium, _) = try app.purchase(Payment(productID: ID.premium))
        t.clock.advance(by: Harness.latency)
        app.receive(try queue.tick())
        #expect(queue.verify(try t.transaction(premium.id)).verificationError == .invalidSignature)
        #expect(!app.premiumUnlocked)
        #expect(app.events.contains(.notDelivered(try t.transaction(premium.id), .verificationError(.invalidSignature))))
        let (credits, _) = try app.purchase(Payment(productID: ID.credits5))
        t.clock.advance(by: Harness.latency)
        app.receive(try queue.tick())
        #expect(app.credits == 5, "what verifies is delivered")
        #expect(try t.transaction(credits.id).queueState.finished)
        try t.set { $0.failures[.verification] = .verification(.revokedCertificate) }
        app.receive(try queue.tick())
        #expect(queue.verify(try t.transaction(credits.id)) == .unverified(try t.transaction(credits.id), .revokedCertificate))
    }

    /// As Apple's sample: an unverified transaction is neither granted nor finished; it comes
    /// back at the next launch and is delivered once it verifies.
    @Test func anUnverifiedPurchaseIsNotDeliveredAndWaitsUnfinished() throws {
        let t = try Harness(settings: Self.failingVerification)
        let bought = try t.buy(ID.premium)
        #expect(bought.queueState.state == .purchased && !bought.queueState.finished)
        #expect(t.notDelivered == [bought.id: .verificationError(.invalidSignature)])
        #expect(!t.app.premiumUnlocked)
        #expect(t.app.deliveredUnfinished.isEmpty)
        let line = t.app.events.first { if case .notDelivered = $0 { true } else { false } }?.text(app: t.app.appDescription, errors: { "\($0)" })
        #expect(line == "\(bought.id) not delivered, left unfinished in the queue: StoreKit.VerificationResult.VerificationError 4 invalidSignature: The signed data's signature is not valid.")
        let ja = t.app.events.first { if case .notDelivered = $0 { true } else { false } }?.text(app: t.app.appDescription, strings: .japanese, errors: { "\($0)" })
        #expect(ja?.contains("配信できず、未完了のままキューに残します") == true && ja?.contains("署名付きデータの署名が無効です。") == true)

        let again = try t.relaunched()
        #expect(again.notDelivered == [bought.id: .verificationError(.invalidSignature)], "still refused at the next launch")
        try again.set { $0.failures[.verification] = nil }
        let verified = try again.relaunched()
        #expect(verified.app.premiumUnlocked)
        #expect(try verified.transaction(bought.id).queueState.finished)
    }

    // MARK: What UserDefaults.json claims

    @Test func aNonConsumableGrantedByHandIsLockedAtLaunch() throws {
        let t = try Harness()
        try Self.edit(t, [ID.premium: .bool(true)])
        let again = try t.relaunched()
        #expect(!again.app.premiumUnlocked)
        #expect(again.app.defaults.values[ID.premium] == .bool(false))
        #expect(Self.corrections(again.app) == [ClaimCorrection(key: ID.premium, claimed: .bool(true), signed: .bool(false))])
        let line = again.app.events.last { if case .corrected = $0 { true } else { false } }
        #expect(line?.text(app: again.app.appDescription, errors: { "\($0)" })
            == "UserDefaults.json claimed \(ID.premium) = true, the signed transactions say false: corrected")
        #expect(line?.text(app: again.app.appDescription, strings: .japanese, errors: { "\($0)" })
            == "UserDefaults.jsonの\(ID.premium) = trueを、署名付きトランザクションのとおりfalseに修正しました")
        #expect(try UserDefaultsFile(url: t.app.defaults.url).values[ID.premium] == .bool(false), "the file rewritten")
        let third = try again.relaunched()
        #expect(Self.corrections(third.app).isEmpty, "told once")
    }

    /// While the app runs: a hand edit is noticed at the next update.
    @Test func aHandEditWhileTheAppRunsIsCorrectedAtTheNextUpdate() throws {
        let t = try Harness()
        try Self.edit(t, [ID.premium: .bool(true)])
        try t.app.defaults.reloadIfChanged()
        try t.queue.tick()
        #expect(!t.app.premiumUnlocked)
        #expect(Self.corrections(t.app).map(\.key) == [ID.premium])
    }

    @Test func whatWasReallyBoughtIsNeverTakenAway() throws {
        let t = try Harness()
        try t.buy(ID.premium)
        try t.buy(ID.credits10, quantity: 2)
        try t.buy(ID.monthly)
        try t.buy(ID.yearly)
        let values = t.app.defaults.values
        let again = try t.relaunched()
        #expect(Self.corrections(again.app).isEmpty)
        #expect(again.app.defaults.values == values)
    }

    /// Deleted from the history on the App Store's side, a purchase still stands behind what
    /// the app delivered of it, as the app keeps it.
    @Test func aPurchaseTheAppStoreDeletedIsKept() throws {
        let t = try Harness()
        let premium = try t.buy(ID.premium)
        let credits = try t.buy(ID.credits10)
        for id in [premium.id, credits.id] {
            try t.hear { try $0.perform(.deleteTransaction(transactionID: id), account: t.signedIn) }
        }
        try t.queue.tick()
        let again = try t.relaunched()
        #expect(again.app.premiumUnlocked && again.app.credits == 10)
        #expect(Self.corrections(again.app).isEmpty)
    }

    @Test func aFamilySharedPurchaseIsKept() throws {
        let t = try FamilySharingTests.family(.sqlite)
        try t.buy(ID.premium)
        try t.set { $0.account = FamilySharingTests.kid }
        try t.queue.tick()
        let again = try t.relaunched()
        #expect(again.app.premiumUnlocked)
        #expect(Self.corrections(again.app).isEmpty)
    }

    /// Credits above everything the verified packs delivered are lowered to it; spending is
    /// the app's own note in the same file, so a balance at or under it is left alone.
    @Test func creditsAboveWhatWasBoughtAreLoweredToIt() throws {
        let t = try Harness()
        try t.buy(ID.credits10)
        try t.buy(ID.credits5)
        _ = try t.app.consume(.product(SampleApp.creditsKey), quantity: 3)
        #expect(t.app.credits == 12)
        try Self.edit(t, [SampleApp.creditsKey: .int(14)])
        #expect(Self.corrections(try t.relaunched().app).isEmpty, "within what was bought: it may be unspent")
        try Self.edit(t, [SampleApp.creditsKey: .int(500)])
        let again = try t.relaunched()
        #expect(again.app.credits == 15)
        #expect(Self.corrections(again.app) == [ClaimCorrection(key: SampleApp.creditsKey, claimed: .int(500), signed: .int(15))])
        #expect(again.app.unconsumed.map(\.remaining).reduce(0, +) <= 15)
    }

    /// A refund took back its part already: what is left is not taken again.
    @Test func aRefundedPackIsNotTakenTwice() throws {
        let t = try Harness()
        let first = try t.buy(ID.credits10)
        try t.buy(ID.credits10)
        try t.hear { try $0.refundTransaction(first.id) }
        try t.queue.tick()
        #expect(t.app.credits == 10)
        let again = try t.relaunched()
        #expect(again.app.credits == 10)
        #expect(Self.corrections(again.app).isEmpty)
        try Self.edit(t, [SampleApp.creditsKey: .int(20)])
        let edited = try t.relaunched()
        #expect(edited.app.credits == 10, "the refunded pack's credits are not the account's")
    }

    @Test func aSubscriptionGrantedByHandIsRemoved() throws {
        let t = try Harness()
        let claimed = JSONValue.string(JSONCoding.format(t.clock.now + 86_400 * 365))
        try Self.edit(t, [ID.monthly: claimed])
        let again = try t.relaunched()
        #expect(!again.app.isSubscriptionActive(ID.monthly, now: again.queue.raw.now))
        #expect(again.app.defaults.values[ID.monthly] == nil)
        #expect(Self.corrections(again.app) == [ClaimCorrection(key: ID.monthly, claimed: claimed, signed: nil)])
        #expect(again.app.events.last?.text(app: again.app.appDescription, errors: { "\($0)" }).hasSuffix("say none: corrected") == true)
    }

    @Test func aPassExtendedByHandIsCutToWhatItsPurchasesReach() throws {
        let t = try Harness()
        try t.buy(ID.yearly)
        let bought = try #require(t.app.subscriptionExpiry(ID.yearly))
        try Self.edit(t, [ID.yearly: .string(JSONCoding.format(bought + 86_400 * 3650))])
        let again = try t.relaunched()
        #expect(again.app.subscriptionExpiry(ID.yearly) == bought)
        #expect(Self.corrections(again.app).map(\.key) == [ID.yearly])
    }

    /// With verification failing the app cannot tell: it leaves the file as it is.
    @Test func aClaimBehindAnUnverifiedPurchaseIsLeftAlone() throws {
        let t = try Harness()
        try t.buy(ID.premium)
        try t.buy(ID.credits5)
        try t.set(Self.failingVerification)
        try Self.edit(t, [SampleApp.creditsKey: .int(99)])
        let again = try t.relaunched()
        #expect(again.app.premiumUnlocked)
        #expect(again.app.credits == 99)
        #expect(Self.corrections(again.app).isEmpty)
    }

    // MARK: AppTransaction

    @Test func theAppReadsItsAppTransactionAtLaunch() throws {
        let t = try Harness()
        #expect(t.app.appTransaction?.originalPurchaseDate == t.queue.raw.now, "a store with no history: now")
        try t.buy(ID.premium)
        let read = try #require(try t.relaunched().app.appTransaction)
        #expect(read.bundleID == SampleApp.bundleID && read.originalAppVersion == "1.0" && read.environment == "Xcode")
        t.clock.advance(by: 3600)
        let again = try t.relaunched()
        #expect(again.app.appTransaction?.originalPurchaseDate == read.originalPurchaseDate, "the same at every launch")
        #expect(again.app.appTransaction?.appTransactionID == read.appTransactionID)
        #expect(!again.app.events.contains { if case .appTransactionFailed = $0 { true } else { false } })
    }

    @Test(arguments: [(APIError.storeKit(.networkError), StoreError.storeKitError(.networkError)),
                      (.verification(.invalidCertificateChain), .verificationError(.invalidCertificateChain))])
    func aFailingAppTransactionIsLogged(chosen: APIError, error: StoreError) throws {
        let t = try Harness { $0.failures[.appTransaction] = chosen }
        #expect(t.app.appTransaction == nil)
        let failed = t.app.events.filter { if case .appTransactionFailed = $0 { true } else { false } }
        #expect(failed == [.appTransactionFailed(error)])
        #expect(failed.first?.text(app: t.app.appDescription, errors: { "\($0)" }).hasPrefix("app transaction failed  ") == true)
        #expect(failed.first?.text(app: t.app.appDescription, strings: .japanese, errors: { "\($0)" }).hasPrefix("Appのトランザクションを取得できません") == true)
    }
}
