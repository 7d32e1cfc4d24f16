import DataFiles
import Foundation
import StoreKitSim
import StorefrontUI

/// What `catalog check` shows of a catalog file: its products by type, subscription groups
/// by level with their offers, locales, the conditions its settings give, notes and problems.
struct CatalogSummary {
    let inspection: CatalogInspection
    let file: String

    init(_ inspection: CatalogInspection, file: String) {
        self.inspection = inspection
        self.file = file
    }

    private var catalog: Catalog { inspection.catalog }

    // MARK: JSON

    /// The stable shape of `catalog check --json` (documented in the README).
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
        /// Shown, not purchasable.
        var winBackOffers: [Offer]
        /// Shown, not purchasable.
        var billingPlans: [Plan]
    }

    struct Offer: Encodable {
        var id: String?
        var referenceName: String?
        var paymentMode: String
        var period: String
        var periodCount: Int
        var price: String
    }

    struct Plan: Encodable {
        var type: String
        var price: String
        var commitmentPrice: String?
        var enabled: Bool
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
        var failWith: Int?
        var interrupted: Bool?
        var timeRate: String?
    }

    struct Problem: Encodable {
        var location: String
        var problem: String
    }

    var json: JSON {
        let settings = catalog.settings
        var error: ErrorReport.Body?
        if let first = inspection.problems.first {
            var report = ErrorReport(kind: "data", message: "\(file): \(first.path): \(first.message)", exitCode: .badData,
                                     remedy: DataFileError.Remedy.fixCatalog.text)
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
                                   failWith: settings.failWith?.rawValue, interrupted: settings.interrupted,
                                   timeRate: settings.timeRate?.description),
            notes: inspection.notes,
            problems: inspection.problems.map { Problem(location: $0.path, problem: $0.message) },
            error: error)
    }

    private var formatName: String {
        if case .storeKit = inspection.format { return "storekit" }
        return "storefront"
    }

    private var version: String? {
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
                    period: s.period.description, group: s.groupID, level: s.level, introductoryOffer: s.introductoryOffer.map(offer),
                    promotionalOffers: s.promotionalOffers.map(offer), offerCodes: s.offerCodes.map(offer),
                    winBackOffers: s.winBackOffers.map(offer),
                    billingPlans: s.billingPlans.map {
                        Plan(type: $0.type, price: "\($0.price)", commitmentPrice: $0.commitmentPrice.map { "\($0)" }, enabled: $0.enabled,
                             introductoryOffer: $0.introductoryOffer.map(offer), promotionalOffers: $0.promotionalOffers.map(offer))
                    })
            })
    }

    private static func offer(_ o: SubscriptionOffer) -> Offer {
        Offer(id: o.id, referenceName: o.referenceName, paymentMode: o.paymentMode.rawValue, period: o.period.description,
              periodCount: o.periodCount, price: "\(o.price)")
    }

    // MARK: Groups and levels

    /// The catalog's groups, and a group for each subscription that names one it lacks.
    private var groups: [SubscriptionGroup] {
        var groups = catalog.subscriptionGroups
        for product in catalog.products where product.type == .autoRenewable {
            if let id = product.subscription?.groupID, !groups.contains(where: { $0.id == id }) {
                groups.append(SubscriptionGroup(id: id, name: id))
            }
        }
        return groups
    }

    /// A group's subscriptions by level, the highest (1) first.
    private func levels(of group: String) -> [(level: Int?, products: [CatalogProduct])] {
        var levels: [(level: Int?, products: [CatalogProduct])] = []
        for product in catalog.subscriptions(in: group) {
            let level = product.subscription?.level
            if let index = levels.firstIndex(where: { $0.level == level }) {
                levels[index].products.append(product)
            } else {
                levels.append((level, [product]))
            }
        }
        return levels
    }

    // MARK: Text

    var lines: [String] {
        var lines = ["\(file): \(formatDescription)"]
        lines += productLines
        lines += groupLines
        lines.append("Locales: " + (catalog.locales.isEmpty ? "none" : catalog.locales.joined(separator: ", ")))
        lines.append("Conditions for a new data directory: " + conditionsText)
        if !inspection.notes.isEmpty {
            lines.append("Notes:")
            lines += inspection.notes.map { "  \($0)" }
        }
        if inspection.problems.isEmpty {
            lines.append("No problems.")
        } else {
            lines.append("Problems (\(inspection.problems.count)):")
            lines += inspection.problems.map { "  \($0.path): \($0.message)" }
        }
        return lines
    }

    private var formatDescription: String {
        switch inspection.format {
        case .storefront: "storefront catalog"
        case .storeKit(let version): "Xcode StoreKit configuration file, version \(version)"
        }
    }

    private var productLines: [String] {
        let counts = ProductType.allCases.compactMap { type -> String? in
            let n = catalog.products.filter { $0.type == type }.count
            return n == 0 ? nil : "\(n) \(type.displayName.lowercased())\(n == 1 ? "" : "s")"
        }
        var lines = ["Products: \(catalog.products.count)" + (counts.isEmpty ? "" : " (\(counts.joined(separator: ", ")))")]
        let width = catalog.products.map { TerminalText.escaped($0.id).count }.max() ?? 0
        let priceWidth = catalog.products.map { Self.priceText($0.price).count }.max() ?? 0
        for p in catalog.products {
            var kind = p.type.displayName
            if p.familyShareable { kind += ", family shareable" }
            let title = p.localizations.first?.title ?? ""
            let price = Self.priceText(p.price)
            let column = String(repeating: " ", count: priceWidth - price.count) + price
            lines.append("  \(Self.padded(p.id, width))  \(column)  \(title)  [\(kind)]")
        }
        return lines
    }

    private var groupLines: [String] {
        guard !groups.isEmpty else { return [] }
        var lines = ["Subscription groups: \(groups.count)"]
        for group in groups {
            lines.append("  \(group.name) (\(group.id))")
            for (level, products) in levels(of: group.id) {
                for product in products {
                    guard let s = product.subscription else { continue }
                    let levelText = level.map { "level \($0)" } ?? "no level"
                    lines.append("    \(levelText)  \(product.id)  \(s.period.displayName), \(Self.priceText(product.price))")
                    lines += Self.offerLines(s).map { "      \($0)" }
                }
            }
        }
        return lines
    }

    private static func offerLines(_ s: SubscriptionInfo) -> [String] {
        var lines: [String] = []
        if let intro = s.introductoryOffer { lines.append("introductory offer: \(describe(intro))") }
        lines += s.promotionalOffers.map { "promotional offer \($0.id ?? ""): \(describe($0))" }
        lines += s.offerCodes.map { "offer code \($0.id ?? ""): \(describe($0))" }
        lines += s.winBackOffers.map { "win-back offer \($0.id ?? ""): \(describe($0)) (shown, not purchasable)" }
        for plan in s.billingPlans {
            var text = "billing plan \(plan.type): \(plan.price) a billing period"
            if let commitment = plan.commitmentPrice { text += ", \(commitment) in all" }
            if !plan.enabled { text += ", not enabled" }
            lines.append(text + " (shown, not purchasable)")
            if let intro = plan.introductoryOffer { lines.append("  introductory offer: \(describe(intro))") }
            lines += plan.promotionalOffers.map { "  promotional offer \($0.id ?? ""): \(describe($0))" }
        }
        return lines
    }

    /// "free trial, 2 weeks", "pay up front 19.99 for 6 months", "pay as you go 0.99 per 1 month, 3 times".
    private static func describe(_ offer: SubscriptionOffer) -> String {
        let length = offer.periodCount == 1 ? offer.period.displayName : "\(offer.periodCount) × \(offer.period.displayName)"
        return switch offer.paymentMode {
        case .freeTrial: "free trial, \(length)"
        case .payUpFront: "pay up front \(offer.price) for \(length)"
        case .payAsYouGo: "pay as you go \(offer.price) per \(offer.period.displayName), \(offer.periodCount) time\(offer.periodCount == 1 ? "" : "s")"
        }
    }

    private static func priceText(_ price: CatalogPrice) -> String {
        switch price {
        case .everywhere(let amount): "\(amount)"
        case .perStorefront(let map): map.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }
    }

    private var conditionsText: String {
        let s = catalog.settings
        var parts: [String] = []
        if let v = s.storefront { parts.append("storefront \(v)") }
        if let v = s.locale { parts.append("locale \(v)") }
        if let v = s.askToBuy { parts.append("ask-to-buy \(v ? "on" : "off")") }
        if let v = s.failWith { parts.append("fail-with \(v.rawValue) \(v.name)") }
        if let v = s.interrupted { parts.append("interrupted \(v ? "on" : "off")") }
        if let v = s.timeRate { parts.append("time-rate \(v)") }
        return parts.isEmpty ? "the defaults" : parts.joined(separator: ", ")
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        let shown = TerminalText.escaped(text)
        return text + String(repeating: " ", count: max(0, width - shown.count))
    }
}
