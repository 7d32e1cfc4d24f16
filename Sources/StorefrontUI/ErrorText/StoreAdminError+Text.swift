import SampleApp
import AppStoreCore
import Wording

extension StoreAdminError {
    /// What went wrong and where to look, with commands for this data directory.
    public func text(_ strings: Strings) -> String {
        let words = strings.queueErrors
        let pending = CommandLineHint.command("pending")
        return switch self {
        case .noSuchTransaction(let id): words.noSuchTransaction(id, CommandLineHint.command("state"))
        case .notDeferred(let id, let state): words.notDeferred(id, state, pending)
        case .lapsed(let id): words.lapsed(id)
        case .notInterrupted(let id): words.notInterrupted(id, pending)
        case .noSuchProduct(let id): words.noSuchProduct(id, CommandLineHint.command("products"))
        case .notAutoRenewable(let id): words.notAutoRenewable(id)
        case .notSubscribed(let id): words.notSubscribed(id)
        case .subscriptionExpired(let id): words.subscriptionExpired(id)
        case .inBillingRetry(let id): words.inBillingRetry(id)
        case .noBillingIssue(let id): words.noBillingIssue(id)
        case .noPriceIncreasePending(let id): words.noPriceIncreasePending(id)
        case .unknownStorefront(let id): words.unknownStorefront(id)
        case .notSoldIn(let id, let storefront): words.notSoldIn(id, storefront)
        case .invalidPrice(let price): words.invalidPrice(price)
        case .samePrice(let id, let price, let storefront): words.samePrice(id, price, storefront)
        case .alreadyPurchased(let id): words.alreadyPurchased(id)
        case .noSuchOfferCode(let code, let id): words.noSuchOfferCode(code, id, CommandLineHint.command("products"))
        case .offerCodeWhileSubscribed(let code, let id): words.offerCodeWhileSubscribed(code, id, CommandLineHint.command("expire \(id)"))
        case .offerCodeNotEligible(let code, let customer): customer == .new ? words.offerCodeNotForNew(code) : words.offerCodeNotForExpired(code)
        case .offerCodeAlreadyRedeemed(let code): words.offerCodeAlreadyRedeemed(code)
        case .noIntroductoryOffer(let id): words.noIntroductoryOffer(id, CommandLineHint.command("products"))
        case .noSuchBillingPlan(let plan, let id): words.noSuchBillingPlan(plan, id, CommandLineHint.command("products"))
        case .introductoryOfferUnavailable(let id, let subscribed):
            words.introductoryOfferUnavailable(id, subscribed.map { (plan: $0, expire: CommandLineHint.command("expire \($0)")) })
        case .changesAtRenewal(let id, let plan): words.changesAtRenewal(id, plan, CommandLineHint.command("auto-renew \(plan) off"))
        case .notCompletedPurchase(let id, let state): words.notCompletedPurchase(id, state)
        case .alreadyRefunded(let id): words.alreadyRefunded(id)
        case .notFinished(let id): words.notFinished(id)
        case .consumableProrated(let id): words.consumableProrated(id)
        case .periodEnded(let id): words.periodEnded(id)
        case .proratedByTimeLeft(let id): words.proratedByTimeLeft(id, RefundAsk.commandLine.timeLeft)
        case .noPeriodToProrate(let id): words.noPeriodToProrate(id, RefundAsk.commandLine.percentage)
        case .invalidRefundPercentage(let milli): words.invalidRefundPercentage(Refund.percentText(milli))
        case .signedOut: words.signedOut
        case .otherAccountsPurchase(let id): words.otherAccountsPurchase(id)
        case .refundAlreadyRequested(let id): words.refundAlreadyRequested(id)
        case .noRefundRequest(let id): words.noRefundRequest(id, pending)
        case .refundRequestAnswered(let id, let status): words.refundRequestAnswered(id, status.rawValue)
        }
    }
}
