import Foundation
import AppStoreCore

/// What is wrong with a catalog however it was read: every problem, in file order.
public enum CatalogValidation {
    /// The longest a subscription group's levels go.
    static let mostLevels = 1_000

    public static func problems(in catalog: Catalog) -> [CatalogProblem] {
        var problems: [CatalogProblem] = []
        var groupIDs = Set<String>()
        for (i, group) in catalog.subscriptionGroups.enumerated() where !groupIDs.insert(group.id).inserted {
            problems.append(CatalogProblem(path: "$.subscriptionGroups[\(i)].id", message: "duplicate subscription group \"\(group.id)\""))
        }
        var productIDs = Set<String>()
        for (i, product) in catalog.products.enumerated() {
            let here = "$.products[\(i)]"
            if product.id.isEmpty { problems.append(CatalogProblem(path: "\(here).id", message: "must not be empty")) }
            if !productIDs.insert(product.id).inserted {
                problems.append(CatalogProblem(path: "\(here).id", message: "duplicate product id \"\(product.id)\""))
            }
            if product.localizations.isEmpty {
                problems.append(CatalogProblem(path: "\(here).localizations", message: "needs at least one localization (a title and description)"))
            }
            problems += priceProblems(product, at: here)
            problems += subscriptionProblems(product, at: here, groups: groupIDs)
        }
        return problems
    }

    /// Each price for every storefront (a .storekit file's `displayPrice`) with more decimal
    /// places than the file's storefront's currency has (4.99 in JPN): that storefront charges
    /// and shows it rounded half up (`AppStoreStorefront.amount`), as any other storefront with
    /// fewer decimals does. Xcode takes such a price, so this is a note at its path, not a problem.
    public static func roundedPrices(in catalog: Catalog) -> [CatalogProblem] {
        let storefront = catalog.settings.storefront.flatMap(AppStoreStorefront.named) ?? .unitedStates
        return catalog.products.enumerated().compactMap { i, product in
            guard case .everywhere(let price) = product.price, storefront.rounds(price) else { return nil }
            let shown = storefront.format(price, locale: "en_US")
            return CatalogProblem(path: "$.products[\(i)].price",
                                  message: "\(price) has more decimal places than \(storefront.id) prices have (\(storefront.fractionDigits)): shown and charged rounded half up, \(shown)")
        }
    }

    private static func priceProblems(_ product: CatalogProduct, at here: String) -> [CatalogProblem] {
        switch product.price {
        case .everywhere(let price):
            return price < 0 ? [CatalogProblem(path: "\(here).price", message: "price must not be negative")] : []
        case .perStorefront(let prices):
            return prices.sorted(by: { $0.key < $1.key }).compactMap { storefrontPriceProblem($1, in: $0, at: "\(here).prices.\($0)") }
        }
    }

    /// What is wrong with a price a catalog gives one storefront, if anything.
    private static func storefrontPriceProblem(_ price: Decimal, in id: String, at path: String) -> CatalogProblem? {
        guard let storefront = AppStoreStorefront.named(id), storefront.id == id else {
            return CatalogProblem(path: path, message: "\"\(id)\" is not an App Store storefront: use its three-letter code in capitals, such as USA or JPN")
        }
        if price < 0 { return CatalogProblem(path: path, message: "price must not be negative") }
        // 2.999 would be shown as $3.00 and charged as 2.999.
        guard !storefront.rounds(price) else {
            return CatalogProblem(path: path, message: "\(price) has more decimal places than \(storefront.id) prices have (\(storefront.fractionDigits))")
        }
        return nil
    }

    /// An offer's prices, as a product's, each in a storefront where its product is sold.
    private static func offerPriceProblems(_ offer: SubscriptionOffer, of product: CatalogProduct, at path: String) -> [CatalogProblem] {
        var problems: [CatalogProblem] = []
        if offer.price < 0 { problems.append(CatalogProblem(path: "\(path).price", message: "price must not be negative")) }
        for (id, price) in offer.prices.sorted(by: { $0.key < $1.key }) {
            let here = "\(path).prices.\(id)"
            if let problem = storefrontPriceProblem(price, in: id, at: here) {
                problems.append(problem)
            } else if product.price(in: id) == nil {
                problems.append(CatalogProblem(path: here, message: "\(product.id) is not sold in \(id) (it has no price there): an offer has a price only where its product has one"))
            }
        }
        return problems
    }

    private static func subscriptionProblems(_ product: CatalogProduct, at here: String, groups: Set<String>) -> [CatalogProblem] {
        let path = "\(here).subscription"
        switch (product.type, product.subscription) {
        // A non-renewing subscription may have no period: StoreKit gives it none (the app
        // decides how long it lasts), and a .storekit file has none.
        case (.autoRenewable, nil):
            return [CatalogProblem(path: path, message: "an auto-renewable subscription needs a \"subscription\" with a \"period\"")]
        case (.consumable, .some), (.nonConsumable, .some):
            return [CatalogProblem(path: path, message: "only a subscription has a subscription period; this is a \(product.type.rawValue)")]
        case (.nonRenewing, .some(let info)):
            let offers = info.introductoryOffer != nil || !info.promotionalOffers.isEmpty || !info.offerCodes.isEmpty || !info.winBackOffers.isEmpty
            return offers ? [CatalogProblem(path: path, message: "only an autoRenewable subscription has offers")] : []
        case (.autoRenewable, .some(let info)):
            var problems: [CatalogProblem] = []
            if let group = info.groupID, !groups.isEmpty, !groups.contains(group) {
                problems.append(CatalogProblem(path: "\(path).group", message: "no subscription group \"\(group)\" in $.subscriptionGroups"))
            }
            if let level = info.level, !(1...mostLevels).contains(level) {
                problems.append(CatalogProblem(path: "\(path).level", message: "must be 1 (the highest) to \(mostLevels), not \(level)"))
            }
            let offers = [info.introductoryOffer.map { ($0, "\(path).introductoryOffer") }].compactMap { $0 }
                + info.promotionalOffers.enumerated().map { ($1, "\(path).promotionalOffers[\($0)]") }
                + info.offerCodes.enumerated().map { ($1, "\(path).offerCodes[\($0)]") }
                + info.winBackOffers.enumerated().map { ($1, "\(path).winBackOffers[\($0)]") }
            return problems + offers.flatMap { offerPriceProblems($0, of: product, at: $1) }
        default:
            return []
        }
    }
}
