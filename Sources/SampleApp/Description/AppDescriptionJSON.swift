import Foundation
import AppStoreCore

/// The app description's file format (assets/catalog.app.json).
struct AppDescriptionJSON: Codable {
    var name: String?
    var bundleID: String?
    var appVersion: String?
    var sharedSecret: String?
    var productIdentifiers: [String]?
    var credits: [String: Int]?
    /// Product id → ISO 8601 period (`P1M`), checked by `periods()`.
    var nonRenewingPeriods: [String: String]?
    var content: Content?
    var promotionalOffers: [PromotionalOffer]?

    struct PromotionalOffer: Codable {
        var product: String
        var offer: String
        var audience: String

        enum CodingKeys: String, CodingKey {
            case product, offer
            case audience = "for"
        }
    }

    struct Content: Codable {
        var free: [Item]?
        var premium: Premium?
    }

    struct Premium: Codable {
        var unlockedBy: String
        var items: [Item]
    }

    struct Item: Codable {
        var id: String
        var localizations: [String: Text]
    }

    struct Text: Codable {
        var title: String
        var body: String
    }

    /// The promotional offers the app presents, or the first whose `for` is not an audience.
    func presentedOffers() -> Result<[AppDescription.PromotionalOffer], CatalogProblem> {
        var offers: [AppDescription.PromotionalOffer] = []
        for (i, offer) in (promotionalOffers ?? []).enumerated() {
            guard let audience = AppDescription.PromotionalOffer.Audience(rawValue: offer.audience) else {
                let names = AppDescription.PromotionalOffer.Audience.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                return .failure(CatalogProblem(path: "$.promotionalOffers[\(i)].for", message: "\"\(offer.audience)\" is not an audience: use \(names)"))
            }
            offers.append(AppDescription.PromotionalOffer(productID: offer.product, offerID: offer.offer, audience: audience))
        }
        return .success(offers)
    }

    /// The non-renewing periods, or the first that is not a period, at its JSON path.
    func periods() -> Result<[String: SubscriptionPeriod], CatalogProblem> {
        var periods: [String: SubscriptionPeriod] = [:]
        for (id, text) in (nonRenewingPeriods ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let period = SubscriptionPeriod(iso8601: text) else {
                return .failure(CatalogProblem(path: "$.nonRenewingPeriods[\"\(id)\"]",
                                               message: "\"\(text)\" is not a period: use P<n>D, P<n>W, P<n>M or P<n>Y, up to 100 years"))
            }
            periods[id] = period
        }
        return .success(periods)
    }

    func description(for catalog: Catalog, defaultName: String, periods: [String: SubscriptionPeriod],
                     promotionalOffers: [AppDescription.PromotionalOffer] = []) -> AppDescription {
        let generic = AppDescription.generic(for: catalog, named: defaultName)
        return AppDescription(
            name: name ?? generic.name,
            bundleID: bundleID ?? generic.bundleID,
            appVersion: appVersion ?? generic.appVersion,
            sharedSecret: sharedSecret ?? generic.sharedSecret,
            productIdentifiers: productIdentifiers ?? generic.productIdentifiers,
            credits: credits ?? [:],
            nonRenewingPeriods: periods,
            content: AppDescription.Content(
                free: (content?.free ?? []).map(\.item),
                premium: content?.premium.map { AppDescription.PremiumContent(unlockedBy: $0.unlockedBy, items: $0.items.map(\.item)) }),
            promotionalOffers: promotionalOffers)
    }
}

extension AppDescriptionJSON.Item {
    var item: ContentItem {
        ContentItem(id: id, localizations: LocaleMatch.ordered(localizations).map {
            ContentItem.Text(locale: $0.key, title: $0.value.title, body: $0.value.body)
        })
    }
}
