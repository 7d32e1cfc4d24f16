import Foundation
import AppStoreCore

/// What the app keeps in UserDefaults.json for a product, by its type: the one rule the app's
/// delivery, taking back, the check of its own keys, and every reader of what it holds (the
/// storefront's rows, walkthrough outcomes) share, so that no two of them can disagree on what
/// a product gives.
public enum Entitlement: Equatable, Sendable {
    /// A non-consumable: `true` under its id once unlocked, `false` once taken back.
    case unlock
    /// A consumable counted in the app's credits (`SampleApp.creditsKey`), `perUnit` a unit.
    case credits(perUnit: Int)
    /// A consumable with a balance of its own: the units under its id.
    case units
    /// An auto-renewable subscription: the expiry the store's statuses give, under its id.
    case subscription
    /// A non-renewing subscription: an expiry the app extends itself, under its id (the store
    /// does not track its periods).
    case pass

    public init(_ product: CatalogProduct, appDescription: AppDescription) {
        switch product.type {
        case .nonConsumable: self = .unlock
        case .consumable: self = appDescription.creditsPerUnit(of: product.id).map { .credits(perUnit: $0) } ?? .units
        case .autoRenewable: self = .subscription
        case .nonRenewing: self = .pass
        }
    }

    /// The units a purchase of one unit adds: to the credits, or to the product's own balance;
    /// nil for what is not counted.
    public var unitsPerPurchase: Int? {
        switch self {
        case .credits(let perUnit): perUnit
        case .units: 1
        case .unlock, .subscription, .pass: nil
        }
    }
}

extension SampleApp {
    /// What the app keeps for `product` (`Entitlement`).
    public func entitlement(of product: CatalogProduct) -> Entitlement {
        Entitlement(product, appDescription: appDescription)
    }
}
