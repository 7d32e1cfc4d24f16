import StoreKitSim

/// What a log line adds in parentheses to a transaction update: what kind it is and whether it
/// reaches this launch from the last run. The one rule the storefront's log, its full log,
/// `state` and the command line's output share.
extension Transaction {
    /// `atLaunch`: the last run left it in the queue (`PaymentQueue.wasRedelivered`).
    /// `cancelledAtLaunch`: a purchase sheet the last run left open, cancelled by this launch
    /// (`PaymentQueue.wasCancelledAtLaunch`).
    public func note(atLaunch: Bool, cancelledAtLaunch: Bool = false) -> String? {
        if cancelledAtLaunch { return "left open when the app stopped: cancelled at launch" }
        // Answered from outside while the app was closed: news, not a redelivery.
        if atLaunch, let answer = answerFromOutside { return "\(answer), delivered at launch" }
        var parts: [String] = []
        switch state {
        case .deferred:
            parts.append(atLaunch ? "still waiting for approval" : "waiting for approval")
        case .purchased:
            if let kind = reason?.label { parts.append(kind) }
        case .purchasing, .failed, .restored:
            break
        }
        if atLaunch { parts.append("redelivered at launch") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// What a listing of transactions (`state`, the full log) adds after one's columns, each
    /// after two spaces: what kind it is, when not a plain purchase, and whose, when not
    /// `signedIn`'s (it waits for that account to sign in).
    public func remarks(signedIn: String?) -> String {
        var text = reason?.label.map { "  \($0)" } ?? ""
        // The store dropped it: nobody answered within 24 hours.
        if hasLapsed { text += "  lapsed unanswered" }
        if let account, account != signedIn { text += "  account \(account)" }
        return text
    }

    /// An Ask to Buy request approved or declined, or an interrupted purchase resolved: what
    /// someone else decided, which the app has not seen when it was closed at the time.
    private var answerFromOutside: String? {
        switch state {
        case .purchased where requestDate != nil && reason == .purchase: "approved"
        case .purchased where reason == .resolution: TransactionReason.resolution.label
        case .failed where error == .declined: "declined"
        default: nil
        }
    }
}

extension TransactionReason {
    /// How a log names the kinds that are not a plain purchase.
    public var label: String? {
        switch self {
        case .purchase: nil
        case .renewal: "renewal"
        case .redownload: "re-downloaded at no charge"
        case .resolution: "interruption resolved"
        }
    }
}
