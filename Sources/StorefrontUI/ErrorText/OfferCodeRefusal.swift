import AppStoreCore
import SampleApp
import Wording

/// How the App Store's offer code sheet tells a code it refuses: one sentence for the
/// customer, with no product id and no command (those are the command line's, `text`).
enum OfferCodeRefusal {
    static func text(_ error: any Error, _ strings: Strings) -> String {
        let words = strings.sheet
        if let error = error as? StoreError { return strings.errors.description(error) }
        guard let error = error as? StoreAdminError else { return words.codeUnavailable }
        return switch error {
        case .noSuchOfferCode: words.codeNotValid
        case .offerCodeWhileSubscribed: words.codeForNewSubscribers
        case .offerCodeNotEligible(_, let customer): customer == .new ? words.codeForSubscribers : words.codeNotForPreviousSubscribers
        case .offerCodeAlreadyRedeemed: words.codeAlreadyWaiting
        default: words.codeUnavailable
        }
    }
}
