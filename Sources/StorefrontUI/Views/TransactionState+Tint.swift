import AppStoreCore

extension TransactionState {
    /// How the logs colour a transaction in this state.
    var tint: Tint? {
        switch self {
        case .purchased: .success
        case .failed: .danger
        case .deferred: .warning
        case .restored: .accent
        case .purchasing: nil
        }
    }
}
