import AppStoreCore

// Which of the App Store's refusals are usage errors on the command line (`ErrorReport`).

extension StoreAdminError {
    /// The request names nothing the store has to act on (no such transaction, product,
    /// storefront, offer code or refund request) or asks what the operation never takes (a
    /// product of another type, a price or percentage out of range): the request is wrong,
    /// whatever the records hold. Any other refusal is the records' answer to a well-formed one.
    var namesNothing: Bool {
        switch self {
        case .noSuchTransaction, .noSuchProduct, .notAutoRenewable, .unknownStorefront, .notSoldIn, .invalidPrice,
             .noSuchOfferCode, .noIntroductoryOffer, .consumableProrated, .invalidRefundPercentage, .noRefundRequest:
            true
        case .notDeferred, .notInterrupted, .lapsed, .notSubscribed, .subscriptionExpired, .inBillingRetry, .noBillingIssue,
             .noPriceIncreasePending, .alreadyPurchased, .offerCodeWhileSubscribed, .introductoryOfferUnavailable,
             .notCompletedPurchase, .alreadyRefunded,
             .notFinished, .signedOut, .otherAccountsPurchase, .refundAlreadyRequested, .refundRequestAnswered, .periodEnded:
            false
        }
    }
}

extension FamilyError {
    /// A product Family Sharing never shares: the request is wrong, whatever the families are.
    /// Any other refusal is the families' answer to a well-formed request.
    var namesNothing: Bool {
        switch self {
        case .notShareable: true
        case .noAccount, .alreadyInFamily, .notInFamily, .familyFull, .sharedNotRefundable: false
        }
    }
}
