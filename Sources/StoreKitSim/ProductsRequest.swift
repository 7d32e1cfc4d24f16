import AppStoreCore
import Foundation

/// SKProductsResponse.
public struct ProductsResponse: Equatable, Sendable {
    public var products: [Product]
    public var invalidProductIdentifiers: [String]
}

/// SKProductsRequest: asks the store about a set of identifiers. The store answers after its
/// latency, as over the network, under the settings of that moment (as purchases are answered).
public struct ProductsRequest {
    public let productIdentifiers: [String]
    private let store: AppStore
    /// When the store answers: nil until started.
    public private(set) var dueDate: Date?

    public init(productIdentifiers: [String], store: AppStore) {
        self.productIdentifiers = productIdentifiers
        self.store = store
    }

    /// Sends the request: the answer is due after the store's latency.
    public mutating func start() throws {
        // To the millisecond, as the store keeps its times: store time moved to this date
        // (a test's standing clock does) reads back as it, not a hair before (0.1 s after a
        // whole second is no exact binary fraction), and the answer comes.
        dueDate = StoreTimes.date(milliseconds: StoreTimes.milliseconds(try store.now() + (try store.storeLatency())))
    }

    /// The store's answer once it is due (products, or a network error with the network off
    /// then); nil while the request is on its way or was never started.
    public func response() throws -> Result<ProductsResponse, StoreError>? {
        guard let dueDate, dueDate <= (try store.now()) else { return nil }
        do {
            return .success(try answer())
        } catch let error as StoreError {
            return .failure(error)
        }
    }

    /// What the store answers now: the products it sells in the current storefront, in the
    /// order asked, and every other identifier as invalid. Fails with a network error when
    /// the network is off, or with the error chosen for loading products.
    func answer() throws -> ProductsResponse {
        let (settings, priceChanges) = try store.storage.priceBase()
        guard settings.network else { throw StoreError.notConnected }
        if let error = settings.failures[.loadProducts] { throw error.storeError }
        var products: [Product] = []
        var invalid: [String] = []
        for id in productIdentifiers {
            if let product = store.product(id, settings: settings, priceChanges: priceChanges) {
                products.append(product)
            } else {
                invalid.append(id)
            }
        }
        return ProductsResponse(products: products, invalidProductIdentifiers: invalid)
    }
}
