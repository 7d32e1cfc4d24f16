import Foundation
import AppStoreCore

/// The store catalog a StoreKit configuration file describes: every product, group, offer
/// and setting in storefront's terms, each problem at the file's own JSON path, and notes on
/// what is read but not run as Xcode runs it. Products come in the file's order: `products`,
/// each group's `subscriptions`, then `nonRenewingSubscriptions`.
enum StoreKitCatalogReader {
    struct Reading: Sendable {
        var catalog: Catalog
        /// What is wrong, in file order: a catalog with any is refused.
        var problems: [CatalogProblem]
        /// Read, but not as Xcode would run it.
        var notes: [String]
        /// The JSON path of each of the catalog's products in the file.
        var origins: [String]

        /// A catalog path ("$.products[3].subscription.level") as the place in the file it
        /// is about ("$.subscriptionGroups[0].subscriptions[1].groupNumber"); other paths as they are.
        func place(of path: String) -> String {
            guard path.hasPrefix("$.products["), let close = path.firstIndex(of: "]"),
                  let index = Int(path[path.index(path.startIndex, offsetBy: 11)..<close]),
                  origins.indices.contains(index) else { return path }
            let rest = String(path[path.index(after: close)...])
            let keys = [(".prices.", ".storefrontPrices."), (".price", ".displayPrice"), (".id", ".productID"),
                        (".subscription.level", ".groupNumber"), (".subscription.period", ".recurringSubscriptionPeriod"),
                        (".localizations", ".localizations")]
            guard let (ours, theirs) = keys.first(where: { rest.hasPrefix($0.0) }) else { return origins[index] }
            return origins[index] + theirs + rest.dropFirst(ours.count)
        }
    }

    static func read(_ file: StoreKitConfiguration) -> Reading {
        var reading = StoreKitCatalogReading(file: file)
        return reading.run()
    }
}

/// One reading, gathering problems and notes as it goes.
struct StoreKitCatalogReading {
    let file: StoreKitConfiguration
    var problems: [CatalogProblem] = []
    var notes: [String] = []
    /// The first place each product id was met, for a duplicate's message.
    private var places: [String: String] = [:]
    /// Where each product read came from, in the catalog's order.
    private var origins: [String] = []
    private var locale: String?
    /// The storefront the file's prices are displayed for (`StoreKitPriceText.displayed`).
    private(set) var home = AppStoreStorefront.unitedStates.id

    init(file: StoreKitConfiguration) {
        self.file = file
    }

    mutating func run() -> StoreKitCatalogReader.Reading {
        let settings = StoreKitSettingsReader.read(file.settings)
        notes += settings.notes
        locale = settings.settings.locale
        home = StoreKitPriceText.home(settings.settings)
        var products: [CatalogProduct] = []
        for (i, product) in file.products.enumerated() {
            products += self.product(product, at: "$.products[\(i)]", kinds: [.consumable, .nonConsumable], list: "products")
        }
        var groups: [SubscriptionGroup] = []
        var groupIDs = Set<String>()
        for (g, group) in file.subscriptionGroups.enumerated() {
            let here = "$.subscriptionGroups[\(g)]"
            if group.id.isEmpty { problem("\(here).id", "must not be empty") }
            if !groupIDs.insert(group.id).inserted { problem("\(here).id", "duplicate subscription group \"\(group.id)\"") }
            groups.append(SubscriptionGroup(id: group.id, name: group.name, localizations: group.localizations.map {
                GroupLocalization(locale: $0.locale, name: $0.displayName)
            }))
            for (s, subscription) in group.subscriptions.enumerated() {
                products += self.subscription(subscription, in: group, at: "\(here).subscriptions[\(s)]")
            }
        }
        for (i, product) in file.nonRenewingSubscriptions.enumerated() {
            products += self.product(product, at: "$.nonRenewingSubscriptions[\(i)]", kinds: [.nonRenewingSubscription],
                                     list: "nonRenewingSubscriptions")
        }
        let catalog = Catalog(products: products, subscriptionGroups: groups, settings: settings.settings)
        return .init(catalog: catalog, problems: problems, notes: notes, origins: origins)
    }

    mutating func problem(_ path: String, _ message: String) {
        problems.append(CatalogProblem(path: path, message: message))
    }

    // MARK: Products

    /// A consumable, non-consumable or non-renewing subscription; none when it is unusable.
    private mutating func product(_ p: StoreKitProduct, at here: String, kinds: Set<StoreKitProductType>, list: String) -> [CatalogProduct] {
        guard kinds.contains(p.type) else {
            let belongs = p.type == .recurringSubscription ? "a subscription group's subscriptions"
                : p.type == .nonRenewingSubscription ? "nonRenewingSubscriptions" : "products"
            problem("\(here).type", "a \(p.type.rawValue) belongs in \(belongs), not in \(list)")
            return []
        }
        guard identify(p.productID, at: here) else { return [] }
        var info: SubscriptionInfo?
        if let text = p.subscriptionPeriod {
            if let period = period(text, at: "\(here).subscriptionPeriod") { info = SubscriptionInfo(period: period) }
        }
        guard let price = price(p.displayPrice, storefronts: p.storefrontPrices, at: here) else { return [] }
        origins.append(here)
        return [CatalogProduct(id: p.productID, referenceName: p.referenceName, type: p.type.productType,
                               familyShareable: p.familyShareable, localizations: localizations(p.localizations, of: p.productID, named: p.referenceName),
                               price: price, subscription: info)]
    }

    /// An auto-renewable subscription of `group`; none when it is unusable.
    private mutating func subscription(_ s: StoreKitSubscription, in group: StoreKitSubscriptionGroup, at here: String) -> [CatalogProduct] {
        guard s.type == .recurringSubscription else {
            problem("\(here).type", "a group's subscriptions are RecurringSubscription, not \(s.type.rawValue)")
            return []
        }
        guard identify(s.productID, at: here) else { return [] }
        if let id = s.subscriptionGroupID, id != group.id {
            problem("\(here).subscriptionGroupID", "\"\(id)\" is not the group it is in (\"\(group.id)\")")
        }
        if let level = s.groupNumber, !(1...CatalogValidation.mostLevels).contains(level) {
            problem("\(here).groupNumber", "must be 1 (the highest level) to \(CatalogValidation.mostLevels), not \(level)")
        }
        guard let period = period(s.recurringSubscriptionPeriod, at: "\(here).recurringSubscriptionPeriod"),
              let price = price(s.displayPrice, storefronts: s.storefrontPrices, at: here) else { return [] }
        let offers = StoreKitOfferReading(subscription: s, at: here)
        var info = SubscriptionInfo(period: period, groupID: group.id, level: s.groupNumber)
        info.introductoryOffer = offers.introductoryOffer(&self)
        info.promotionalOffers = offers.promotionalOffers(&self)
        info.offerCodes = offers.list(s.codeOffers, key: "codeOffers", &self)
        info.winBackOffers = offers.list(s.winbackOffers, key: "winbackOffers", &self)
        info.billingPlans = offers.billingPlans(&self)
        origins.append(here)
        return [CatalogProduct(id: s.productID, referenceName: s.referenceName, type: .autoRenewable,
                               familyShareable: s.familyShareable, localizations: localizations(s.localizations, of: s.productID, named: s.referenceName),
                               price: price, subscription: info)]
    }

    /// Whether `id` may name a product: not empty, and not one met before.
    private mutating func identify(_ id: String, at here: String) -> Bool {
        if id.isEmpty {
            problem("\(here).productID", "must not be empty")
            return false
        }
        if let first = places[id] {
            problem("\(here).productID", "duplicate product id \"\(id)\" (first at \(first))")
            return false
        }
        places[id] = here
        return true
    }

    /// `displayPrice`, or storefront's own prices per storefront where the file has them.
    private mutating func price(_ text: String, storefronts: [String: String]?, at here: String) -> CatalogPrice? {
        guard let storefronts else {
            guard let price = StoreKitPriceText.decimal(text) else {
                problem("\(here).displayPrice", StoreKitPriceText.problem(text))
                return nil
            }
            return .everywhere(price)
        }
        var prices: [String: Decimal] = [:]
        for (id, text) in storefronts.sorted(by: { $0.key < $1.key }) {
            guard let price = StoreKitPriceText.decimal(text) else {
                problem("\(here).storefrontPrices.\(id)", StoreKitPriceText.problem(text))
                continue
            }
            prices[id] = price
        }
        return .perStorefront(prices)
    }

    mutating func period(_ text: String, at path: String) -> SubscriptionPeriod? {
        guard let period = SubscriptionPeriod(iso8601: text) else {
            problem(path, "\"\(text)\" is not a period: use P<n>D, P<n>W, P<n>M or P<n>Y, up to 100 years")
            return nil
        }
        return period
    }

    /// The file's localizations in its order (the first is the default). A product with none
    /// is shown by its reference name, in the file's locale, as Xcode lists it.
    private mutating func localizations(_ list: [StoreKitLocalization], of id: String, named name: String?) -> [ProductLocalization] {
        guard list.isEmpty else {
            return list.map { ProductLocalization(locale: $0.locale, title: $0.displayName, description: $0.description ?? "") }
        }
        notes.append("\(id) has no localization: shown by its reference name")
        return [ProductLocalization(locale: locale ?? "en_US", title: name ?? id, description: "")]
    }
}
