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
            var problems: [CatalogProblem] = []
            for (id, price) in prices.sorted(by: { $0.key < $1.key }) {
                let path = "\(here).prices.\(id)"
                guard let storefront = AppStoreStorefront.named(id), storefront.id == id else {
                    problems.append(CatalogProblem(path: path, message: "\"\(id)\" is not an App Store storefront: use its three-letter code in capitals, such as USA or JPN"))
                    continue
                }
                if price < 0 {
                    problems.append(CatalogProblem(path: path, message: "price must not be negative"))
                } else if storefront.rounds(price) {
                    // 2.999 would be shown as $3.00 and charged as 2.999.
                    problems.append(CatalogProblem(path: path, message: "\(price) has more decimal places than \(storefront.id) prices have (\(storefront.fractionDigits))"))
                }
            }
            return problems
        }
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
            let offers = [info.introductoryOffer].compactMap { $0 } + info.promotionalOffers + info.offerCodes + info.winBackOffers
            if offers.contains(where: { $0.price < 0 }) {
                problems.append(CatalogProblem(path: path, message: "an offer's price must not be negative"))
            }
            return problems
        default:
            return []
        }
    }
}
