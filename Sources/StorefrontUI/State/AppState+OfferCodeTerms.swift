import Foundation
import AppStoreCore
import SampleApp

extension AppState {
    /// What the code typed redeems, as the sheet states it before Redeem: the plan, the offer's
    /// terms, and when they start (today, or at the next renewal for a subscriber); or why the
    /// signed-in account cannot redeem it. Empty while no product the app sells has the code.
    func offerCodeTerms(_ typed: String) -> [String] {
        let code = typed.trimmingCharacters(in: .whitespaces)
        guard !code.isEmpty,
              let entry = catalog.products.first(where: { $0.subscription?.offerCode(named: code) != nil && snapshot.product($0.id) != nil }),
              let offer = entry.subscription?.offerCode(named: code), let product = snapshot.product(entry.id),
              let group = entry.subscriptionGroupID else { return [] }
        let words = strings.sheet
        // The account's own plan of the group: a family member's shared one is not it to change.
        let status = snapshot.subscriptions.first { $0.groupID == group && !$0.isFamilyShared }
        let customer = OfferCodeEligibility.of(status, at: now)
        guard offer.eligibility.contains(customer) else {
            let refusal: StoreAdminError = customer == .existing
                ? .offerCodeWhileSubscribed(code, productID: status?.productID ?? "")
                : .offerCodeNotEligible(code, customer: customer)
            return [product.localizedTitle, OfferCodeRefusal.text(refusal, strings)]
        }
        var lines = [product.localizedTitle, strings.subscriptionCharge(product, offer: offer.priced(in: product.storefront))]
        guard customer == .existing, let status, let plan = catalog.product(status.productID) else {
            return lines + [words.codeStartsToday]
        }
        let change = SubscriptionLifecycle.planChange(from: plan, to: entry)
        let atOnce = change.map { SubscriptionLifecycle.takesEffectAtOnce($0, from: plan, to: entry) } ?? false
        lines.append(atOnce ? words.codeStartsToday : words.codeStartsAtRenewal(localDate(status.expiresDate)))
        if change != nil { lines.append(words.codeReplaces(title(of: plan.id))) }
        return lines
    }
}
