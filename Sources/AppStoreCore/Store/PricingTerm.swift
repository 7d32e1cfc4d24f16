import Foundation

/// StoreKit's `Product.SubscriptionInfo.PricingTerms`: one way an auto-renewable subscription is
/// paid for where the product is sold, at the storefront's prices. Every subscription has the
/// price at once; a yearly one may be sold monthly across a commitment too.
public struct PricingTerm: Equatable, Sendable {
    /// "BILLED_UPFRONT" or "MONTHLY" (`BillingPlan.type`).
    public var billingPlanType: String
    /// What each billing period costs.
    public var billingPrice: Decimal
    public var billingPeriod: SubscriptionPeriod
    /// A monthly plan: the commitment's length and what it costs in all.
    public var commitmentPeriod: SubscriptionPeriod?
    public var commitmentPrice: Decimal?

    /// `info`'s terms in `storefront`, `price` the subscription's price there.
    static func of(_ info: SubscriptionInfo, price: Decimal, in storefront: AppStoreStorefront) -> [PricingTerm] {
        let upFront = PricingTerm(billingPlanType: BillingPlan.billedUpFront, billingPrice: price, billingPeriod: info.period)
        guard let monthly = info.billingPlan(BillingPlan.monthly) else { return [upFront] }
        return [upFront, PricingTerm(billingPlanType: monthly.type, billingPrice: monthly.price(in: storefront),
                                     billingPeriod: BillingPlan.monthlyBillingPeriod, commitmentPeriod: info.period,
                                     commitmentPrice: info.commitmentPrice(of: monthly, in: storefront))]
    }
}
