import AppStoreCore

/// An offer as `expect subscription … offer` names it, as App Store Connect sorts them: an
/// introductory offer by its payment mode (freeTrial, payAsYouGo, payUpFront, or any of them:
/// introductory), any other by its type (StoreKit's `Transaction.Offer.OfferType`).
public enum SubscriptionOfferKind: String, CaseIterable, Sendable {
    case freeTrial, payAsYouGo, payUpFront, introductory, code, promotional, winBack

    /// The offer `t` was bought with, most precisely (an introductory offer's payment mode,
    /// another's type); nil: none. A free trial bought before offers were kept is one too.
    public static func of(_ t: Transaction) -> SubscriptionOfferKind? {
        guard let offer = t.offer else { return t.isTrialPeriod == true ? .freeTrial : nil }
        switch offer.type {
        case .introductory:
            switch offer.paymentMode {
            case .freeTrial: return .freeTrial
            case .payAsYouGo: return .payAsYouGo
            case .payUpFront: return .payUpFront
            }
        case .promotional: return .promotional
        case .code: return .code
        case .winBack: return .winBack
        }
    }

    /// Whether an offer of `kind` is one of this kind: introductory takes each payment mode.
    public func includes(_ kind: SubscriptionOfferKind) -> Bool {
        self == kind || self == .introductory && [.freeTrial, .payAsYouGo, .payUpFront].contains(kind)
    }
}
