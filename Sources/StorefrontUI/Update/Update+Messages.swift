import Foundation
import SampleApp
import AppStoreCore

/// StoreKit's messages: a subscription whose renewal failed (Billing Problem) or whose price
/// increase waits for consent shows its message when the storefront opens, and when the cause
/// begins while it is open, once the store screen is in front. Its button acts through the
/// store; dismissed, it waits for the next launch.
extension AppState {
    /// Queues the messages whose cause began between the statuses `old` and `new` (at launch
    /// `old` is empty: every cause there is begins), and closes the one in front once its cause
    /// is gone (fixed or agreed to from another terminal).
    mutating func followMessages(from old: [SubscriptionStatus], to new: [SubscriptionStatus]) {
        if case .alert(let alert) = mode, case .message(let message) = alert.kind, !message.stillApplies(to: new) {
            mode = .store
        }
        for status in new {
            let before = old.first { $0.account == status.account && $0.groupID == status.groupID }
            let had = before.map(StoreMessage.messages(for:)) ?? []
            for message in StoreMessage.messages(for: status) where !had.contains(where: { $0.reason == message.reason }) {
                guard !pendingMessages.contains(where: { $0.groupID == message.groupID && $0.reason == message.reason }) else { continue }
                pendingMessages.append(message)
            }
        }
    }

    /// The message in front read again from the store as it is now: in the screen's language
    /// (the locale may have changed from another terminal), with where the subscription stands.
    /// Its focus stays where it was.
    mutating func refreshMessageInFront() {
        guard case .alert(let alert) = mode, case .message(let message) = alert.kind,
              let status = snapshot.subscriptions.first(where: { $0.groupID == message.groupID }) else { return }
        var fresh = messageAlert(message, status: status)
        fresh.focus = alert.focus
        mode = .alert(fresh)
    }

    /// Shows the first message still called for, once nothing else is in front. With the App
    /// Store's dialogs off none is shown: the log says so.
    mutating func presentPendingMessage() {
        guard case .store = mode else { return }
        while !pendingMessages.isEmpty {
            let message = pendingMessages.removeFirst()
            guard message.stillApplies(to: snapshot.subscriptions),
                  let status = snapshot.subscriptions.first(where: { $0.groupID == message.groupID }) else { continue }
            guard snapshot.settings.dialogs else {
                let words = strings.messages
                let name = title(of: status.productID)
                let text = message.reason == .billingIssue ? words.billingProblemNotShown(name) : words.priceIncreaseNotShown(name)
                log.append(LogLine(date: now, text: text, tint: .muted))
                continue
            }
            mode = .alert(messageAlert(message, status: status))
            return
        }
    }

    /// The message's button: the user updates the payment method, or agrees to the new price,
    /// of the signed-in account's subscription in the message's group.
    func answer(_ message: StoreMessage) -> [Effect] {
        guard let id = snapshot.subscription(inGroup: message.groupID)?.originalTransactionID else { return [] }
        return switch message.reason {
        case .billingIssue: [.perform(.fixBilling(originalTransactionID: id))]
        case .priceIncreaseConsent: [.perform(.agreeToPriceIncrease(originalTransactionID: id))]
        }
    }
}
