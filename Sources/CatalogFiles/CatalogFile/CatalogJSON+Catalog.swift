import Foundation
import AppStoreCore

/// storefront's own catalog format read into a `Catalog`, each problem at its JSON path.
extension CatalogJSON {
    /// Keys of the catalog format before the app description had a file of its own.
    static let formerAppKeys = ["app", "content", "productIdentifiers", "storefronts"]

    func catalog() throws(CatalogProblem) -> Catalog {
        let groups = (subscriptionGroups ?? []).map { group in
            SubscriptionGroup(id: group.id, name: group.name, localizations: LocaleMatch.ordered(group.localizations ?? [:])
                .map { GroupLocalization(locale: $0.key, name: $0.value) })
        }
        var products: [CatalogProduct] = []
        for (i, product) in self.products.enumerated() {
            products.append(try product.catalogProduct(at: "$.products[\(i)]"))
        }
        return Catalog(products: products, subscriptionGroups: groups)
    }
}

extension CatalogJSON.Product {
    func catalogProduct(at here: String) throws(CatalogProblem) -> CatalogProduct {
        var info: SubscriptionInfo?
        if let s = subscription {
            info = SubscriptionInfo(
                period: s.period, groupID: s.group, level: s.level,
                introductoryOffer: try s.introductoryOffer?.offer(at: "\(here).subscription.introductoryOffer", soldIn: prices),
                promotionalOffers: try offers(s.promotionalOffers, at: "\(here).subscription.promotionalOffers"),
                offerCodes: try offers(s.offerCodes, at: "\(here).subscription.offerCodes"),
                winBackOffers: try offers(s.winBackOffers, at: "\(here).subscription.winBackOffers"),
                billingPlans: try billingPlans(s.billingPlans, period: s.period, at: "\(here).subscription.billingPlans"))
        }
        return CatalogProduct(
            id: id, referenceName: referenceName, type: type, familyShareable: familyShareable ?? false,
            localizations: LocaleMatch.ordered(localizations).map {
                ProductLocalization(locale: $0.key, title: $0.value.title, description: $0.value.description)
            },
            price: .perStorefront(prices), subscription: info)
    }

    /// Monthly plans of a yearly subscription, priced wherever the product is sold.
    private func billingPlans(_ plans: [CatalogJSON.Plan]?, period: SubscriptionPeriod,
                              at path: String) throws(CatalogProblem) -> [BillingPlan] {
        // The plan billed up front is the subscription at its prices, as a .storekit file lists it first.
        let first = { (prices: [String: Decimal]) in prices.keys.sorted().first.flatMap { prices[$0] } ?? 0 }
        var result: [BillingPlan] = []
        if plans?.isEmpty == false {
            result.append(BillingPlan(type: BillingPlan.billedUpFront, price: first(self.prices), prices: self.prices))
        }
        for (i, plan) in (plans ?? []).enumerated() {
            let here = "\(path)[\(i)]"
            guard plan.type == BillingPlan.monthly else {
                throw CatalogProblem(path: "\(here).type", message: "unknown billing plan \"\(plan.type)\": use \(BillingPlan.monthly) (billed up front is the subscription's own price)")
            }
            guard period == SubscriptionPeriod(value: 1, unit: .year) else {
                throw CatalogProblem(path: "\(here).type", message: "a monthly plan is a 12-month commitment: the subscription's period must be P1Y, not \(period)")
            }
            guard !result.contains(where: { $0.type == plan.type }) else {
                throw CatalogProblem(path: "\(here).type", message: "duplicate billing plan \"\(plan.type)\"")
            }
            if let missing = prices.keys.sorted().first(where: { plan.prices[$0] == nil }) {
                throw CatalogProblem(path: "\(here).prices", message: "has no price for \(missing), where the product is sold")
            }
            if let bad = plan.prices.sorted(by: { $0.key < $1.key }).first(where: { $0.value <= 0 }) {
                throw CatalogProblem(path: "\(here).prices.\(bad.key)", message: "must be more than 0, not \(bad.value)")
            }
            // `price` (a .storekit file's one price) is the first storefront's, by id: `prices` is what is charged.
            result.append(BillingPlan(type: plan.type, price: first(plan.prices), prices: plan.prices))
        }
        return result
    }

    private func offers(_ offers: [CatalogJSON.Offer]?, at path: String) throws(CatalogProblem) -> [SubscriptionOffer] {
        var result: [SubscriptionOffer] = []
        for (i, offer) in (offers ?? []).enumerated() { result.append(try offer.offer(at: "\(path)[\(i)]", soldIn: prices)) }
        return result
    }
}

extension CatalogJSON.Offer {
    /// The offer of a product priced `soldIn`: with `prices` and no `price` for the others,
    /// every storefront the product is sold in needs one, or it would be free there.
    func offer(at path: String, soldIn productPrices: [String: Decimal]) throws(CatalogProblem) -> SubscriptionOffer {
        guard let mode = SubscriptionOffer.PaymentMode(rawValue: paymentMode) else {
            let known = SubscriptionOffer.PaymentMode.allCases.map(\.rawValue).joined(separator: ", ")
            throw CatalogProblem(path: "\(path).paymentMode", message: "unknown payment mode \"\(paymentMode)\": use one of \(known)")
        }
        let count = periods ?? 1
        guard SubscriptionOffer.periodCounts.contains(count) else {
            throw CatalogProblem(path: "\(path).periods", message: "must be 1 to \(SubscriptionOffer.periodCounts.upperBound), not \(count)")
        }
        // A free trial's price is none, whatever the file gives beside it.
        let prices = mode == .freeTrial ? [:] : prices ?? [:]
        if price == nil, !prices.isEmpty,
           let unpriced = productPrices.keys.sorted().first(where: { prices[$0] == nil }) {
            throw CatalogProblem(path: "\(path).prices", message: "no price for \(unpriced), where the product is sold: give the offer a price in each of the product's storefronts, or a \"price\" for the others")
        }
        var who = OfferCodeEligibility.startingASubscription
        if let eligibility {
            who = []
            for (i, name) in eligibility.enumerated() {
                guard let one = OfferCodeEligibility(rawValue: name) else {
                    let known = OfferCodeEligibility.allCases.map(\.rawValue).joined(separator: ", ")
                    throw CatalogProblem(path: "\(path).eligibility[\(i)]", message: "unknown eligibility \"\(name)\": use one of \(known)")
                }
                who.insert(one)
            }
            if who.isEmpty { throw CatalogProblem(path: "\(path).eligibility", message: "names no customers: use one or more of new, existing, expired") }
        }
        return SubscriptionOffer(id: id, paymentMode: mode, period: period, periodCount: count,
                                 price: mode == .freeTrial ? 0 : price ?? 0, prices: prices, eligibility: who,
                                 winBackRules: try winBack?.rules(at: "\(path).winBack") ?? WinBackOfferRules())
    }
}

extension CatalogJSON.WinBack {
    func rules(at path: String) throws(CatalogProblem) -> WinBackOfferRules {
        func months(_ value: Int?, _ key: String) throws(CatalogProblem) -> Int? {
            guard let value else { return nil }
            guard (0...1200).contains(value) else { throw CatalogProblem(path: "\(path).\(key)", message: "must be 0 to 1200 months, not \(value)") }
            return value
        }
        func day(_ text: String?, _ key: String) throws(CatalogProblem) -> Date? {
            guard let text else { return nil }
            guard let date = Self.day(text) else {
                throw CatalogProblem(path: "\(path).\(key)", message: "\"\(text)\" is not a day: write it as 2026-07-01")
            }
            return date
        }
        var since: ClosedRange<Int>?
        if let range = timeSinceLastSubscribedInMonths {
            let key = "timeSinceLastSubscribedInMonths"
            guard range.count == 2, let low = try months(range[0], key), let high = try months(range[1], key), low <= high else {
                throw CatalogProblem(path: "\(path).\(key)", message: "must be [minimum, maximum] months, the minimum not above the maximum")
            }
            since = low...high
        }
        let start = try day(startDate, "startDate")
        // The end date is the offer's last day: it stops at the next one's start.
        let end = try day(endDate, "endDate").map { $0 + 86_400 }
        if let start, let end, end <= start { throw CatalogProblem(path: "\(path).endDate", message: "comes before the start date") }
        let known = WinBackOfferRules.Priority.allCases.map(\.rawValue).joined(separator: ", ")
        guard let rank = WinBackOfferRules.Priority(rawValue: priority ?? "normal") else {
            throw CatalogProblem(path: "\(path).priority", message: "unknown priority \"\(priority ?? "")\": use one of \(known)")
        }
        return WinBackOfferRules(paidDurationMonths: try months(paidSubscriptionDurationInMonths, "paidSubscriptionDurationInMonths"),
                                 monthsSinceLastSubscribed: since,
                                 waitBetweenOffersMonths: try months(waitBetweenOffersInMonths, "waitBetweenOffersInMonths"),
                                 startDate: start, endDate: end, priority: rank)
    }

    /// A day "2026-07-01" as its first instant in UTC, as the store's clock counts days.
    private static func day(_ text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 3, text.count == 10, let year = parts[0], let month = parts[1], let day = parts[2],
              let date = Calendar.gregorianUTC.date(from: DateComponents(year: year, month: month, day: day)) else { return nil }
        let read = Calendar.gregorianUTC.dateComponents([.year, .month, .day], from: date)
        return read.year == year && read.month == month && read.day == day ? date : nil
    }
}
