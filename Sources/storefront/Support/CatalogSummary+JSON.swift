import DataFiles
import Foundation
import SampleApp
import AppStoreCore
import StorefrontUI

/// `catalog check --json`.
extension CatalogSummary {
    /// The stable shape of `catalog check --json` (documented in docs/command-line.md).
    struct JSON: Encodable {
        var file: String
        /// "storefront" or "storekit".
        var format: String
        /// A .storekit file's version, "5.0".
        var version: String?
        var products: [Product]
        var subscriptionGroups: [Group]
        var locales: [String]
        /// The store conditions a new data directory starts with.
        var conditions: Conditions
        /// Nil while the catalog has problems (the app description is checked against it).
        var appDescription: App?
        var notes: [String]
        var problems: [Problem]
        /// With problems: the first, as every command's errors are.
        var error: ErrorReport.Body?
    }

    struct Product: Encodable {
        var id: String
        var type: ProductType
        var referenceName: String
        var familyShareable: Bool
        /// One price in every storefront (a .storekit file's), as a decimal string…
        var price: String?
        /// …or one per storefront.
        var prices: [String: String]?
        var localizations: [Localization]
        var subscription: Subscription?
    }

    struct Localization: Encodable {
        var locale: String
        var title: String
        var description: String
    }

    struct Subscription: Encodable {
        var period: String
        var group: String?
        var level: Int?
        var introductoryOffer: Offer?
        var promotionalOffers: [Offer]
        var offerCodes: [Offer]
        var winBackOffers: [Offer]
        var billingPlans: [Plan]
    }

    struct Offer: Encodable {
        var id: String?
        var referenceName: String?
        var paymentMode: String
        var period: String
        var periodCount: Int
        /// In every storefront `prices` does not name: none where the catalog gives prices
        /// per storefront alone.
        var price: String?
        /// Per storefront, where the catalog gives them.
        var prices: [String: String]?
        /// False for what storefront shows but does not sell yet (win-back offers, billing
        /// plans other than billed up front and their offers), as the text marks "(shown, not purchasable)".
        var purchasable: Bool
        /// An offer code: who may redeem it (new, existing, expired).
        var eligibility: [String]? = nil
    }

    struct Plan: Encodable {
        var type: String
        var price: String
        /// A month's price per storefront (storefront's own catalog format).
        var prices: [String: String]?
        var commitmentPrice: String?
        var enabled: Bool
        var purchasable: Bool
        var introductoryOffer: Offer?
        var promotionalOffers: [Offer]
    }

    struct Group: Encodable {
        var id: String
        var name: String
        var levels: [Level]
    }

    struct Level: Encodable {
        var level: Int?
        var products: [String]
    }

    struct Conditions: Encodable {
        var storefront: String?
        var locale: String?
        var askToBuy: Bool?
        /// Purchases' SKError code, as `fail-with` takes it.
        var failWith: Int?
        /// Each failing StoreKit API's error by name (`load-products`: `networkError`).
        var failures: [String: String]?
        var interrupted: Bool?
        var timeRate: String?
        var dialogs: Bool?
        var billingRetry: Bool?
        /// off, or xcode (Xcode's: 6 days for a weekly plan, 16 for the others).
        var gracePeriod: String?
        /// all, or paid-to-paid: which failed renewals get the grace.
        var graceRenewals: String?
    }

    struct App: Encodable {
        /// The file beside the catalog (where it would be, for the generic app), or nil for the
        /// built-in app's.
        var file: String?
        /// No file: the generic app.
        var generic: Bool
        /// Product id → the ISO 8601 period each non-renewing subscription lasts in the app.
        var nonRenewingPeriods: [String: String]
    }

    struct Problem: Encodable {
        /// Set for a problem in the app description, not the catalog.
        var file: String?
        var location: String
        var problem: String
    }

    var json: JSON {
        let settings = catalog.settings
        var error: ErrorReport.Body?
        var problems = inspection.problems.map { Problem(location: $0.path, problem: $0.message) }
        if let appError = appCheck?.error {
            problems.append(Problem(file: appError.path, location: appError.location ?? "$", problem: appError.problem))
            error = ErrorReport(appError, command: StorefrontCommand.self, subcommand: CatalogCheckCommand.self)?.body
        }
        if let first = inspection.problems.first {
            var report = ErrorReport(kind: "data", message: "\(file): \(first.path): \(first.message)", exitCode: .badData,
                                     remedy: DataFileError.Remedy.fixCatalog.text(.english))
            report.body.path = file
            report.body.location = first.path
            report.body.problem = first.message
            error = report.body
        }
        return JSON(
            file: file, format: formatName, version: version,
            products: catalog.products.map(Self.product),
            subscriptionGroups: groups.map { group in
                Group(id: group.id, name: group.name, levels: levels(of: group.id).map { Level(level: $0.level, products: $0.products.map(\.id)) })
            },
            locales: catalog.locales,
            conditions: Conditions(storefront: settings.storefront, locale: settings.locale, askToBuy: settings.askToBuy,
                                   failWith: settings.failWith?.rawValue,
                                   failures: settings.failures.isEmpty ? nil
                                       : Dictionary(uniqueKeysWithValues: settings.failures.map { ($0.key.argument, $0.value.name) }),
                                   interrupted: settings.interrupted,
                                   timeRate: settings.timeRate?.description, dialogs: settings.dialogs,
                                   billingRetry: settings.billingRetry, gracePeriod: settings.gracePeriod?.rawValue,
                                   graceRenewals: settings.graceRenewals?.rawValue),
            appDescription: appJSON,
            notes: inspection.notes,
            problems: problems,
            error: error)
    }

    private var appJSON: App? {
        guard let appCheck, appCheck.error == nil else { return nil }
        let periods = Dictionary(uniqueKeysWithValues: nonRenewingPeriods.map { ($0.id, $0.period.description) })
        return switch appCheck {
        case .file(let path, _): App(file: path, generic: false, nonRenewingPeriods: periods)
        case .generic(let path, _): App(file: path, generic: true, nonRenewingPeriods: periods)
        default: App(file: nil, generic: false, nonRenewingPeriods: periods)
        }
    }

    var formatName: String {
        if case .storeKit = inspection.format { return "storekit" }
        return "storefront"
    }

    var version: String? {
        if case .storeKit(let version) = inspection.format { return version }
        return nil
    }

    private static func product(_ p: CatalogProduct) -> Product {
        var price: String?, prices: [String: String]?
        switch p.price {
        case .everywhere(let amount): price = "\(amount)"
        case .perStorefront(let map): prices = map.mapValues { "\($0)" }
        }
        return Product(
            id: p.id, type: p.type, referenceName: p.referenceName, familyShareable: p.familyShareable, price: price, prices: prices,
            localizations: p.localizations.map { Localization(locale: $0.locale, title: $0.title, description: $0.description) },
            subscription: p.subscription.map { s in
                Subscription(
                    period: s.period.description, group: s.groupID, level: s.level,
                    introductoryOffer: s.introductoryOffer.map { offer($0, purchasable: true) },
                    promotionalOffers: s.promotionalOffers.map { offer($0, purchasable: true) },
                    offerCodes: s.offerCodes.map {
                        var code = offer($0, purchasable: true)
                        code.eligibility = $0.eligibility.sorted().map(\.rawValue)
                        return code
                    },
                    winBackOffers: s.winBackOffers.map { offer($0, purchasable: false) },
                    billingPlans: s.billingPlans.map {
                        Plan(type: $0.type, price: "\($0.price)", prices: $0.prices.isEmpty ? nil : $0.prices.mapValues { "\($0)" },
                             commitmentPrice: $0.commitmentPrice.map { "\($0)" }, enabled: $0.enabled,
                             purchasable: $0.isBilledUpFront || $0.enabled && $0.type == BillingPlan.monthly, introductoryOffer: $0.introductoryOffer.map { [up = $0.isBilledUpFront] in offer($0, purchasable: up) },
                             promotionalOffers: $0.promotionalOffers.map { [up = $0.isBilledUpFront] in offer($0, purchasable: up) })
                    })
            })
    }

    private static func offer(_ o: SubscriptionOffer, purchasable: Bool) -> Offer {
        Offer(id: o.id, referenceName: o.referenceName, paymentMode: o.paymentMode.rawValue, period: o.period.description,
              periodCount: o.periodCount, price: o.price == 0 && !o.prices.isEmpty ? nil : "\(o.price)",
              prices: o.prices.isEmpty ? nil : o.prices.mapValues { "\($0)" }, purchasable: purchasable)
    }

}
