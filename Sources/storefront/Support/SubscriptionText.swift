import Foundation
import SampleApp
import AppStoreCore
import StorefrontUI
import Wording

/// How the command line words a subscription's status and the store's events, in English as
/// every command's output is. Times in the local zone (TZ), as everywhere people read them.
struct SubscriptionText {
    let catalog: Catalog
    let settings: Settings
    let times = TimeDisplay()

    /// "Pro Monthly (com.storefront.pro.monthly)".
    func plan(_ productID: String) -> String {
        "\(title(productID)) (\(productID))"
    }

    /// The product's title where the store is, else its identifier.
    func title(_ productID: String) -> String {
        guard let entry = catalog.product(productID),
              let product = Product(entry, storefront: settings.appStoreStorefront, locale: settings.locale) else { return productID }
        return product.localizedTitle
    }

    /// Where it stands, as the rows read: "Renews DATE", "Expires DATE", "In grace period until
    /// DATE", "Billing problem", "Expired DATE (reason)", "Revoked DATE".
    func summary(_ s: SubscriptionStatus) -> String {
        if s.isFamilyShared, s.state == .subscribed, s.willAutoRenew {
            return "Shared by your family · renews \(times.dateTime(s.expiresDate))"
        }
        if s.isFamilyShared, let end = s.accessEndDate {
            return "Shared by your family until \(times.dateTime(end))"
        }
        switch s.state {
        case .subscribed:
            // A monthly plan: its months renew within the commitment, which ends or renews at its end.
            let commitment = s.commitmentExpiresDate.map {
                "; 12-month commitment \(s.willAutoRenew ? "renews" : "ends") \(times.dateTime($0))"
            } ?? ""
            guard s.renewsAtPeriodEnd else { return "Expires \(times.dateTime(s.expiresDate))" }
            let next = s.autoRenewProductID == s.productID || s.isWithinCommitment ? "" : " as \(plan(s.autoRenewProductID))"
            return "Renews \(times.dateTime(s.expiresDate))\(next)\(s.isWithinCommitment ? commitment : "")"
        case .inGracePeriod:
            return "In grace period until \(times.dateTime(s.gracePeriodExpiresDate ?? s.expiresDate)) (Billing problem: the renewal's payment failed)"
        case .inBillingRetryPeriod:
            let end = SubscriptionLifecycle.billingRetryEndDate(s).map { ", retried until \(times.dateTime($0))" } ?? ""
            return "Billing problem: no access, the renewal's payment failed\(end)"
        case .expired:
            return "Expired \(times.dateTime(s.expiresDate))\(s.expirationReason.map { " (\(reason($0)))" } ?? "")"
        case .revoked:
            // Its period's end is when it was revoked.
            return "Revoked \(times.dateTime(s.expiresDate))"
        }
    }

    /// Where it stands after an operation: as `summary` says, but a free trial with auto-renew
    /// off as the App Store confirms its cancellation ("Your free trial will end on DATE and
    /// you won't be charged").
    func standing(_ s: SubscriptionStatus, records: StoreWorkingSet) -> String {
        guard records.isInFreeTrial(s), !s.willAutoRenew, !s.isFamilyShared else { return summary(s) }
        return Strings.english.store.freeTrialWillEnd(times.dateTime(s.expiresDate))
    }

    /// "$2.99/month from the renewal on DATE": the new price a price increase agreed to
    /// charges, and the renewal it starts at; nil with none agreed or no renewal to come.
    func agreedPrice(_ s: SubscriptionStatus, records: StoreWorkingSet) -> String? {
        guard s.priceIncreaseStatus == .agreed, s.willAutoRenew, let price = records.increasedPrice(of: s, catalog: catalog) else { return nil }
        return Strings.english.store.priceFromRenewal(charge(price, of: s.autoRenewProductID), times.dateTime(s.expiresDate))
    }

    /// While a free trial runs, in the screens' words: "Free trial until DATE, then $4.99/month"
    /// (renewing to its plan), "Free trial until DATE, then Lite Monthly (id) at $1.99/month" (to
    /// another), "Free trial ends DATE" (auto-renew off).
    func freeTrial(_ s: SubscriptionStatus, records: StoreWorkingSet) -> String? {
        guard records.isInFreeTrial(s) else { return nil }
        let day = times.dateTime(s.expiresDate)
        // A family member's reads as the screens', shared (`summary`).
        guard s.willAutoRenew || !s.isFamilyShared else { return nil }
        guard s.willAutoRenew else { return Strings.english.store.freeTrialEnds(day) }
        guard s.autoRenewProductID == s.productID else {
            // Another plan from the renewal: at an offer code's terms where one waits for it.
            var charge = listCharge(s.autoRenewProductID) ?? ""
            if let terms = records.nextRenewal(of: s, catalog: catalog), terms.productID == s.autoRenewProductID, let price = terms.price,
               let offer = Strings.english.renewalOffer(terms, price: settings.appStoreStorefront.format(price, locale: settings.locale)) {
                charge = charge.isEmpty ? offer.terms : Strings.english.sheet.offerThen(offer.terms, charge)
            }
            return Strings.english.store.freeTrialThenPlan(day, plan(s.autoRenewProductID), charge)
        }
        let then = planCharge(s, records: records)
        return "Free trial until \(day)" + (then.map { ", then \($0)" } ?? "")
    }

    /// "$1.99/month": what the store charges for `productID` now, where the account is.
    private func listCharge(_ productID: String) -> String? {
        guard let entry = catalog.product(productID),
              let product = Product(entry, storefront: settings.appStoreStorefront, locale: settings.locale) else { return nil }
        return product.subscriptionPeriod.map { Strings.english.sheet.perPeriod(product.formattedPrice, $0) } ?? product.formattedPrice
    }

    /// "Renews DATE · $0.99/month for 2 months, then $4.99/month", while the renewal goes on
    /// with a pay-as-you-go offer (`StoreWorkingSet.nextRenewal`), in the screens' words.
    func offerRenewal(_ s: SubscriptionStatus, records: StoreWorkingSet) -> String? {
        guard s.state == .subscribed, s.willAutoRenew, let terms = records.nextRenewal(of: s, catalog: catalog),
              let price = terms.price,
              let offer = Strings.english.renewalOffer(terms, price: settings.appStoreStorefront.format(price, locale: settings.locale))
        else { return nil }
        return Strings.english.renewsAtOffer(times.dateTime(s.expiresDate), offer: offer, then: planCharge(s, records: records))
    }

    /// "$4.99/month": what `s`'s plan charges per period (`StoreWorkingSet.periodPrice`).
    private func planCharge(_ s: SubscriptionStatus, records: StoreWorkingSet) -> String? {
        records.periodPrice(of: s, catalog: catalog).map { charge($0, of: s.productID) }
    }

    /// "$4.99/month": `price` for each period of the plan `productID`, where the account is.
    private func charge(_ price: Decimal, of productID: String) -> String {
        let amount = settings.appStoreStorefront.format(price, locale: settings.locale)
        return catalog.product(productID)?.subscription.map { Strings.english.sheet.perPeriod(amount, $0.period) } ?? amount
    }

    /// "autoRenewDisabled: auto-renew was off": StoreKit's name, then what it means.
    func reason(_ r: ExpirationReason) -> String {
        let meaning = switch r {
        case .autoRenewDisabled: "auto-renew was off"
        case .billingError: "the payment kept failing"
        case .didNotConsentToPriceIncrease: "the price increase was not agreed to"
        case .productUnavailable: "the plan was not for sale at the renewal"
        case .unknown: "ended by the store"
        }
        return "\(r.rawValue): \(meaning)"
    }

    /// One group's block: its name, then the status line by line (or that there is none).
    func block(group: SubscriptionGroup, status: SubscriptionStatus?, records: StoreWorkingSet) -> [String] {
        var lines = ["\(group.displayName(for: settings.locale)) (group \(group.id))"]
        guard let s = status else {
            let plans = catalog.subscriptions(in: group.id).map(\.id).joined(separator: ", ")
            return lines + ["  none: never subscribed (plans: \(plans))"]
        }
        func row(_ label: String, _ value: String) { lines.append("  \(label.padding(toLength: 15, withPad: " ", startingAt: 0))\(value)") }
        row("plan", plan(s.productID))
        row("state", "\(s.state.rawValue): \(freeTrial(s, records: records) ?? offerRenewal(s, records: records) ?? summary(s))")
        row("access", s.givesAccess ? "yes\(s.accessEndDate.map { " until \(times.dateTime($0))" } ?? "")" : "no")
        row("auto-renew", s.willAutoRenew ? "on" : "off")
        let ended = s.state == .expired || s.state == .revoked
        if s.autoRenewProductID != s.productID, !ended {
            // With auto-renew off there is no renewal for the change to wait for: it is off too,
            // until auto-renew is on again.
            row("plan change", s.willAutoRenew ? "\(plan(s.autoRenewProductID)) from the next renewal (\(times.dateTime(s.expiresDate)))"
                : "\(plan(s.autoRenewProductID)): cancelled with auto-renew (turning auto-renew on renews as it)")
        }
        switch s.priceIncreaseStatus {
        case .noIncreasePending: break
        case .pending:
            let answers = ["agree-price", "decline-price"].map { CommandLineHint.command("\($0) \(s.autoRenewProductID)") }
            row("price increase", "pending: the subscriber has not agreed (\(answers.joined(separator: " or ")))")
        case .agreed:
            row("price increase", "agreed: " + (agreedPrice(s, records: records) ?? "the next renewal is at the new price"))
        }
        row("since", "\(times.dateTime(s.recentSubscriptionStartDate)) (original transaction \(s.originalTransactionID), latest \(s.latestTransactionID))")
        return lines
    }

    /// One event on one line: id, store time, kind, account, product, transaction, details.
    func line(_ e: StoreEvent) -> String {
        var parts = ["\(e.id)", times.dateTime(e.date), e.kind.rawValue]
        if let account = e.account { parts.append(account) }
        if let product = e.productID { parts.append(product) }
        if let id = e.transactionID { parts.append("txn \(id)") }
        let details = self.details(e)
        if !details.isEmpty { parts.append(details.joined(separator: ", ")) }
        return parts.joined(separator: "  ")
    }

    private func details(_ e: StoreEvent) -> [String] {
        let d = e.details
        var out: [String] = []
        // A first subscription or a resubscribe; a downgrade's is said by its plan change.
        if let subtype = d.subtype, subtype.rawValue != d.planChange?.rawValue { out.append(subtype.rawValue) }
        // The offer the transaction it made used (a free trial, a code's price).
        if let t = e.transaction, t.id == e.transactionID, let offer = t.offer {
            out.append("\(offer.type.rawValue) offer\(offer.id.map { " \($0)" } ?? "") (\(offer.paymentMode.rawValue) \(offer.period))")
        }
        if let reason = d.expirationReason { out.append(self.reason(reason)) }
        if let from = d.fromProductID, let to = d.toProductID {
            out.append("\(d.planChange.map { "\($0.rawValue) " } ?? "")\(from) → \(to)")
        }
        if let price = d.price { out.append("\(price)\(d.currency.map { " \($0)" } ?? "")\(d.storefront.map { " in \($0)" } ?? "")") }
        if let refund = d.refundedAmount, refund > 0 { out.append("refunded \(refund)\(d.currency.map { " \($0)" } ?? "")") }
        if let grace = d.gracePeriodExpiresDate { out.append("grace until \(times.dateTime(grace))") }
        if let expires = d.expiresDate { out.append("expires \(times.dateTime(expires))") }
        if let error = d.error { out.append("\(error.name): \(error.message)") }
        if let type = d.revocationType {
            // A family revocation refunds nothing: no percentage.
            out.append(type == .familyRevoke ? type.rawValue : "\(type.rawValue) \(Refund.percentText(d.revocationPercentage ?? Refund.fullPercentage))")
        }
        if let reason = d.revocationReason { out.append("reason \(reason.rawValue)") }
        if let reason = d.refundRequestReason { out.append("asked: \(reason.argument)") }
        return out
    }
}

extension StoreWorkingSet {
    /// Every subscription group of the catalog, with the signed-in account's status in it (its
    /// own, else one a family member shares with it).
    func groupStatuses(catalog: Catalog) -> [(group: SubscriptionGroup, status: SubscriptionStatus?)] {
        catalog.subscriptionGroups.map { group in (group, visibleStatus(inGroup: group.id, catalog: catalog)) }
    }
}
