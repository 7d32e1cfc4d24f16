import DataFiles
import Foundation
import AppStoreCore

/// storefront's own catalog format read from a `JSONNode` without `Decodable`: the same
/// `CatalogJSON` `JSONDecoder` gives, or nil wherever the decoder would refuse the file (a
/// missing field, a value of the wrong type, an unknown product type or period), so that the
/// decoder reads it again and says why, as it always has. Unknown keys are left alone, as the
/// decoder leaves them.
extension CatalogJSON {
    init?(_ node: JSONNode) {
        guard let top = node.objectValue,
              let groups = top["subscriptionGroups"].optional({ $0.list(Group.init) }),
              let products = top["products"]?.list(Product.init) else { return nil }
        self.init(subscriptionGroups: groups, products: products)
    }
}

extension CatalogJSON.Group {
    init?(_ node: JSONNode) {
        guard let fields = node.objectValue,
              let id = fields["id"]?.stringValue, let name = fields["name"]?.stringValue,
              let localizations = fields["localizations"].optional({ $0.dictionary(\.stringValue) }) else { return nil }
        self.init(id: id, name: name, localizations: localizations)
    }
}

extension CatalogJSON.Product {
    init?(_ node: JSONNode) {
        guard let fields = node.objectValue,
              let id = fields["id"]?.stringValue,
              let type = fields["type"]?.stringValue.flatMap(ProductType.init(rawValue:)),
              let referenceName = fields["referenceName"].optional(\.stringValue),
              let familyShareable = fields["familyShareable"].optional(\.boolValue),
              let localizations = fields["localizations"]?.dictionary(CatalogJSON.Text.init),
              let prices = fields["prices"]?.dictionary(\.decimalValue),
              let subscription = fields["subscription"].optional(CatalogJSON.Subscription.init) else { return nil }
        self.init(id: id, type: type, referenceName: referenceName, familyShareable: familyShareable,
                  localizations: localizations, prices: prices, subscription: subscription)
    }
}

extension CatalogJSON.Text {
    init?(_ node: JSONNode) {
        guard let fields = node.objectValue,
              let title = fields["title"]?.stringValue, let description = fields["description"]?.stringValue else { return nil }
        self.init(title: title, description: description)
    }
}

extension CatalogJSON.Subscription {
    init?(_ node: JSONNode) {
        guard let fields = node.objectValue,
              let period = fields["period"]?.stringValue.flatMap(SubscriptionPeriod.init(iso8601:)),
              let group = fields["group"].optional(\.stringValue),
              let level = fields["level"].optional(\.intValue),
              let introductoryOffer = fields["introductoryOffer"].optional(CatalogJSON.Offer.init),
              let promotionalOffers = fields["promotionalOffers"].optional({ $0.list(CatalogJSON.Offer.init) }),
              let offerCodes = fields["offerCodes"].optional({ $0.list(CatalogJSON.Offer.init) }),
              let winBackOffers = fields["winBackOffers"].optional({ $0.list(CatalogJSON.Offer.init) }),
              let billingPlans = fields["billingPlans"].optional({ $0.list(CatalogJSON.Plan.init) }) else { return nil }
        self.init(period: period, group: group, level: level, introductoryOffer: introductoryOffer,
                  promotionalOffers: promotionalOffers, offerCodes: offerCodes, winBackOffers: winBackOffers,
                  billingPlans: billingPlans)
    }
}

extension CatalogJSON.Plan {
    init?(_ node: JSONNode) {
        guard let fields = node.objectValue, let type = fields["type"]?.stringValue,
              let prices = fields["prices"]?.dictionary(\.decimalValue) else { return nil }
        self.init(type: type, prices: prices)
    }
}

extension CatalogJSON.Offer {
    init?(_ node: JSONNode) {
        guard let fields = node.objectValue,
              let id = fields["id"].optional(\.stringValue),
              let paymentMode = fields["paymentMode"]?.stringValue,
              let period = fields["period"]?.stringValue.flatMap(SubscriptionPeriod.init(iso8601:)),
              let periods = fields["periods"].optional(\.intValue),
              let price = fields["price"].optional(\.decimalValue),
              let prices = fields["prices"].optional({ $0.dictionary(\.decimalValue) }),
              let eligibility = fields["eligibility"].optional({ $0.list(\.stringValue) }),
              let winBack = fields["winBack"].optional(CatalogJSON.WinBack.init) else { return nil }
        self.init(id: id, paymentMode: paymentMode, period: period, periods: periods, price: price, prices: prices,
                  eligibility: eligibility, winBack: winBack)
    }
}

extension CatalogJSON.WinBack {
    init?(_ node: JSONNode) {
        guard let fields = node.objectValue,
              let paid = fields["paidSubscriptionDurationInMonths"].optional(\.intValue),
              let since = fields["timeSinceLastSubscribedInMonths"].optional({ $0.list(\.intValue) }),
              let wait = fields["waitBetweenOffersInMonths"].optional(\.intValue),
              let startDate = fields["startDate"].optional(\.stringValue),
              let endDate = fields["endDate"].optional(\.stringValue),
              let priority = fields["priority"].optional(\.stringValue) else { return nil }
        self.init(paidSubscriptionDurationInMonths: paid, timeSinceLastSubscribedInMonths: since, waitBetweenOffersInMonths: wait,
                  startDate: startDate, endDate: endDate, priority: priority)
    }
}
