import Foundation
import AppStoreCore

/// A store catalog as a StoreKit configuration file of version 5 (Xcode 26's), which
/// StoreKitCatalogReader reads back as the same catalog. What the format has no place for is
/// written under keys of storefront's own, which Xcode does not write: `storefrontPrices`
/// (prices per storefront; `displayPrice` holds the one of the catalog's storefront setting,
/// else the United States', else the first) and a non-renewing subscription's
/// `subscriptionPeriod`. Internal ids are made from the product ids, so the same catalog
/// always gives the same file. No key pair is written.
enum StoreKitCatalogWriter {
    struct Writing {
        var file: StoreKitConfiguration
        /// What the file cannot say as the catalog does.
        var notes: [String]
    }

    static func write(_ catalog: Catalog) -> Writing {
        var notes: [String] = []
        let settings = StoreKitSettingsWriter.write(catalog.settings)
        notes += settings.notes
        let home = StoreKitPriceText.home(catalog.settings)
        var products: [StoreKitProduct] = []
        var nonRenewing: [StoreKitProduct] = []
        var groups = catalog.subscriptionGroups.map {
            StoreKitSubscriptionGroup(id: $0.id, localizations: $0.localizations.map {
                StoreKitLocalization(locale: $0.locale, displayName: $0.name, description: nil)
            }, name: $0.name, subscriptions: [])
        }
        for product in catalog.products {
            let price = Price(product.price, home: home)
            switch product.type {
            case .consumable, .nonConsumable, .nonRenewing:
                let entry = StoreKitProduct(
                    displayPrice: price.display, familyShareable: product.familyShareable, internalID: InternalID.of(product.id),
                    localizations: localizations(product), productID: product.id, referenceName: product.referenceName,
                    type: StoreKitProductType(product.type), storefrontPrices: price.perStorefront,
                    subscriptionPeriod: product.type == .nonRenewing ? product.subscription?.period.description : nil)
                if product.type == .nonRenewing { nonRenewing.append(entry) } else { products.append(entry) }
            case .autoRenewable:
                guard let info = product.subscription, let groupID = product.subscriptionGroupID else { continue }
                if !groups.contains(where: { $0.id == groupID }) {
                    notes.append("\(product.id) is in no subscription group: written in a group of its own, \"\(groupID)\"")
                    groups.append(StoreKitSubscriptionGroup(id: groupID, localizations: [], name: groupID, subscriptions: []))
                }
                let entry = subscription(product, info: info, groupID: groupID, price: price, home: home)
                if let index = groups.firstIndex(where: { $0.id == groupID }) { groups[index].subscriptions.append(entry) }
            }
        }
        let file = StoreKitConfiguration(
            appPolicies: .empty, identifier: InternalID.of(catalog.products.map(\.id).joined(separator: "\n")),
            nonRenewingSubscriptions: nonRenewing, products: products, settings: settings.settings,
            subscriptionGroups: groups, version: StoreKitVersion.written)
        return Writing(file: file, notes: notes)
    }

    /// The file's bytes, laid out as Xcode lays them out.
    static func data(_ catalog: Catalog) throws -> (data: Data, notes: [String]) {
        let writing = write(catalog)
        return (try StoreKitFileLayout.data(of: writing.file), writing.notes)
    }

    private static func localizations(_ product: CatalogProduct) -> [StoreKitLocalization] {
        product.localizations.map { StoreKitLocalization(locale: $0.locale, displayName: $0.title, description: $0.description) }
    }

    private static func subscription(_ product: CatalogProduct, info: SubscriptionInfo, groupID: String, price: Price,
                                     home: String) -> StoreKitSubscription {
        let upFront = StoreKitBillingPlan.billedUpFront
        let intro = info.introductoryOffer.map { offer($0, of: product.id, home: home, plan: upFront, introductory: true) }
        let plans = info.billingPlans.isEmpty
            ? [BillingPlan(type: upFront, price: price.amount, commitmentPrice: price.amount)] : info.billingPlans
        return StoreKitSubscription(
            adHocOffers: info.promotionalOffers.map { offer($0, of: product.id, home: home, plan: upFront) }
                + plans.flatMap { plan in plan.promotionalOffers.map { offer($0, of: product.id, home: home, plan: plan.type) } },
            billingPlans: plans.map { plan in
                // Priced per storefront: Xcode shows the home storefront's price, and its commitment's.
                let shown = plan.prices.isEmpty ? plan.price : StoreKitPriceText.displayed(plan.prices, home: home)
                let commitment = plan.prices.isEmpty ? plan.commitmentPrice : plan.isBilledUpFront ? shown : shown * Decimal(info.commitmentMonths)
                return StoreKitBillingPlan(billingPlanType: plan.type, commitmentDisplayPrice: commitment.map(StoreKitPriceText.text),
                                           displayPrice: StoreKitPriceText.text(shown), internalID: InternalID.of("\(product.id) plan \(plan.type)"),
                                           isEnabled: plan.enabled,
                                           storefrontPrices: plan.prices.isEmpty ? nil : plan.prices.mapValues(StoreKitPriceText.text))
            },
            codeOffers: info.offerCodes.map { offer($0, of: product.id, home: home, plan: upFront, code: true) },
            displayPrice: price.display, familyShareable: product.familyShareable, groupNumber: info.level,
            internalID: InternalID.of(product.id), introductoryOffer: intro,
            introductoryOffers: [intro].compactMap { $0 }
                + plans.compactMap { plan in plan.introductoryOffer.map { offer($0, of: product.id, home: home, plan: plan.type, introductory: true) } },
            localizations: localizations(product), productID: product.id,
            recurringSubscriptionPeriod: info.period.description, referenceName: product.referenceName,
            subscriptionGroupID: groupID, winbackOffers: info.winBackOffers.map { offer($0, of: product.id, home: home, plan: upFront) },
            storefrontPrices: price.perStorefront)
    }

    /// An offer code is known by its reference name (Xcode's have no offer id); the other
    /// offers by their id, with their reference name beside it.
    /// An offer priced per storefront keeps its prices under `storefrontPrices`, and its
    /// `displayPrice` (what Xcode charges) is its price for the others, else the one a product's
    /// would be: `home`'s, the United States', the first.
    private static func offer(_ o: SubscriptionOffer, of productID: String, home: String, plan: String, introductory: Bool = false,
                              code: Bool = false) -> StoreKitOffer {
        let name = introductory ? nil : o.referenceName ?? o.id
        let mode: StoreKitPaymentMode = switch o.paymentMode {
        case .freeTrial: .free
        case .payAsYouGo: .payAsYouGo
        case .payUpFront: .payUpFront
        }
        return StoreKitOffer(
            billingPlanType: plan,
            displayPrice: o.paymentMode == .freeTrial ? nil
                : o.price == 0 && !o.prices.isEmpty ? Price(.perStorefront(o.prices), home: home).display : StoreKitPriceText.text(o.price),
            eligibility: code ? StoreKitCatalogWriter.eligibility(o.eligibility) : nil,
            internalID: InternalID.of("\(productID) \(o.id ?? "introductory") \(o.paymentMode.rawValue) \(o.period) \(plan)"),
            isStackable: code ? false : nil, numberOfPeriods: o.periodCount,
            offerID: code && name == o.id ? nil : o.id, paymentMode: mode, referenceName: name,
            storefrontPrices: o.prices.isEmpty ? nil : o.prices.mapValues(StoreKitPriceText.text),
            subscriptionPeriod: o.period.description)
    }

    /// A product's price as the file holds it.
    private struct Price {
        var amount: Decimal
        var display: String
        var perStorefront: [String: String]?

        init(_ price: CatalogPrice, home: String) {
            switch price {
            case .everywhere(let amount):
                self.amount = amount
            case .perStorefront(let prices):
                amount = StoreKitPriceText.displayed(prices, home: home)
                perStorefront = prices.mapValues(StoreKitPriceText.text)
            }
            display = StoreKitPriceText.text(amount)
        }
    }

    /// An offer code's customers in the order Xcode writes them.
    static func eligibility(_ who: Set<OfferCodeEligibility>) -> [String] {
        [OfferCodeEligibility.new, .expired, .existing].filter(who.contains).map(\.rawValue)
    }
}
