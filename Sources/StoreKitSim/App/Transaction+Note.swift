/// What a log line adds in parentheses to a transaction update: what kind it is and whether it
/// reaches this launch from the last run. The one rule the storefront's log, its full log,
/// `state` and the command line's output share.
extension Transaction {
    /// `atLaunch`: the last run left it in the queue (`PaymentQueue.wasRedelivered`).
    public func note(atLaunch: Bool) -> String? {
        var parts: [String] = []
        switch state {
        case .deferred:
            parts.append(atLaunch ? "still waiting for approval" : "waiting for approval")
        case .purchased:
            if let kind = reason?.label { parts.append(kind) }
            // Asked for last run and approved while the app was closed: news, not a redelivery.
            if atLaunch, requestDate != nil, reason == .purchase { return "approved, delivered at launch" }
        case .purchasing, .failed, .restored:
            break
        }
        if atLaunch { parts.append("redelivered at launch") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
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
