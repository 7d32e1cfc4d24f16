import AppStoreCore
import AppStoreJSON
import ArgumentParser
import Foundation
import SampleApp
import StoreKitSim
import StorefrontUI
import Wording

struct ProductsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "products",
        abstract: "Request the app's product identifiers: valid products and invalid identifiers.",
        discussion: "The store answers after its latency (storefront set latency), as it answers a purchase.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    struct Output: Encodable {
        var storefront: String
        var products: [ProductPayload]
        var invalidProductIdentifiers: [String]
    }

    func run() throws {
        let session = try Session(global)
        var request = ProductsRequest(productIdentifiers: session.app.productIdentifiers, store: session.store)
        try request.start()
        // The store answers after its latency, as it answers a purchase.
        var answer = try request.response()
        while answer == nil, let due = request.dueDate {
            _ = try session.pass(until: due)
            answer = try request.response()
        }
        let response: ProductsResponse
        switch answer {
        case .success(let products)?: response = products
        case .failure(let error)?: try Report.failure(error, json: output.json, context: "The products request failed")
        case nil: return
        }
        let storefront = try session.store.settings().appStoreStorefront
        if output.json {
            let records = session.queue.records, now = session.queue.now
            let products = response.products.map { product in
                ProductPayload(product, credits: session.app.creditsPerUnit(of: product.id),
                               offerCodes: offerCodes(of: product, session: session)) { offer in
                    records.isEligible(for: offer, of: product.id, account: records.settings.account, catalog: session.catalog, now: now)
                }
            }
            try JSONOutput.print(Output(storefront: storefront.id, products: products,
                                        invalidProductIdentifiers: response.invalidProductIdentifiers))
            return
        }
        printLine("Storefront \(storefront.id) (\(storefront.currency))")
        // Ids are padded as shown: a control character in one takes its escape's width.
        let width = (response.products.map(\.id) + response.invalidProductIdentifiers)
            .map { TerminalText.escaped($0).count }.max() ?? 0
        func column(_ id: String) -> String {
            let text = TerminalText.escaped(id)
            // ASCII (every id of the built-in catalog) is padded here: Foundation's padding
            // counts UTF-16 units, as the width counts characters only where each ASCII byte is
            // one (not "\r\n"), and loads ICU's tables first.
            guard text.utf8.allSatisfy({ $0 < 0x80 }), text.utf8.count == text.count else {
                return text.padding(toLength: width, withPad: " ", startingAt: 0)
            }
            return text + String(repeating: " ", count: width - text.utf8.count)
        }
        let priceWidth = response.products.map(\.formattedPrice.count).max() ?? 0
        let sheet = Strings.english.sheet
        for p in response.products {
            let price = String(repeating: " ", count: priceWidth - p.formattedPrice.count) + p.formattedPrice
            var line = "  \(column(p.id))  \(price)  \(p.localizedTitle)  [\(sheet.productType(p.type))"
            if let period = p.subscriptionPeriod { line += ", \(sheet.period(period))" }
            if let trial = p.freeTrial {
                line += ", \(sheet.period(trial.totalPeriod)) free trial"
            } else if let offer = p.introductoryOffer {
                line += ", introductory offer \(Strings.english.introductoryTerms(offer, of: p))"
            }
            // What `redeem-code` and `buy-outside --offer-code` take.
            let codes = session.catalog.product(p.id)?.subscription?.offerCodes.compactMap { $0.id ?? $0.referenceName } ?? []
            if !codes.isEmpty { line += ", offer codes \(codes.joined(separator: ", "))" }
            printLine(line + "]")
        }
        for id in response.invalidProductIdentifiers {
            printLine("  \(column(id))  invalid product identifier")
        }
    }

    /// `p`'s offer codes, each with whether the signed-in customer may redeem it now; nil for
    /// a product with none.
    private func offerCodes(of p: Product, session: Session) -> [OfferCodePayload]? {
        guard let entry = session.catalog.product(p.id), let codes = entry.subscription?.offerCodes, !codes.isEmpty,
              let group = entry.subscriptionGroupID else { return nil }
        let records = session.queue.records, account = session.queue.settings.account, now = session.queue.now
        let customer = records.offerCodeEligibility(of: account, group: group, now: now)
        return codes.map { code in
            let eligible = account != nil && records.canRedeem(code, of: entry, account: account, now: now)
            return OfferCodePayload(code, product: p, customer: customer, eligible: eligible)
        }
    }
}
