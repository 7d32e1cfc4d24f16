import ArgumentParser
import StoreKitSim

struct ProductsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "products",
        abstract: "Request the app's product identifiers: valid products and invalid identifiers.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    struct Output: Encodable {
        var storefront: String
        var products: [ProductJSON]
        var invalidProductIdentifiers: [String]
    }

    func run() throws {
        let session = try Session(global)
        let request = ProductsRequest(productIdentifiers: session.catalog.productIdentifiers, store: session.store)
        let response: ProductsResponse
        do {
            response = try request.start()
        } catch let error as StoreError {
            try Report.failure(error, json: output.json, context: "The products request failed")
        }
        let storefront = session.store.storefront(for: try session.store.settings())
        if output.json {
            try JSONOutput.print(Output(storefront: storefront.id, products: response.products.map(ProductJSON.init),
                                        invalidProductIdentifiers: response.invalidProductIdentifiers))
            return
        }
        print("Storefront \(storefront.id) (\(storefront.currency))")
        let width = (response.products.map(\.id) + response.invalidProductIdentifiers).map(\.count).max() ?? 0
        let priceWidth = response.products.map(\.formattedPrice.count).max() ?? 0
        for p in response.products {
            let price = String(repeating: " ", count: priceWidth - p.formattedPrice.count) + p.formattedPrice
            var line = "  \(p.id.padding(toLength: width, withPad: " ", startingAt: 0))  \(price)  \(p.localizedTitle)  [\(p.type.displayName)"
            if let period = p.subscriptionPeriod { line += ", \(period.displayName)" }
            if let trial = p.freeTrial { line += ", \(trial.displayName) free trial" }
            print(line + "]")
        }
        for id in response.invalidProductIdentifiers {
            print("  \(id.padding(toLength: width, withPad: " ", startingAt: 0))  invalid product identifier")
        }
    }
}
