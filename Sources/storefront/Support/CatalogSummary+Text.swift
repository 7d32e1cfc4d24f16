import Foundation
import SampleApp
import AppStoreCore
import StorefrontUI
import Wording

/// `catalog check`'s lines.
extension CatalogSummary {
    /// The command line's words for types and periods: English.
    private static let sheet = Strings.english.sheet

    var lines: [String] {
        var lines = ["\(file): \(formatDescription)"]
        lines += productLines
        lines += groupLines
        lines.append("Locales: " + (catalog.locales.isEmpty ? "none" : catalog.locales.joined(separator: ", ")))
        lines.append("Conditions for a new data directory: " + conditionsText)
        lines += appLines
        if !inspection.notes.isEmpty {
            lines.append("Notes:")
            lines += inspection.notes.map { "  \($0)" }
        }
        var problems = inspection.problems.map { "  \($0.path): \($0.message)" }
        if let error = appCheck?.error { problems.append("  \(error.summary)") }
        if problems.isEmpty {
            lines.append("No problems.")
        } else {
            lines.append("Problems (\(problems.count)):")
            lines += problems
        }
        return lines
    }

    private var appLines: [String] {
        guard let appCheck else { return [] }
        var lines: [String] = switch appCheck {
        case .builtIn: ["App description: built in (assets/catalog.app.json)"]
        case .file(let path, _): ["App description: \(path)"]
        case .generic(let path, _): ["App description: none at \(path): the generic app (every product by type)"]
        case .unusable(let error): ["App description: \(error.path) cannot be used (see Problems)"]
        }
        lines += nonRenewingPeriods.map { "  \($0.id) lasts \(Self.sheet.period($0.period)) (\($0.source))" }
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
            return n == 0 ? nil : "\(n) \(Self.sheet.productType(type).lowercased())\(n == 1 ? "" : "s")"
        }
        var lines = ["Products: \(catalog.products.count)" + (counts.isEmpty ? "" : " (\(counts.joined(separator: ", ")))")]
        let width = catalog.products.map { TerminalText.escaped($0.id).count }.max() ?? 0
        let priceWidth = catalog.products.map { Self.priceText($0.price).count }.max() ?? 0
        for p in catalog.products {
            var kind = Self.sheet.productType(p.type)
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
                    lines.append("    \(levelText)  \(product.id)  \(Self.sheet.period(s.period)), \(Self.priceText(product.price))")
                    lines += Self.offerLines(s).map { "      \($0)" }
                }
            }
        }
        return lines
    }

    /// Every offer, each that storefront shows but does not sell yet marked the same way
    /// (win-back offers, billing plans other than billed up front and the offers under them).
    private static func offerLines(_ s: SubscriptionInfo) -> [String] {
        let notSold = " (shown, not purchasable)"
        var lines: [String] = []
        if let intro = s.introductoryOffer { lines.append("introductory offer: \(describe(intro))") }
        lines += s.promotionalOffers.map { "promotional offer \($0.id ?? ""): \(describe($0))" }
        lines += s.offerCodes.map { "offer code \($0.id ?? ""): \(describe($0))" }
        lines += s.winBackOffers.map { "win-back offer \($0.id ?? ""): \(describe($0))" + notSold }
        for plan in s.billingPlans {
            // Billed up front is the subscription itself, sold at its price; a monthly plan is sold
            // (`buy --plan monthly`), without the offers under it.
            let sold = plan.isBilledUpFront || plan.enabled && plan.type == BillingPlan.monthly
            let mark = sold ? "" : notSold
            let price = plan.prices.isEmpty ? "\(plan.price)" : plan.prices.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            var text = "billing plan \(plan.type): \(price) a billing period"
            if let commitment = plan.commitmentPrice { text += ", \(commitment) in all" }
            if !plan.enabled { text += ", not enabled" }
            lines.append(text + mark)
            // The offers under a plan are sold with the subscription's price at once only.
            let offersMark = plan.isBilledUpFront ? "" : notSold
            if let intro = plan.introductoryOffer { lines.append("  introductory offer: \(describe(intro))" + offersMark) }
            lines += plan.promotionalOffers.map { "  promotional offer \($0.id ?? ""): \(describe($0))" + offersMark }
        }
        return lines
    }

    /// "free trial, 2 weeks", "pay up front 19.99 for 6 months", "pay as you go 0.99 per 1 month, 3 times".
    private static func describe(_ offer: SubscriptionOffer) -> String {
        let length = offer.periodCount == 1 ? Self.sheet.period(offer.period) : "\(offer.periodCount) × \(Self.sheet.period(offer.period))"
        return switch offer.paymentMode {
        case .freeTrial: "free trial, \(length)"
        case .payUpFront: "pay up front \(offerPriceText(offer)) for \(length)"
        case .payAsYouGo: "pay as you go \(offerPriceText(offer)) per \(Self.sheet.period(offer.period)), \(offer.periodCount) time\(offer.periodCount == 1 ? "" : "s")"
        }
    }

    /// "0.99", or per storefront "(JPN 100, USA 0.99)", with the price for the others where it is not 0.
    private static func offerPriceText(_ offer: SubscriptionOffer) -> String {
        guard !offer.prices.isEmpty else { return "\(offer.price)" }
        let others = offer.price == 0 ? "" : ", elsewhere \(offer.price)"
        return "(\(priceText(.perStorefront(offer.prices)))\(others))"
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
        for api in StoreAPI.allCases {
            if let error = s.failures[api] { parts.append("\(StoreCondition.failingName(api)) \(error.description)") }
        }
        if let v = s.interrupted { parts.append("interrupted \(v ? "on" : "off")") }
        if let v = s.timeRate { parts.append("time-rate \(v)") }
        if let v = s.dialogs { parts.append("dialogs \(v ? "on" : "off")") }
        if let v = s.billingRetry { parts.append("billing-retry \(v ? "on" : "off")") }
        if let v = s.gracePeriod { parts.append("grace-period \(v.rawValue)\(v == .xcode ? " (6 days for a weekly plan, 16 for the others)" : "")") }
        if let v = s.graceRenewals { parts.append("grace-renewals \(v.rawValue)") }
        return parts.isEmpty ? "the defaults" : parts.joined(separator: ", ")
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        let shown = TerminalText.escaped(text)
        return text + String(repeating: " ", count: max(0, width - shown.count))
    }
}
