import Foundation
import SampleApp
import AppStoreCore

/// The store's events the app's queue does not tell (no transaction comes with them): a line
/// in the log, stamped with the event's store time, and, for what the store did from
/// elsewhere (another terminal's `storefront expire`, `auto-renew`, store time running on), a
/// banner. Renewals and purchases are not told here: the queue's updates tell them.
extension AppState {
    /// The signed-in account's events among those read, as the actions that tell them: a
    /// request the store dropped after 24 hours unanswered (`requestLapsed`: the app hears
    /// nothing of it, the log does), anything else as news (`storeEvent`).
    func parts(ofEvents events: [StoreEvent], signedIn account: String?, fromElsewhere: Bool, at date: Date) -> [Action] {
        events.filter { $0.account == nil || $0.account == account }.compactMap { event in
            guard event.kind == .askToBuyLapsed else { return .storeEvent(event, fromElsewhere: fromElsewhere, at: date) }
            // The request as the lapse left it, kept with the event.
            guard let t = event.transaction, t.hasLapsed else { return nil }
            return .requestLapsed(t)
        }
    }

    mutating func tell(_ event: StoreEvent, fromElsewhere: Bool, at date: Date) {
        guard let text = newsLine(event) else { return }
        log.append(LogLine(date: event.date, text: text, tint: .muted))
        // Auto-renew off as a purchase outside the app chose it: the purchase's banner says so.
        if event.kind == .autoRenewDisabled, var bought = banner, let latest = event.subscription?.latestTransactionID,
           bought.transactionID == latest, let expires = event.details.expiresDate {
            bought.text += strings.messages.boughtNotRenewing(localDate(expires))
            banner = bought
            return
        }
        // A cleared history empties the transactions the screens show: said wherever it was done.
        // The Transaction Manager covers the log: what its actions did is said over its keys.
        let inManager = if case .transactions = mode { true } else { false }
        let said: (String, Tint)?
        // A code for the next renewal reaches the app as nothing else: the banner is its only answer.
        if fromElsewhere || event.kind == .purchaseHistoryCleared || event.kind == .offerRedeemed || inManager, let news = newsBanner(event) {
            said = news
        } else {
            said = inManager ? (text, .accent) : nil
        }
        guard let (words, tint) = said else { return }
        banner = Banner(transactionID: event.transactionID ?? "", text: words, tint: tint,
                        expires: date + Banner.duration * snapshot.settings.timeRate.factor)
    }

    private func newsLine(_ event: StoreEvent) -> String? {
        let words = strings.messages
        let name = title(of: event.productID ?? "")
        let details = event.details
        switch event.kind {
        case .expired:
            return words.expired(name, words.reason(details.expirationReason ?? .unknown))
        case .autoRenewDisabled where declinesPriceIncrease(event):
            return details.expiresDate.map { words.priceIncreaseDeclined(title(of: event.subscription?.autoRenewProductID ?? ""), times.dateTime($0)) }
        case .autoRenewDisabled where event.subscription.map { snapshot.freeTrialGroups.contains($0.groupID) } == true:
            // During a free trial: it ends then, and nothing is charged.
            return details.expiresDate.map { words.freeTrialAutoRenewOff(name, times.dateTime($0)) }
        case .autoRenewDisabled:
            return details.expiresDate.map { words.autoRenewOff(name, times.dateTime($0)) }
        case .autoRenewEnabled:
            return details.expiresDate.map { words.autoRenewOn(name, times.dateTime($0)) }
        case .renewalFailed:
            return details.gracePeriodExpiresDate.map { words.renewalFailedInGrace(name, times.dateTime($0)) } ?? words.renewalFailed(name)
        case .gracePeriodExpired:
            return words.graceEnded(name)
        case .recovered:
            return words.recovered(name)
        case .renewalPreferenceChanged:
            return details.toProductID.map { words.renewsTo(title(of: details.fromProductID ?? event.productID ?? ""), title(of: $0)) }
        case .offerRedeemed where event.transactionID != nil:
            // An upgrade at once: its own line (`upgraded`) and the queue's update tell it.
            return nil
        case .offerRedeemed:
            let plan = title(of: details.toProductID ?? event.productID ?? "")
            return details.expiresDate.map { words.offerCodeAtRenewal(plan, amount(details.price, details), times.dateTime($0)) }
        case .upgraded:
            let from = title(of: details.fromProductID ?? "")
            let said = details.planChange == .crossgrade ? words.switched : words.upgraded
            return said(from, title(of: details.toProductID ?? event.productID ?? ""), amount(details.refundedAmount ?? 0, details))
        case .priceIncreasePending:
            return words.priceIncreasePending(name, charge(details, of: event.productID))
        case .priceIncreaseAgreed:
            return words.priceIncreaseAgreed(name, charge(details, of: event.productID))
        case .priceIncreased:
            return words.priceIncreased(name, charge(details, of: event.productID))
        case .refunded:
            let percentage = details.revocationPercentage ?? Refund.fullPercentage
            let kind = percentage >= Refund.fullPercentage ? words.refundFull : words.refundProrated(Refund.percentText(percentage))
            let reason = details.revocationReason == .developerIssue ? words.reasonDeveloperIssue : words.reasonOther
            return words.refundedNews(name, kind, reason)
        case .transactionDeleted:
            return words.transactionDeleted(event.transactionID ?? "", name)
        case .purchaseHistoryCleared:
            return words.purchaseHistoryCleared
        case .refundDeclined:
            return strings.refunds.declinedNews(name)
        case .refundRequested,
             .purchased, .subscribed, .renewed, .askToBuyRequested, .askToBuyApproved, .askToBuyDeclined,
             .askToBuyLapsed, .purchaseFailed, .resolved, .restored, .purchaseIntent,
             .familyJoined, .familyLeft, .familySharingOn, .familySharingOff, .familyShared, .familyRevoked:
            // Told by the queue's updates (a lapse: by `requestLapsed`, with its quantity; a
            // promoted purchase: by `shouldAddStorePayment`; a refund request: by the sheet's answer; Family Sharing: by its updates and revocations,
            // and the family's own commands).
            return nil
        }
    }

    private func newsBanner(_ event: StoreEvent) -> (String, Tint)? {
        let words = strings.messages
        let name = title(of: event.productID ?? "")
        switch event.kind {
        case .expired: return (words.expiredBanner(name), .danger)
        case .autoRenewDisabled where declinesPriceIncrease(event):
            let plan = title(of: event.subscription?.autoRenewProductID ?? "")
            return (words.priceIncreaseDeclinedBanner(plan, event.details.expiresDate.map(localDate) ?? "—"), .warning)
        case .autoRenewDisabled: return (words.autoRenewOffBanner(name), .warning)
        case .transactionDeleted: return (words.transactionDeletedBanner(event.transactionID ?? "", name), .success)
        case .autoRenewEnabled: return (words.autoRenewOnBanner(name), .success)
        case .renewalFailed, .gracePeriodExpired: return (words.billingProblemBanner(name), .danger)
        case .recovered: return (words.recoveredBanner(name), .success)
        case .priceIncreasePending, .priceIncreased:
            // The new price starts at the plan's next renewal, where its period ends.
            let day = event.subscription?.expiresDate ?? event.details.expiresDate
            return (words.priceIncreaseBanner(name, charge(event.details, of: event.productID), day.map(localDate) ?? "—"), .warning)
        case .purchaseHistoryCleared: return (words.purchaseHistoryClearedBanner, .warning)
        case .offerRedeemed where event.transactionID == nil:
            let plan = title(of: event.details.toProductID ?? event.productID ?? "")
            return (words.offerCodeAtRenewalBanner(plan, event.details.expiresDate.map(localDate) ?? "—"), .success)
        default: return nil
        }
    }

    /// A plan's price an event names, per the plan's period: "$2.99/month".
    private func charge(_ details: StoreEventDetails, of productID: String?) -> String {
        let price = amount(details.price, details)
        guard details.price != nil, let period = productID.flatMap({ catalog.product($0)?.subscription?.period }) else { return price }
        return strings.sheet.perPeriod(price, period)
    }

    /// Auto-renew turned off by declining the price increase that waited (as Xcode declines
    /// it): the status before (the snapshot, not yet made again) waited for consent, and the
    /// change left nothing waiting.
    private func declinesPriceIncrease(_ event: StoreEvent) -> Bool {
        guard let after = event.subscription, after.priceIncreaseStatus == .noIncreasePending else { return false }
        return snapshot.subscriptions.contains {
            $0.originalTransactionID == after.originalTransactionID && $0.account == after.account && $0.priceIncreaseStatus == .pending
        }
    }

    /// A price an event names, as its storefront writes it.
    private func amount(_ price: Decimal?, _ details: StoreEventDetails) -> String {
        guard let price else { return "—" }
        guard let place = details.storefront.flatMap(AppStoreStorefront.named) else {
            return "\(price) \(details.currency ?? "")".trimmingCharacters(in: .whitespaces)
        }
        return place.format(price, locale: locale)
    }
}
