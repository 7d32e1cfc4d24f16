import Foundation

extension SubscriptionInfo {
    /// The plan a payment naming `type` buys: an enabled plan paid monthly across a
    /// commitment; nil for the price at once (no type, or the up-front plan) and for a plan
    /// the subscription does not sell.
    public func billingPlan(_ type: String?) -> BillingPlan? {
        guard let type, type != BillingPlan.billedUpFront else { return nil }
        return billingPlans.first { $0.type == type && $0.enabled }
    }

    /// How many monthly payments a commitment of the subscription's period takes: 12 for P1Y.
    public var commitmentMonths: Int {
        switch period.unit {
        case .year: period.value * 12
        case .month: period.value
        case .week, .day: 1
        }
    }

    /// What a monthly plan's commitment costs in all in `storefront`: a .storekit file's figure,
    /// else the monthly price times the months.
    public func commitmentPrice(of plan: BillingPlan, in storefront: AppStoreStorefront) -> Decimal {
        if plan.prices[storefront.id] == nil, let total = plan.commitmentPrice { return storefront.amount(total) }
        return plan.price(in: storefront) * Decimal(commitmentMonths)
    }
}
