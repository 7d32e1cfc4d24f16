import CatalogFiles
import Foundation
import AppStoreCore
import Testing
@testable import StorefrontUI

/// The snapshot is one pure function of the store's records, what the app holds and the
/// products request: the same values make the same snapshot.
@Suite struct StoreSnapshotTests {
    let catalog = try! CatalogLoader.defaultCatalog()

    private func status(_ account: String) -> SubscriptionStatus {
        SubscriptionStatus(account: account, groupID: "pro", productID: "com.storefront.pro.monthly", state: .subscribed,
                           originalTransactionID: "1000000001", latestTransactionID: "1000000001",
                           expiresDate: Date(timeIntervalSince1970: 2_000_000_000), recentSubscriptionStartDate: Date(timeIntervalSince1970: 1_900_000_000))
    }

    private func make(_ records: StoreWorkingSet, statuses: [SubscriptionStatus]?, previous: StoreSnapshot = StoreSnapshot(),
                      holdings: AppHoldings = AppHoldings()) -> StoreSnapshot {
        StoreSnapshot.make(records: records, catalog: catalog, holdings: holdings, storeVersion: "7", products: nil,
                           isRequestingProducts: true, awaitingSideButton: nil, statuses: statuses, previous: previous)
    }

    @Test func theStatusesTheAppKnewAreKeptWhenAskingFailsForTheSameAccountOnly() {
        var records = StoreWorkingSet()
        records.settings.account = "a@example.com"
        let known = make(records, statuses: [status("a@example.com")])
        #expect(known.subscriptions == [status("a@example.com")] && known.storeVersion == "7" && known.isLoadingProducts)
        #expect(make(records, statuses: nil, previous: known).subscriptions == known.subscriptions, "kept while asking fails")
        records.settings.account = "b@example.com"
        #expect(make(records, statuses: nil, previous: known).subscriptions.isEmpty, "never another account's")
    }

    @Test func whatTheAppHoldsIsCopiedAsItIs() {
        var holdings = AppHoldings()
        holdings.credits = 12
        holdings.unlocked = ["com.storefront.premium"]
        holdings.premiumUnlocked = true
        let snapshot = make(StoreWorkingSet(), statuses: [], holdings: holdings)
        #expect(snapshot.credits == 12 && snapshot.premiumUnlocked && snapshot.unlocked == ["com.storefront.premium"])
        #expect(make(StoreWorkingSet(), statuses: [], holdings: holdings) == snapshot, "the same values, the same snapshot")
    }
}
