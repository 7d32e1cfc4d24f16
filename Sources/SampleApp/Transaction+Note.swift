import AppStoreCore
import Wording

/// What a log line adds in parentheses to a transaction update: what kind it is and whether it
/// reaches this launch from the last run. The one rule the storefront's log, its full log,
/// `state` and the command line's output share (the command line's in English).
extension Transaction {
    /// `atLaunch`: the last run left it in the queue (`PaymentQueue.wasRedelivered`).
    /// `cancelledAtLaunch`: a purchase sheet the last run left open, cancelled by this launch
    /// (`PaymentQueue.wasCancelledAtLaunch`).
    public func note(atLaunch: Bool, cancelledAtLaunch: Bool = false, strings: Strings = .english) -> String? {
        let log = strings.log
        if cancelledAtLaunch { return log.cancelledAtLaunch }
        // Answered from outside while the app was closed: news, not a redelivery.
        if atLaunch, let answer = answerFromOutside(strings) { return log.deliveredAtLaunch(answer) }
        var parts: [String] = []
        switch queueState.state {
        case .deferred:
            // Dropped by the store: waiting no more (an earlier line, read from the history).
            parts.append(hasLapsed ? log.lapsed : atLaunch ? log.stillWaiting : strings.store.waitingForApproval)
        case .purchased:
            if let kind = kindLabel(strings) { parts.append(kind) }
            if isFamilyShared { parts.append(strings.family.sharedNote) }
        case .restored:
            if isFamilyShared { parts.append(strings.family.sharedNote) }
        case .purchasing, .failed:
            break
        }
        if atLaunch { parts.append(log.redeliveredAtLaunch) }
        return parts.isEmpty ? nil : parts.joined(separator: log.noteSeparator)
    }

    /// What a listing of transactions (`state`, the full log) adds after one's columns, each
    /// after two spaces: what kind it is, when not a plain purchase, and whose, when not
    /// `signedIn`'s (it waits for that account to sign in).
    public func remarks(signedIn: String?, strings: Strings = .english) -> String {
        var text = kindLabel(strings).map { "  \($0)" } ?? ""
        if isFamilyShared { text += "  \(strings.family.sharedNote)" }
        // The store dropped it: nobody answered within 24 hours.
        if hasLapsed { text += "  \(strings.log.lapsed)" }
        if let account, account != signedIn { text += "  \(strings.log.otherAccount(account))" }
        return text
    }

    /// An Ask to Buy request approved or declined, an interrupted purchase resolved, a
    /// purchase made outside the app, or a family member's shared: what happened elsewhere, which the app has not seen when
    /// it was closed at the time.
    private func answerFromOutside(_ strings: Strings) -> String? {
        switch queueState.state {
        case .purchased where queueState.requestDate != nil && reason == .purchase: strings.log.approved
        case .purchased where reason == .resolution: TransactionReason.resolution.label(strings)
        case .purchased where reason == .outsideApp: kindLabel(strings)
        case .purchased where isFamilyShared: strings.family.sharedNote
        case .failed where queueState.error == .declined: strings.log.declined
        default: nil
        }
    }
}

extension Transaction {
    /// How a log names what kind of transaction it is, when not a plain purchase: its reason,
    /// or the offer code redeemed (in the App Store, so outside the app).
    func kindLabel(_ strings: Strings) -> String? {
        if reason == .outsideApp, let code = offer, code.type == .code { return strings.log.offerCode(code.id ?? "") }
        if reason == .renewal, let code = offer, code.type == .code { return strings.log.renewalAtOfferCode(code.id ?? "") }
        return reason?.label(strings)
    }
}

extension TransactionReason {
    /// How a log names the kinds that are not a plain purchase.
    public func label(_ strings: Strings = .english) -> String? {
        switch self {
        case .purchase: nil
        case .renewal: strings.log.renewal
        case .redownload: strings.log.redownload
        case .resolution: strings.log.resolution
        case .outsideApp: strings.log.outsideApp
        }
    }
}
