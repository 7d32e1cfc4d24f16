import Foundation
import SampleApp
import StoreKitSim

/// One line of the store list. Sections and rows are derived from the catalog and the
/// snapshot, never stored, so they cannot disagree with what the app knows.
public enum StoreRow: Equatable, Sendable {
    case section(String)
    case content(ContentItem, premium: Bool)
    /// The seed app's "premium content here" row: starts buying the unlocking product.
    case premiumOffer(productID: String)
    case product(String)
    case credits
    case invalid(String)

    public var isSelectable: Bool {
        if case .section = self { return false }
        return true
    }
}

extension AppState {
    public var rows: [StoreRow] {
        let words = strings.store
        var rows: [StoreRow] = [.section(words.freeContent)]
        rows += catalog.content.free.map { .content($0, premium: false) }
        rows.append(.section(words.premiumContent))
        let premium = catalog.content.premium
        if snapshot.premiumUnlocked {
            rows += premium.items.map { .content($0, premium: true) }
        } else {
            rows.append(.premiumOffer(productID: premium.unlockedBy))
        }
        let invalid = snapshot.loadedProducts?.invalidProductIdentifiers ?? []
        let wanted = catalog.productIdentifiers.filter { $0 != premium.unlockedBy && !invalid.contains($0) }
        let known = wanted.compactMap { catalog.product($0) }
        let consumables = known.filter { $0.type == .consumable }.map(\.id)
        let subscriptions = known.filter { $0.type == .autoRenewable || $0.type == .nonRenewing }.map(\.id)
        let others = known.filter { $0.type == .nonConsumable }.map(\.id)
        rows.append(.section(words.creditPacks))
        rows += consumables.map(StoreRow.product)
        rows.append(.credits)
        rows.append(.section(words.subscriptions))
        rows += subscriptions.map(StoreRow.product)
        if !others.isEmpty {
            rows.append(.section(words.more))
            rows += others.map(StoreRow.product)
        }
        if !invalid.isEmpty {
            rows.append(.section(words.invalidIdentifiers))
            rows += invalid.map(StoreRow.invalid)
        }
        return rows
    }
}

extension AppState {
    /// The request for `productID` still waiting (Ask to Buy, or an interruption to resolve)
    /// that buying it again would merge into: its row says so, and Enter shows it instead of Buy.
    public func waitingRequest(for productID: String) -> Transaction? {
        guard catalog.product(productID)?.type.mergesRepeatedRequests == true else { return nil }
        return snapshot.waitingRequests.last { $0.productID == productID }
    }

    /// Until when the store has an auto-renewable subscription active on this account that
    /// the app does not know of (its data deleted): Enter refuses to buy it again, so its row
    /// and detail pane say Restore brings it back instead of offering its terms.
    public func subscriptionActiveAtStoreOnly(_ productID: String) -> Date? {
        guard catalog.product(productID)?.type == .autoRenewable, !snapshot.isSubscribed(productID, now: now),
              let expiry = snapshot.ownedAtStore[productID], expiry > now else { return nil }
        return expiry
    }
}
