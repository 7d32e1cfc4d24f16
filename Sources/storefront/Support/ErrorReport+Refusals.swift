import AppStoreCore

// How the App Store's refusals read on the command line (`ErrorReport`): exit 64 or 4, with or
// without the command's usage line.

/// What a refusal of the App Store's side says about the command that met it.
enum RefusalKind {
    /// A value no request could carry (a price or percentage out of range): a usage error, its
    /// usage line after it, as a bad option value has.
    case badValue
    /// The command names what the store does not have (no such product, transaction or
    /// storefront): exit 64, but no usage line, since the command was typed as it is used; the
    /// message says where to list what there is.
    case namesNothing
    /// A well-formed command the store answers no: exit 4 with the refusal's name.
    case refused
}

extension StoreAdminError {
    /// What the refusal says about the command: only a value out of range or a name the store
    /// does not know is the command's fault; whatever the store answers about what it has (a
    /// product the operation does not apply to, an offer code that is not valid, no refund
    /// asked for) is a refusal, as the App Store answers it.
    var kind: RefusalKind {
        switch self {
        case .invalidPrice, .invalidRefundPercentage:
            .badValue
        case .noSuchTransaction, .noSuchProduct, .unknownStorefront:
            .namesNothing
        case .notDeferred, .notInterrupted, .lapsed, .notSubscribed, .subscriptionExpired, .inBillingRetry, .noBillingIssue,
             .noPriceIncreasePending, .alreadyPurchased, .offerCodeWhileSubscribed, .offerCodeNotEligible, .offerCodeAlreadyRedeemed,
             .introductoryOfferUnavailable, .changesAtRenewal,
             .notCompletedPurchase, .alreadyRefunded, .notFinished, .signedOut, .otherAccountsPurchase,
             .refundAlreadyRequested, .refundRequestAnswered, .periodEnded,
             .notAutoRenewable, .notSoldIn, .noSuchOfferCode, .noIntroductoryOffer, .noSuchBillingPlan, .consumableProrated, .noRefundRequest,
             .proratedByTimeLeft, .noPeriodToProrate, .samePrice:
            .refused
        }
    }
}

extension FamilyError {
    /// Every refusal of Family Sharing is the families' answer to a well-formed request, a
    /// product Family Sharing never shares included.
    var kind: RefusalKind { .refused }
}
