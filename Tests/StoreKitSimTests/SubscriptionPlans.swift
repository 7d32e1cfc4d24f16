import Foundation
@testable import AppStoreCore
@testable import StoreKitSim

/// A small catalog of one subscription group with plans at two levels and three periods,
/// priced in the United States and Japan, for the subscription tests.
enum Plans {
    static let group = "pro"
    /// Level 1, monthly, with a one-week free trial.
    static let proMonthly = "test.pro.monthly"
    /// Level 1, yearly.
    static let proYearly = "test.pro.yearly"
    /// Level 1, monthly: a crossgrade of the same period.
    static let proFamily = "test.pro.family"
    /// Level 2, monthly: a downgrade.
    static let liteMonthly = "test.lite.monthly"
    /// Level 2, weekly, sold only in the United States.
    static let liteWeekly = "test.lite.weekly"
    /// Not a subscription.
    static let coins = "test.coins"

    static let week = SubscriptionPeriod(value: 1, unit: .week)
    static let month = SubscriptionPeriod(value: 1, unit: .month)
    static let year = SubscriptionPeriod(value: 1, unit: .year)

    static let catalog = Catalog(products: [
        plan(proMonthly, level: 1, period: month, usd: 10, jpy: 1500,
             trial: SubscriptionOffer(paymentMode: .freeTrial, period: week)),
        plan(proYearly, level: 1, period: year, usd: 100, jpy: 15000),
        plan(proFamily, level: 1, period: month, usd: 15, jpy: 2000),
        plan(liteMonthly, level: 2, period: month, usd: 5, jpy: 700),
        plan(liteWeekly, level: 2, period: week, usd: 2, jpy: nil),
        CatalogProduct(id: coins, type: .consumable, localizations: [ProductLocalization(locale: "en", title: "Coins", description: "")],
                       price: .perStorefront(["USA": 0.99, "JPN": 150])),
    ], subscriptionGroups: [SubscriptionGroup(id: group, name: "Pro")])

    static func plan(_ id: String, level: Int, period: SubscriptionPeriod, usd: Decimal, jpy: Decimal?,
                     trial: SubscriptionOffer? = nil) -> CatalogProduct {
        var prices: [String: Decimal] = ["USA": usd]
        prices["JPN"] = jpy
        return CatalogProduct(id: id, type: .autoRenewable, localizations: [ProductLocalization(locale: "en", title: id, description: "")],
                              price: .perStorefront(prices),
                              subscription: SubscriptionInfo(period: period, groupID: group, level: level, introductoryOffer: trial))
    }
}

extension Harness {
    /// A harness over the subscription plans, on `kind` of storage.
    static func plans(_ kind: StorageKind, catalog: Catalog = Plans.catalog,
                      settings: (inout Settings) -> Void = { _ in }) throws -> Harness {
        let directory = TemporaryDirectory()
        return try Harness(storage: try kind.make(directory, catalog: catalog), directory: directory, catalog: catalog,
                           settings: settings)
    }

    /// The store-side operations, on the app's store.
    var admin: StoreAdmin { StoreAdmin(store: queue.raw.store) }

    /// The signed-in account, as the app's queue last read it: whom the store-side operations act for.
    var signedIn: String? { queue.raw.settings.account }

    /// A store-side operation while the app is open on its queue: the app hears its results at once.
    @discardableResult
    func hear(_ operation: (StoreAdmin) throws -> Void) throws -> [PaymentQueueEvent] {
        try queue.raw.hearing { try operation(admin) }.1
    }

    /// As `hear`, with what the operation made.
    @discardableResult
    func hearing<T>(_ operation: (StoreAdmin) throws -> T) throws -> (T, [PaymentQueueEvent]) {
        try queue.raw.hearing { try operation(admin) }
    }

    /// The signed-in account's status in the plans' group.
    var status: SubscriptionStatus? {
        get throws { try records.status(of: records.settings.account, group: Plans.group) }
    }

    /// Moves the clock to `date` plus `seconds` and lets the store do what is due.
    func advance(to date: Date, plus seconds: TimeInterval = 0) throws {
        clock.advance(by: date.timeIntervalSince(clock.now) + seconds)
        try queue.tick()
    }

    /// The events the store kept, in order.
    var storedEvents: [StoreEvent] { get throws { try storage.events(after: 0, limit: nil) } }
}
