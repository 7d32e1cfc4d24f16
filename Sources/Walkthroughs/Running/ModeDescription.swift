import StorefrontUI

/// What is in front, in words, for a step that needed something else there.
enum ModeDescription {
    static func of(_ state: AppState) -> String {
        switch state.mode {
        case .store: return "the store screen"
        case .sheet(let sheet):
            let title = state.title(of: sheet.productID)
            switch sheet.stage {
            case .confirm: return "the purchase sheet for \(title)"
            case .askPermission: return "the Ask Permission question for \(title)"
            case .purchasing where state.snapshot.awaitingSideButton != nil:
                return "the purchase sheet for \(title) waiting for the side button (key Enter)"
            case .purchasing: return "the purchase sheet for \(title), purchasing"
            case .interrupted: return "Review Updated Terms for \(title)"
            }
        case .refundRequest(let sheet): return "the refund request sheet for \(state.title(of: sheet.transaction.productID))"
        case .alert(let alert): return "the alert \"\(alert.title)\""
        case .content(let viewer):
            switch viewer.subject {
            case .item(let item): return "the content \"\(item.text(in: state.language).title)\""
            case .credits: return "Your Credits"
            case .subscription(let id): return "the subscription \(state.title(of: id))"
            }
        case .settings: return "the store conditions panel"
        case .approvals: return "the approvals panel"
        case .unconsumed: return "the unconsumed purchases panel"
        case .subscriptions:
            // Cancel Subscription's confirmation opens over it.
            return state.dialogTitle.map { "\(StepReader.quoted($0)) over Manage Subscriptions" } ?? "Manage Subscriptions"
        case .log: return "the full log"
        case .transactions: return "the Transaction Manager"
        case .redeemCode: return "the offer code sheet"
        case .help: return "the help overlay"
        case .restoring where state.snapshot.awaitingSideButton != nil:
            return "the restore waiting for the side button (key Enter)"
        case .restoring: return "the restore in progress"
        }
    }
}
