import CatalogFiles
import DataFiles
import Foundation
import SampleApp
import AppStoreCore
import AppStorePersistence
import StoreKitSim
import Testing
@testable import StorefrontUI

/// The store's events the app's queue does not tell reach the log (stamped with their store
/// time) and, when done from elsewhere, a banner; what the queue tells is not told twice.
@Suite struct StoreNewsTests {
    static let pro = "com.storefront.pro.monthly"

    /// Another terminal acting on the same store (`storefront expire`, `auto-renew …`).
    private func elsewhere(_ ui: UITestHarness) -> StoreAdmin {
        StoreAdmin(store: AppStore(catalog: ui.store.catalog, storage: ui.storage, wallClock: ui.clock))
    }

    @Test func anExpiryFromAnotherTerminalIsLoggedWithABanner() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        ui.clock.advance(by: 60)
        try elsewhere(ui).expireSubscription(Self.pro, account: try ui.store.settings().account)
        let expiredAt = ui.clock.now
        ui.runtime.tick()
        let line = try #require(ui.state.log.last)
        #expect(line.text == "Pro Monthly expired (ended by the store)")
        #expect(line.date == expiredAt && line.tint == .muted)
        #expect(ui.state.banner?.text == "✗ Subscription expired: Pro Monthly")
        #expect(ui.screen.contains("✗ Subscription expired: Pro Monthly"))
        #expect(!ui.runtime.app.isSubscriptionActive(Self.pro, now: ui.state.now), "the app's access ended with it")
        ui.runtime.tick()
        #expect(ui.state.log.filter { $0.text.contains("expired") }.count == 1, "told once")
    }

    @Test func autoRenewTurnedOffAndOnElsewhereIsToldInJapaneseToo() throws {
        let ui = try UITestHarness { UITestHarness.useJapanese(&$0) }
        try ui.buy("Pro Monthly")
        let end = try #require(ui.state.snapshot.subscriptions.first?.expiresDate)
        try elsewhere(ui).setAutoRenew(Self.pro, on: false, account: try ui.store.settings().account)
        ui.runtime.tick()
        #expect(ui.state.log.last?.text == "プロ 月額プラン: 自動更新オフ、\(ui.state.times.dateTime(end))にトライアル終了(請求なし)")
        #expect(ui.state.banner?.text == "自動更新がオフになりました: プロ 月額プラン")
        try elsewhere(ui).setAutoRenew(Self.pro, on: true, account: try ui.store.settings().account)
        ui.runtime.tick()
        #expect(ui.state.banner?.text == "✓ 自動更新がオンになりました: プロ 月額プラン")
    }

    /// The log's cursor is the store's: news made while the storefront was closed is told at
    /// the next launch, and what the last run told is not told again.
    @Test func aRelaunchTellsWhatCameWhileClosedOnce() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        ui.clock.advance(by: 60)
        try elsewhere(ui).setAutoRenew(Self.pro, on: false, account: try ui.store.settings().account)
        ui.runtime.tick()
        #expect(ui.state.log.filter { $0.text.contains("auto-renew off") }.count == 1)
        // Closed; the store ends it from another terminal meanwhile.
        try elsewhere(ui).expireSubscription(Self.pro, account: try ui.store.settings().account)
        try ui.relaunch()
        let texts = ui.state.log.map(\.text)
        #expect(texts.contains("Pro Monthly expired (ended by the store)"), "news made while closed: \(texts)")
        #expect(!texts.contains { $0.contains("auto-renew off") }, "told by the last run: \(texts)")
        try ui.relaunch()
        #expect(!ui.state.log.contains { $0.text.contains("expired (ended by the store)") }, "told once")
    }

    /// Done here (a message's button, Manage Subscriptions): logged, and no banner, since the
    /// screen answers it already.
    @Test func whatIsDoneHereIsLoggedWithoutABanner() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        ui.runtime.perform(onPlanOf: Self.pro) { .autoRenew(originalTransactionID: $0, on: false) }
        #expect(ui.state.log.last?.text.hasPrefix("Pro Monthly: auto-renew off, free trial ends") == true)
        #expect(ui.state.banner == nil)
    }

    /// A renewal is the queue's news: the log tells it once, by the transaction.
    @Test func aRenewalIsNotToldTwice() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        let count = ui.state.log.count
        ui.wait(seconds: 8 * 86_400)
        let added = ui.state.log.dropFirst(count).map(\.text)
        #expect(added.contains { $0.contains("purchased") }, "\(added)")
        #expect(!added.contains { $0.contains("Pro Monthly") }, "no line from the events for a renewal: \(added)")
    }

    @Test func theWholeBillingStoryIsLogged() throws {
        let ui = try UITestHarness {
            $0.billingRetry = true
            $0.gracePeriod = .threeDays
        }
        try ui.buy("Pro Monthly")
        ui.wait(seconds: 8 * 86_400)
        ui.press(.escape)
        ui.wait(seconds: 4 * 86_400)
        let texts = ui.state.log.map(\.text)
        #expect(texts.contains { $0.hasPrefix("Pro Monthly: renewal failed (billing problem), grace period until") })
        #expect(texts.contains("Pro Monthly: grace period ended, no access while billing retry goes on"))
        ui.wait(seconds: 61 * 86_400)
        #expect(ui.state.log.last?.text == "Pro Monthly expired (billing problem not fixed)")
    }

    @Test func anUpgradeTellsItsRefund() throws {
        let ui = try UITestHarness()
        try ui.buy("Lite Monthly")
        ui.wait(seconds: 86_400)
        try ui.buy("Pro Monthly")
        #expect(ui.state.log.contains { $0.text.hasPrefix("Lite Monthly upgraded to Pro Monthly, $") && $0.text.hasSuffix("refunded") },
                "\(ui.state.log.map(\.text))")
    }

    /// A plan of the same level and period replaces the old one at once, but it is no upgrade.
    @Test func aCrossgradeIsToldAsASwitch() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        ui.wait(seconds: 86_400)
        try ui.buy("Pro Student")
        let texts = ui.state.log.map(\.text)
        #expect(texts.contains { $0.hasPrefix("Pro Monthly switched to Pro Student, ") && $0.hasSuffix("refunded") }, "\(texts)")
        #expect(!texts.contains { $0.contains("upgraded") }, "\(texts)")
    }

    @Test func aDowngradeTellsTheRenewalItWaitsFor() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        try ui.buy("Lite Monthly")
        #expect(ui.state.log.contains { $0.text == "next renewal changes from Pro Monthly to Lite Monthly" },
                "\(ui.state.log.map(\.text))")
        let texts = ui.state.log.map(\.text)
        #expect(texts.contains { $0.contains("com.storefront.lite.monthly from the next renewal (")
            && $0.hasSuffix("; you keep com.storefront.pro.monthly until then") }, "\(texts)")
        #expect(!texts.contains { $0.contains("lite.monthly") && ($0.contains("purchas") || $0.contains("finished")) }, "\(texts)")
        #expect(!texts.contains { $0.contains("1000000002") }, "no transaction id used up: \(texts)")
    }

    @Test func aPriceIncreaseNotAgreedToEndsTheSubscriptionAtItsRenewal() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        ui.runtime.perform(.priceIncrease(productID: Self.pro, storefront: nil, price: 5.99, consentNeeded: true))
        ui.press(.escape)
        ui.wait(seconds: 8 * 86_400)
        #expect(ui.state.log.last?.text == "Pro Monthly expired (price increase not agreed)")
        #expect(ui.state.banner?.text == "✗ Subscription expired: Pro Monthly")
        #expect(ui.runtime.app.subscriptionState(Self.pro) == "expired (didNotConsentToPriceIncrease)")
        #expect(!ui.runtime.app.isSubscriptionActive(Self.pro, now: ui.state.now))
    }

    @Test func anotherAccountsEventsAreNotTold() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        try ui.changeSettings { $0.account = "other@example.com" }
        try ui.store.updateSettings { $0.account = "sandbox.user@example.com" }
        let admin = elsewhere(ui)
        try admin.setAutoRenew(Self.pro, on: false, account: try ui.store.settings().account)
        try ui.store.updateSettings { $0.account = "other@example.com" }
        ui.runtime.tick()
        #expect(!ui.state.log.contains { $0.text.contains("auto-renew off") })
    }

    /// The events read, every account's, as `update` tells them: the signed-in account's
    /// only, an expiry from elsewhere with its banner, and a lapsed request as the lapse left
    /// it (the event's own transaction, the store not read again).
    @Test func theEventsReadAreToldAsTheSignedInAccountsNews() throws {
        let ui = try UITestHarness { $0.askToBuy = true }
        try ui.buy("10 Monkey Credits")
        let request = try #require(ui.state.snapshot.pendingApprovals.first)
        let lapseDate = try #require(request.lapseDate)
        let before = try ui.storage.lastEventID()
        try PaymentQueue(store: ui.store).advance(by: try #require(StoreDuration("25h")))
        let lapse = try #require(try ui.storage.events(after: before, limit: nil).first { $0.kind == .askToBuyLapsed })
        let lapsed = try #require(lapse.transaction)
        #expect(lapsed.id == request.id && lapsed.hasLapsed)
        let now = ui.state.now
        let expiry = StoreEvent(date: now, kind: .expired, account: Settings.defaultAccount, productID: Self.pro,
                                details: StoreEventDetails(expirationReason: .unknown))
        let othersExpiry = StoreEvent(date: now, kind: .expired, account: "other@example.com", productID: Self.pro,
                                      details: StoreEventDetails(expirationReason: .unknown))
        var store = TestStore(ui.state)
        store.receive(.storeEvents([othersExpiry, lapse, expiry], signedIn: Settings.defaultAccount, fromElsewhere: true, at: now)) {
            let words = "\(request.id) Ask to Buy request lapsed  com.storefront.credits.10  (24 hours unanswered: dropped by the store, no update to the app)"
            $0.log.append(LogLine(date: lapseDate, text: words, tint: .muted))
            $0.log.append(LogLine(date: now, text: "Pro Monthly expired (ended by the store)", tint: .muted))
            $0.banner = Banner(transactionID: "", text: "✗ Subscription expired: Pro Monthly", tint: .danger, expires: now + Banner.duration)
        }
        store.receive(.storeEvents([expiry], signedIn: "other@example.com", fromElsewhere: false, at: now),
                      "another account's news is not told")
    }

    /// Two processes on one store.sqlite: the storefront, and `storefront auto-renew … off`
    /// then `storefront expire …` from another terminal, arriving live.
    @Test func anotherProcessesEventsOnStoreSqliteArriveLive() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-news-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let catalog = try CatalogLoader.defaultCatalog()
        let clock = ManualClock()
        func open() throws -> StoreDatabase {
            try StoreDatabase(directory: DataDirectory(url: directory), productIDs: catalog.products.map(\.id))
        }
        let store = AppStore(catalog: catalog, storage: try open(), wallClock: clock)
        try store.updateSettings { $0.latencyMilliseconds = 1000 }
        let defaults = try UserDefaultsFile(url: directory.appendingPathComponent("UserDefaults.json"))
        let runtime = try StorefrontRuntime(store: store, appDescription: .builtIn, defaults: defaults, width: 100, height: 30,
                                            times: TimeDisplay(timeZone: TimeZone(identifier: "UTC")!))
        clock.advance(by: 1)
        runtime.tick()
        let app = SampleApp(catalog: catalog, appDescription: .builtIn, defaults: defaults, queue: PaymentQueue(store: store))
        _ = try app.launch()
        _ = try app.purchase(Payment(productID: Self.pro))
        clock.advance(by: 1)
        _ = try app.tick()

        let other = StoreAdmin(store: AppStore(catalog: catalog, storage: try open(), wallClock: clock))
        try other.setAutoRenew(Self.pro, on: false, account: try other.store.settings().account)
        runtime.tick()
        #expect(runtime.state.log.last?.text.hasPrefix("Pro Monthly: auto-renew off") == true, "\(runtime.state.log.map(\.text))")
        #expect(runtime.state.banner?.text == "Auto-renew turned off: Pro Monthly")
        try other.expireSubscription(Self.pro, account: try other.store.settings().account)
        runtime.tick()
        #expect(runtime.state.log.last?.text == "Pro Monthly expired (ended by the store)")
        #expect(runtime.state.banner?.text == "✗ Subscription expired: Pro Monthly")
    }
    /// A read of the outbox that fails (a busy or unreadable file) is tried again at the next
    /// tick, though the store did not change again meanwhile: no event waits for another change.
    @Test func eventsAFailedReadMissedArriveAtTheNextTick() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-news-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let catalog = try CatalogLoader.defaultCatalog()
        let clock = ManualClock()
        let storage = FlakyStorage(InMemoryStorage())
        let store = AppStore(catalog: catalog, storage: storage, wallClock: clock)
        let defaults = try UserDefaultsFile(url: directory.appendingPathComponent("UserDefaults.json"))
        let runtime = try StorefrontRuntime(store: store, appDescription: .builtIn, defaults: defaults, width: 100, height: 30,
                                            times: TimeDisplay(timeZone: TimeZone(identifier: "UTC")!))
        _ = try runtime.app.purchase(Payment(productID: Self.pro))
        clock.advance(by: 5)
        runtime.tick()
        #expect(try store.storage.settings().account != nil)

        storage.failingEvents = true
        try StoreAdmin(store: AppStore(catalog: catalog, storage: storage, wallClock: clock)).expireSubscription(Self.pro, account: try store.storage.settings().account)
        runtime.tick()
        #expect(!runtime.state.log.contains { $0.text.contains("expired (ended by the store)") })
        storage.failingEvents = false
        runtime.tick()
        #expect(runtime.state.log.contains { $0.text == "Pro Monthly expired (ended by the store)" }, "\(runtime.state.log.map(\.text))")
    }
}
