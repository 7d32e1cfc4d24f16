import Foundation
import StoreKitSim

/// What the app knows at one moment, copied out of the engine so that update and the
/// views are pure functions of plain values.
public struct StoreSnapshot: Equatable, Sendable {
    public var settings = Settings()
    /// The products request's answer, or its error (network down).
    public var products: Result<ProductsResponse, StoreError>?
    public var premiumUnlocked = false
    public var credits = 0
    /// Subscription expiries the app stored, by product id.
    public var subscriptionExpiries: [String: Date] = [:]
    public var pendingApprovals: [Transaction] = []
    public var interruptions: [Transaction] = []
    public var queue: [Transaction] = []
    public var history: [Transaction] = []

    public init() {}

    public var loadedProducts: ProductsResponse? {
        if case .success(let response) = products { return response }
        return nil
    }

    public var productsError: StoreError? {
        if case .failure(let error) = products { return error }
        return nil
    }

    public func product(_ id: String) -> Product? {
        loadedProducts?.products.first { $0.id == id }
    }

    public func isSubscribed(_ id: String, now: Date) -> Bool {
        (subscriptionExpiries[id] ?? .distantPast) > now
    }
}
