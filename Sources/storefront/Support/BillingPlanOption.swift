import AppStoreCore
import ArgumentParser

/// `--plan` of `buy` and `buy-outside`: how a subscription is paid for. monthly is a
/// subscription's monthly plan across a commitment of its period (a .storekit's MONTHLY
/// billing plan, or the catalog's `billingPlans`); upfront its price at once.
enum BillingPlanOption: String, ExpressibleByArgument, CaseIterable {
    case monthly, upfront

    static let help = ArgumentHelp(
        "How a subscription is paid for: monthly, its monthly plan with a 12-month commitment (see `storefront catalog`); upfront, its price at once (the default).",
        valueName: "monthly|upfront")

    /// The type a payment carries: nil at once.
    var billingPlanType: String? { self == .monthly ? BillingPlan.monthly : nil }

    /// The type, refused by name when `productID` sells no such plan (before any sheet opens).
    func billingPlanType(for productID: String, catalog: Catalog) throws -> String? {
        guard let type = billingPlanType else { return nil }
        guard catalog.product(productID)?.subscription?.billingPlan(type) != nil else {
            throw StoreAdminError.noSuchBillingPlan(type, productID: productID)
        }
        return type
    }
}
