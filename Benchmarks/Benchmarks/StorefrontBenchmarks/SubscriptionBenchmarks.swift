// A subscription's life at scale: catching up on renewals through an open storefront, and
// reading the statuses over a long history.
import Benchmark
import CatalogFiles
import DataFiles
import Foundation
import SampleApp
import AppStoreCore
import AppStorePersistence
import StorefrontUI

/// A storefront open over store.sqlite (a history of `history` finished purchases) whose
/// signed-in account subscribes to Pro Monthly, the free trial over: what a walkthrough's
/// `advance` or a fast clock drives.
final class SubscriptionFixture {
    static let productID = "com.storefront.pro.monthly"

    let directory: TemporaryDataDirectory
    let database: StoreDatabase
    let runtime: StorefrontRuntime

    init(history: Int) throws {
        directory = try TemporaryDataDirectory(history: history)
        let purchase = try PurchaseFixture(directory: directory.dataDirectory)
        let (added, events) = try purchase.queue.add(Payment(productID: Self.productID))
        purchase.app.receive(events)
        purchase.app.receive(try purchase.queue.confirm(added))
        purchase.clock.advance(by: Double(purchase.queue.settings.latencyMilliseconds) / 1000 + 0.001)
        purchase.app.receive(try purchase.queue.tick())
        let catalog = try CatalogLoader.defaultCatalog()
        database = try StoreDatabase(directory: directory.dataDirectory, productIDs: catalog.products.map(\.id))
        let store = AppStore(catalog: catalog, storage: database, wallClock: purchase.clock)
        let defaults = try UserDefaultsFile(url: directory.dataDirectory.userDefaultsURL)
        runtime = try StorefrontRuntime(store: store, appDescription: .builtIn, defaults: defaults, width: screenWidth, height: screenHeight)
        guard runtime.queue.records.status(for: Self.productID, catalog: catalog)?.state == .subscribed else {
            throw BenchmarkFailure("Pro Monthly is not subscribed")
        }
    }
}

func subscriptionBenchmarks() {
    // Ten years of monthly renewals (about 120), each delivered to the app, which finishes
    // them: the goal is 0.25 s. Each iteration goes ten years further.
    for history in [0, 100_000] {
        let fixture = Holder<SubscriptionFixture>()
        Benchmark("Subscription catch-up (10 years of monthly renewals, open storefront, history of \(thousands(history)))",
                  configuration: .init(metrics: [.wallClock, .cpuTotal, .mallocCountTotal], warmupIterations: 1,
                                       maxDuration: .seconds(20), maxIterations: 10)) { benchmark in
            let runtime = fixture.value.runtime
            let before = runtime.queue.records.status(for: SubscriptionFixture.productID, catalog: runtime.store.catalog)?.expiresDate
            benchmark.startMeasurement()
            runtime.advance(by: StoreDuration(value: 10, unit: .year))
            benchmark.stopMeasurement()
            let after = runtime.queue.records.status(for: SubscriptionFixture.productID, catalog: runtime.store.catalog)?.expiresDate
            guard let before, let after, after.timeIntervalSince(before) > 9 * 365 * 86_400 else {
                throw BenchmarkFailure("ten years did not renew: \(String(describing: before)) → \(String(describing: after))")
            }
        } setup: {
            fixture.value = try SubscriptionFixture(history: history)
        } teardown: {
            fixture.take()?.directory.remove()
        }
    }

    // What `storefront subscriptions` and every change read of the statuses: the store's
    // working set, over 100 000 earlier transactions.
    let statuses = Holder<SubscriptionFixture>()
    Benchmark("Subscription statuses read (history of 100 000)") { benchmark in
        let records = try statuses.value.database.load()
        guard records.subscriptions.count == 1 else { throw BenchmarkFailure("\(records.subscriptions.count) statuses") }
        blackHole(records.subscriptions)
    } setup: {
        statuses.value = try SubscriptionFixture(history: 100_000)
    } teardown: {
        statuses.take()?.directory.remove()
    }
}
