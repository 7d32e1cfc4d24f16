import Foundation
import AppStoreCore

extension Catalog {
    /// What a restore never brings back, of what the account bought (`bought`) or the app
    /// holds (`held`): consumables and non-renewing subscriptions, in catalog order. The App
    /// Store restores only non-consumables and auto-renewable subscriptions; the app must keep
    /// the rest itself.
    public func notRestoredByTheStore(bought: Set<String>, held: Set<String>) -> [String] {
        products.filter { !$0.type.isRestorable && (bought.contains($0.id) || held.contains($0.id)) }.map(\.id)
    }
}

extension SampleApp {
    /// What a restore leaves out for the signed-in account of `records` and this app's data.
    public func notRestoredByTheStore(records: StoreWorkingSet) -> [String] {
        let held = catalog.products.filter { subscriptionExpiry($0.id) != nil }.map(\.id)
        return catalog.notRestoredByTheStore(bought: Set(records.completedPurchases(of: records.settings.account).map(\.productID)), held: Set(held))
    }
}
