import DataFiles
import Foundation
import SampleApp
import Testing
import Wording
@testable import AppStoreCore
@testable import StoreKitSim

/// The app's access to a subscription follows the store's status, as a StoreKit 2 app reads
/// `Product.SubscriptionInfo.status`: UserDefaults.json keeps until when access lasts and
/// where the subscription stands, whatever changed it (a transaction or none).
@Suite struct SubscriptionEntitlementTests {
    private func state(_ t: Harness, _ id: String = Plans.proMonthly) -> String? { t.app.subscriptionState(id) }

    @Test(arguments: StorageKind.allCases)
    func graceKeepsAccessUntilItEndsAndBillingRetryHasNone(kind: StorageKind) throws {
        let t = try Harness.plans(kind) { $0.billingRetry = true; $0.gracePeriod = .sixteenDays }
        let first = try t.buy(Plans.proMonthly)
        try t.advance(to: try #require(first.expirationDate), plus: 1)
        let grace = try #require(try t.status)
        let graceEnd = try #require(grace.gracePeriodExpiresDate)
        #expect(state(t) == "inGracePeriod")
        #expect(t.app.subscriptionExpiry(Plans.proMonthly) == graceEnd, "access kept until the grace ends")
        #expect(t.app.isSubscriptionActive(Plans.proMonthly, now: t.clock.now))

        try t.advance(to: graceEnd, plus: 1)
        #expect(state(t) == "inBillingRetryPeriod")
        #expect(!t.app.isSubscriptionActive(Plans.proMonthly, now: t.clock.now))
        #expect(t.app.subscriptionExpiry(Plans.proMonthly) == graceEnd)

        try t.advance(to: try #require(SubscriptionLifecycle.billingRetryEndDate(grace)), plus: 1)
        #expect(state(t) == "expired (billingError)")
        #expect(!t.app.isSubscriptionActive(Plans.proMonthly, now: t.clock.now))
    }

    @Test(arguments: StorageKind.allCases)
    func billingRetryEndsAccessAtTheRenewalAndFixingItGivesItBack(kind: StorageKind) throws {
        let t = try Harness.plans(kind) { $0.billingRetry = true }
        let first = try t.buy(Plans.proMonthly)
        let end = try #require(first.expirationDate)
        try t.advance(to: end, plus: 60)
        #expect(state(t) == "inBillingRetryPeriod")
        #expect(t.app.subscriptionExpiry(Plans.proMonthly) == end)
        #expect(!t.app.isSubscriptionActive(Plans.proMonthly, now: t.clock.now))

        t.app.receive(try t.hear { try $0.resolveBillingIssue(Plans.proMonthly, account: t.signedIn) })
        #expect(state(t) == "subscribed")
        #expect(t.app.subscriptionExpiry(Plans.proMonthly) == Plans.month.added(to: t.queue.now))
        #expect(t.app.isSubscriptionActive(Plans.proMonthly, now: t.clock.now))
    }

    @Test(arguments: StorageKind.allCases)
    func withAutoRenewOffThePlanExpiresAndTheAppSaysWhy(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let first = try t.buy(Plans.proMonthly)
        let end = try #require(first.expirationDate)
        t.app.receive(try t.hear { try $0.setAutoRenew(Plans.proMonthly, on: false, account: t.signedIn) })
        #expect(state(t) == "subscribed" && t.app.isSubscriptionActive(Plans.proMonthly, now: t.clock.now))
        try t.advance(to: end, plus: 1)
        #expect(state(t) == "expired (autoRenewDisabled)")
        #expect(t.app.subscriptionExpiry(Plans.proMonthly) == end)
        #expect(!t.app.isSubscriptionActive(Plans.proMonthly, now: t.clock.now))
        let onDisk = try UserDefaultsFile(url: t.app.defaults.url).values
        #expect(onDisk[SampleApp.stateKey(Plans.proMonthly)] == .string("expired (autoRenewDisabled)"), "written, for people to read")
    }

    /// Another process (`storefront expire`) makes no transaction: the app learns it from the
    /// status at its next look.
    @Test(arguments: StorageKind.allCases)
    func anExpiryFromAnotherProcessEndsAccessAtTheAppsNextLook(kind: StorageKind) throws {
        let directory = TemporaryDirectory()
        let storage = try kind.make(directory, catalog: Plans.catalog)
        let t = try Harness(storage: storage, directory: directory, catalog: Plans.catalog)
        try t.buy(Plans.proMonthly)
        t.clock.advance(by: 3600)
        let other: any RecordsStorage = kind == .sqlite ? try kind.make(directory, catalog: Plans.catalog) : storage
        try StoreAdmin(store: AppStore(catalog: Plans.catalog, storage: other, wallClock: t.clock)).expireSubscription(Plans.proMonthly, account: try AppStore(catalog: Plans.catalog, storage: other, wallClock: t.clock).settings().account)
        #expect(t.app.isSubscriptionActive(Plans.proMonthly, now: t.clock.now), "not looked yet")
        try t.queue.tick()
        #expect(state(t) == "expired (unknown)")
        #expect(t.app.subscriptionExpiry(Plans.proMonthly) == t.clock.now)
        #expect(!t.app.isSubscriptionActive(Plans.proMonthly, now: t.clock.now))
    }

    @Test(arguments: StorageKind.allCases)
    func anUpgradeEndsTheOldPlanAndItsState(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        try t.buy(Plans.liteMonthly)
        #expect(state(t, Plans.liteMonthly) == "subscribed")
        t.clock.advance(by: 86_400)
        let pro = try t.buy(Plans.proMonthly)
        #expect(t.app.subscriptionExpiry(Plans.liteMonthly) == pro.queueState.transactionDate)
        #expect(state(t, Plans.liteMonthly) == nil, "no longer the group's plan")
        #expect(state(t) == "subscribed" && t.app.subscriptionExpiry(Plans.proMonthly) == pro.expirationDate)
    }

    @Test(arguments: StorageKind.allCases)
    func aDowngradeGivesNothingUntilItsRenewal(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let pro = try t.buy(Plans.proMonthly)
        let heard = t.app.events.count
        let lite = try t.buy(Plans.liteMonthly)
        let change = try #require(t.planChange(answering: lite.id))
        #expect(change.productID == Plans.liteMonthly && change.currentProductID == Plans.proMonthly)
        #expect(change.kind == .downgrade && change.date == pro.expirationDate)
        #expect(Array(t.app.events[heard...]) == [.planChanged(change)], "no transaction heard, delivered or finished")
        #expect(t.app.defaults.values[Plans.liteMonthly] == nil, "nothing written for the lower plan")
        #expect(t.app.isSubscriptionActive(Plans.proMonthly, now: t.clock.now))

        try t.advance(to: try #require(pro.expirationDate), plus: 1)
        #expect(t.app.isSubscriptionActive(Plans.liteMonthly, now: t.clock.now))
        #expect(state(t, Plans.liteMonthly) == "subscribed" && state(t) == nil)
        #expect(!t.app.isSubscriptionActive(Plans.proMonthly, now: t.clock.now))
    }

    /// The app's log says the store's answer in one line, English and Japanese: the plan from
    /// the next renewal and the one kept until then, or the change called off.
    @Test func aPlanChangesLogLineSaysWhenAndWhatIsKept() throws {
        let t = try Harness.plans(.inMemory)
        let pro = try t.buy(Plans.proMonthly)
        let down = try #require(t.planChange(answering: try t.buy(Plans.liteMonthly).id))
        let back = try #require(t.planChange(answering: try t.buy(Plans.proMonthly).id))
        let date = TimeDisplay().dateTime(try #require(pro.expirationDate))
        func line(_ change: ScheduledPlanChange, _ strings: Strings) -> String {
            AppEvent.planChanged(change).text(app: t.app.appDescription, strings: strings, errors: { "\($0)" })
        }
        #expect(line(down, .english) == "\(Plans.liteMonthly) from the next renewal (\(date)); you keep \(Plans.proMonthly) until then")
        #expect(line(down, .japanese) == "\(Plans.liteMonthly) 次回の更新日(\(date))から。それまでは\(Plans.proMonthly)をご利用いただけます")
        #expect(line(back, .english) == "\(Plans.proMonthly) stays your plan and renews on \(date); the plan change is cancelled")
        #expect(line(back, .japanese) == "\(Plans.proMonthly) 現在のプランのまま\(date)に更新されます。プランの変更を取り消しました")
    }

    /// The app reads statuses, not transactions: a status the store holds with no transaction
    /// the app delivered (adopted, or changed while the app was closed) is what the app gives.
    @Test(arguments: StorageKind.allCases)
    func aLaunchWritesWhatTheStatusesBecameWhileTheAppWasClosed(kind: StorageKind) throws {
        let t = try Harness.plans(kind) { $0.billingRetry = true; $0.gracePeriod = .threeDays }
        let first = try t.buy(Plans.proMonthly)
        // Closed: store time moves on past the renewal, which fails, with nobody watching.
        t.clock.advance(by: try #require(first.expirationDate).timeIntervalSince(t.clock.now) + 60)
        let relaunched = try Harness(storage: t.storage, directory: t.directory, clock: t.clock, catalog: Plans.catalog)
        #expect(relaunched.app.subscriptionState(Plans.proMonthly) == "inGracePeriod")
        #expect(relaunched.app.subscriptionExpiry(Plans.proMonthly) == (try relaunched.status)?.gracePeriodExpiresDate)
    }

    /// The app follows the plans it holds: with its data deleted it knows of none until a
    /// restore brings them back, whatever the store's statuses say.
    @Test(arguments: StorageKind.allCases)
    func deletedAppDataKnowsNoSubscriptionUntilARestore(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        try t.buy(Plans.proMonthly)
        try t.app.defaults.removeAll()
        t.clock.advance(by: 60)
        try t.queue.tick()
        #expect(t.app.subscriptionExpiry(Plans.proMonthly) == nil && state(t) == nil)
        try t.restore()
        #expect(t.app.isSubscriptionActive(Plans.proMonthly, now: t.clock.now))
        #expect(state(t) == "subscribed")
    }

    @Test func aStateTheAppCannotReadIsRefusedNotOverwritten() throws {
        let t = try Harness.plans(.inMemory)
        try t.buy(Plans.proMonthly)
        try t.app.defaults.set(.int(7), forKey: SampleApp.stateKey(Plans.proMonthly))
        #expect(throws: DataFileError.self) { try t.app.launch() }
        let relaunched = Result { try Harness(storage: t.storage, directory: t.directory, clock: t.clock, catalog: Plans.catalog) }
        guard case .failure(let error as DataFileError) = relaunched else { Issue.record("launched"); return }
        #expect(error.location == "$.\(SampleApp.stateKey(Plans.proMonthly))")
    }
}
