import AppStoreCore

/// An offer's payment mode under the App Store Server API's name for it (`offerDiscountType`
/// in `JWSTransactionDecodedPayload` and `JWSRenewalInfoDecodedPayload`), which a server
/// developer's code matches on.
extension SubscriptionOffer.PaymentMode {
    package var offerDiscountType: String {
        switch self {
        case .freeTrial: "FREE_TRIAL"
        case .payAsYouGo: "PAY_AS_YOU_GO"
        case .payUpFront: "PAY_UP_FRONT"
        }
    }
}
