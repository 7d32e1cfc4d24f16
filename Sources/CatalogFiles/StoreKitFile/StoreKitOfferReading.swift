import Foundation
import AppStoreCore

/// A subscription's offers and billing plans, read for StoreKitCatalogReading. Offers of the
/// plan billed up front (and every offer of a file before version 5) are the subscription's
/// own; those of another plan go with that plan.
struct StoreKitOfferReading {
    let subscription: StoreKitSubscription
    let here: String

    init(subscription: StoreKitSubscription, at here: String) {
        self.subscription = subscription
        self.here = here
    }

    /// The longest an offer lasts, in periods.

    /// Version 5's `introductoryOffers` (its entry for the plan billed up front), else
    /// `introductoryOffer`.
    func introductoryOffer(_ reading: inout StoreKitCatalogReading) -> SubscriptionOffer? {
        guard let list = subscription.introductoryOffers else {
            return subscription.introductoryOffer.flatMap { offer($0, at: "\(here).introductoryOffer", introductory: true, &reading) }
        }
        return own(list, key: "introductoryOffers").compactMap { offer($0.offer, at: $0.path, introductory: true, &reading) }.first
    }

    func promotionalOffers(_ reading: inout StoreKitCatalogReading) -> [SubscriptionOffer] {
        own(subscription.adHocOffers, key: "adHocOffers").compactMap { offer($0.offer, at: $0.path, introductory: false, &reading) }
    }

    /// Offer codes or win-back offers: every one, whatever its plan.
    func list(_ offers: [StoreKitOffer]?, key: String, _ reading: inout StoreKitCatalogReading) -> [SubscriptionOffer] {
        (offers ?? []).enumerated().compactMap { offer($1, at: "\(here).\(key)[\($0)]", introductory: false, &reading) }
    }

    /// The plans, with their own offers; none when the only one is the plan billed up front
    /// at the subscription's `displayPrice` (what every subscription is).
    func billingPlans(_ reading: inout StoreKitCatalogReading) -> [BillingPlan] {
        var plans: [BillingPlan] = []
        for (i, plan) in (subscription.billingPlans ?? []).enumerated() {
            let path = "\(here).billingPlans[\(i)]"
            if plans.contains(where: { $0.type == plan.billingPlanType }) {
                reading.problem("\(path).billingPlanType", "duplicate billing plan \"\(plan.billingPlanType)\"")
                continue
            }
            guard let amount = StoreKitPriceText.decimal(plan.displayPrice) else {
                reading.problem("\(path).displayPrice", StoreKitPriceText.problem(plan.displayPrice))
                continue
            }
            var commitment: Decimal?
            if let text = plan.commitmentDisplayPrice {
                commitment = StoreKitPriceText.decimal(text)
                if commitment == nil { reading.problem("\(path).commitmentDisplayPrice", StoreKitPriceText.problem(text)) }
            }
            var prices: [String: Decimal] = [:]
            for (id, text) in (plan.storefrontPrices ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard let price = StoreKitPriceText.decimal(text) else {
                    reading.problem("\(path).storefrontPrices.\(id)", StoreKitPriceText.problem(text))
                    continue
                }
                prices[id] = price
            }
            // Priced per storefront (as storefront writes its own format's plans): the prices are what is
            // charged, each commitment their months', and the one price is the first storefront's, by id.
            let price = prices.keys.sorted().first.flatMap { prices[$0] } ?? amount
            plans.append(BillingPlan(type: plan.billingPlanType, price: price, prices: prices,
                                     commitmentPrice: prices.isEmpty ? commitment : nil, enabled: plan.isEnabled))
        }
        for (i, entry) in planned(subscription.introductoryOffers ?? [], key: "introductoryOffers").enumerated() {
            guard let index = plan(entry, among: plans, &reading) else { continue }
            if plans[index].introductoryOffer != nil {
                reading.problem(entry.path, "a second introductory offer for billing plan \"\(plans[index].type)\" (offer \(i + 1))")
            }
            plans[index].introductoryOffer = offer(entry.offer, at: entry.path, introductory: true, &reading)
        }
        for entry in planned(subscription.adHocOffers, key: "adHocOffers") {
            guard let index = plan(entry, among: plans, &reading) else { continue }
            if let offer = offer(entry.offer, at: entry.path, introductory: false, &reading) { plans[index].promotionalOffers.append(offer) }
        }
        let onlyThePrice = plans.count == 1 && plans[0].isBilledUpFront && plans[0].enabled
            && StoreKitPriceText.decimal(subscription.displayPrice) == plans[0].price
            && plans[0].commitmentPrice.map { $0 == plans[0].price } != false
        return onlyThePrice ? [] : plans
    }

    // MARK: Offers

    private typealias Entry = (offer: StoreKitOffer, path: String)

    /// Offers of the plan billed up front, or of no plan.
    private func own(_ offers: [StoreKitOffer], key: String) -> [Entry] {
        entries(offers, key: key).filter { Self.isOwn($0.offer) }
    }

    /// Offers of another plan.
    private func planned(_ offers: [StoreKitOffer], key: String) -> [Entry] {
        entries(offers, key: key).filter { !Self.isOwn($0.offer) }
    }

    private func entries(_ offers: [StoreKitOffer], key: String) -> [Entry] {
        offers.enumerated().map { ($1, "\(here).\(key)[\($0)]") }
    }

    private static func isOwn(_ offer: StoreKitOffer) -> Bool {
        offer.billingPlanType == nil || offer.billingPlanType == StoreKitBillingPlan.billedUpFront
    }

    private func plan(_ entry: Entry, among plans: [BillingPlan], _ reading: inout StoreKitCatalogReading) -> Int? {
        let type = entry.offer.billingPlanType ?? ""
        guard let index = plans.firstIndex(where: { $0.type == type }) else {
            reading.problem("\(entry.path).billingPlanType", "no billing plan \"\(type)\" in \(here).billingPlans")
            return nil
        }
        return index
    }

    /// One offer in storefront's terms: an offer code is known by its reference name, the
    /// others by their offer id; a reference name is kept where it differs from the id.
    private func offer(_ o: StoreKitOffer, at path: String, introductory: Bool, _ reading: inout StoreKitCatalogReading) -> SubscriptionOffer? {
        guard let period = reading.period(o.subscriptionPeriod, at: "\(path).subscriptionPeriod") else { return nil }
        let count = o.numberOfPeriods ?? 1
        guard SubscriptionOffer.periodCounts.contains(count) else {
            reading.problem("\(path).numberOfPeriods", "must be 1 to \(SubscriptionOffer.periodCounts.upperBound), not \(count)")
            return nil
        }
        var price: Decimal = 0
        var prices: [String: Decimal] = [:]
        // A free offer's price is none, whatever the file holds beside it.
        if o.paymentMode != .free {
            if let text = o.displayPrice {
                guard let amount = StoreKitPriceText.decimal(text) else {
                    reading.problem("\(path).displayPrice", StoreKitPriceText.problem(text))
                    return nil
                }
                price = amount
            }
            for (id, text) in (o.storefrontPrices ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard let amount = StoreKitPriceText.decimal(text) else {
                    reading.problem("\(path).storefrontPrices.\(id)", StoreKitPriceText.problem(text))
                    return nil
                }
                prices[id] = amount
            }
            // Beside prices per storefront, the one displayed is one of them, as the file is
            // written: no price for the other storefronts.
            if !prices.isEmpty, price == StoreKitPriceText.displayed(prices, home: reading.home) { price = 0 }
        }
        let mode: SubscriptionOffer.PaymentMode = switch o.paymentMode {
        case .free: .freeTrial
        case .payAsYouGo: .payAsYouGo
        case .payUpFront: .payUpFront
        }
        let id = introductory ? nil : o.offerID ?? o.referenceName
        // An offer code's customers, as Xcode writes them; names it does not write are left out.
        let named = Set((o.eligibility ?? []).compactMap(OfferCodeEligibility.init(rawValue:)))
        return SubscriptionOffer(id: id, paymentMode: mode, period: period, periodCount: count, price: price, prices: prices,
                                 referenceName: o.referenceName == id ? nil : o.referenceName,
                                 eligibility: named.isEmpty ? OfferCodeEligibility.startingASubscription : named)
    }
}
