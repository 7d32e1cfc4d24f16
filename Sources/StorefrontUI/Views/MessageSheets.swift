import Foundation
import SampleApp
import AppStoreCore

/// The App Store's message sheets, drawn as the other dialogs are: the Billing Problem sheet
/// in Apple's words with where the subscription stands, and the price-increase consent sheet
/// with the new price and the renewal it applies from.
extension AppState {
    func messageAlert(_ message: StoreMessage, status: SubscriptionStatus) -> Alert {
        let words = strings.messages
        let name = title(of: status.productID)
        switch message.reason {
        case .billingIssue:
            let standing = status.state == .inGracePeriod
                ? words.inGraceUntil(name, localDate(status.gracePeriodExpiresDate ?? status.expiresDate))
                : words.inBillingRetry(name)
            // Apple's copy is the sheet; where the subscription stands and what Continue does
            // are the simulator's own note, set apart below it (dimmed).
            return Alert(kind: .message(message), title: words.billingProblemTitle,
                         message: words.billingProblemMessage, detail: "\(standing)\n\(words.continueFixes)",
                         buttons: [strings.alerts.close, words.continueButton])
        case .priceIncreaseConsent:
            let price = newPrice(of: status) ?? "—"
            return Alert(kind: .message(message), title: words.priceIncreaseTitle,
                         message: words.priceIncreaseMessage(title(of: status.autoRenewProductID), price, localDate(status.expiresDate)),
                         buttons: [strings.alerts.close, words.agreeToNewPrice])
        }
    }
}
