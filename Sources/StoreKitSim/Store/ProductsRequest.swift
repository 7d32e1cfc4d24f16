/// SKProductsResponse.
public struct ProductsResponse: Equatable, Sendable {
    public var products: [Product]
    public var invalidProductIdentifiers: [String]
}

/// SKProductsRequest: asks the store about a set of identifiers.
public struct ProductsRequest {
    public let productIdentifiers: [String]
    private let store: AppStore

    public init(productIdentifiers: [String], store: AppStore) {
        self.productIdentifiers = productIdentifiers
        self.store = store
    }

    /// Products the store sells in the current storefront, in the order asked, and every
    /// other identifier as invalid. Fails with a network error when the network is off.
    public func start() throws -> ProductsResponse {
        let settings = try store.settings()
        guard settings.network else { throw StoreError.notConnected }
        var products: [Product] = []
        var invalid: [String] = []
        for id in productIdentifiers {
            if let product = store.product(id, settings: settings) {
                products.append(product)
            } else {
                invalid.append(id)
            }
        }
        return ProductsResponse(products: products, invalidProductIdentifiers: invalid)
    }
}
