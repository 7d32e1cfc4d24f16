import Foundation
import SampleApp
import AppStoreCore

/// One line of the store list. Sections and rows are derived from the catalog and the
/// snapshot, never stored, so they cannot disagree with what the app knows.
public enum StoreRow: Equatable, Sendable {
    case section(String)
    case content(ContentItem, premium: Bool)
    /// The seed app's "premium content here" row: starts buying the unlocking product.
    case premiumOffer(productID: String)
    case product(String)
    /// A promotional offer the app presents, under its subscription's row: opens the App
    /// Store's sheet at the offer's terms.
    case promotionalOffer(productID: String, offerID: String)
    case credits
    case invalid(String)

    public var isSelectable: Bool {
        if case .section = self { return false }
        return true
    }
}

extension AppState {
    /// The app's list: its free and premium content, then what it asks the store for by type:
    /// other non-consumables, credit packs and the credits they add to, consumables with
    /// balances of their own, subscriptions (by group, in level order), and the identifiers
    /// the store did not know.
    public var rows: [StoreRow] {
        let inputs = StoreRowsMemo.Inputs(catalog: catalog, appDescription: appDescription, locale: locale, ascii: ascii != nil,
                                          premiumUnlocked: snapshot.premiumUnlocked, presentedOffers: presentedOffers,
                                          invalid: snapshot.loadedProducts?.invalidProductIdentifiers ?? [])
        return rowsMemo.rows(for: inputs, make: makeRows)
    }

    private func makeRows() -> [StoreRow] {
        let app = appDescription
        let words = strings.store
        var rows: [StoreRow] = []
        if !app.content.free.isEmpty {
            rows.append(.section(words.freeContent))
            rows += app.content.free.map { .content($0, premium: false) }
        }
        if let premium = app.content.premium {
            rows.append(.section(words.premiumContent))
            rows += snapshot.premiumUnlocked ? premium.items.map { .content($0, premium: true) }
                : [.premiumOffer(productID: premium.unlockedBy)]
        }
        let invalid = snapshot.loadedProducts?.invalidProductIdentifiers ?? []
        let asked = Set(app.productIdentifiers.filter { !app.unlocksPremium($0) && !invalid.contains($0) })
        // What the list needs of each product, in showing order: not copies of the products.
        let known = catalog.showingOrder.compactMap { index -> ListedProduct? in
            let id = catalog.products[index].id
            guard asked.contains(id) else { return nil }
            return ListedProduct(id: id, type: catalog.products[index].type, subscriptionGroupID: catalog.products[index].subscriptionGroupID)
        }
        func section(_ name: String, _ products: [ListedProduct], then extra: [StoreRow] = []) {
            guard !products.isEmpty else { return }
            rows.append(.section(name))
            rows += products.flatMap { product in
                [.product(product.id)] + presentedOffers.filter { $0.productID == product.id }.map {
                    .promotionalOffer(productID: $0.productID, offerID: $0.offerID)
                }
            } + extra
        }
        let consumables = known.filter { $0.type == .consumable }
        section(words.nonConsumables, known.filter { $0.type == .nonConsumable })
        section(words.creditPacks, consumables.filter { app.creditsPerUnit(of: $0.id) != nil }, then: [.credits])
        section(words.consumables, consumables.filter { app.creditsPerUnit(of: $0.id) == nil })
        // `known` is in showing order: each group's subscriptions together, by level.
        let renewing = known.filter { $0.subscriptionGroupID != nil }
        var groups: [String] = []
        for case let group? in renewing.map(\.subscriptionGroupID) where groups.last != group { groups.append(group) }
        if groups.count > 1 {
            for group in groups { section(groupSection(group), renewing.filter { $0.subscriptionGroupID == group }) }
            section(words.nonRenewingSubscriptions, known.filter { $0.type == .nonRenewing })
        } else {
            section(words.subscriptions, known.filter(\.type.isSubscription))
        }
        if !invalid.isEmpty {
            rows.append(.section(words.invalidIdentifiers))
            rows += invalid.map(StoreRow.invalid)
        }
        return rows
    }

    /// The promotional offers the app presents to the signed-in customer now, as the app's
    /// description says whom each is for.
    var presentedOffers: [AppDescription.PromotionalOffer] {
        appDescription.promotionalOffers.filter { offer in
            guard let group = catalog.product(offer.productID)?.subscriptionGroupID else { return false }
            return offer.isPresented(to: snapshot.subscription(inGroup: group), at: now)
        }
    }

    private struct ListedProduct {
        var id: String
        var type: ProductType
        var subscriptionGroupID: String?
    }

    /// A subscription group's section: its name on this device.
    private func groupSection(_ id: String) -> String {
        strings.store.subscriptionGroup(catalog.group(id)?.displayName(for: locale) ?? id)
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
        // The app's data deleted: it holds no expiry at all (one it holds, the rows read the status).
        guard catalog.product(productID)?.type == .autoRenewable, snapshot.subscriptionExpiries[productID] == nil,
              let expiry = snapshot.ownedAtStore[productID], expiry > now else { return nil }
        return expiry
    }
}
