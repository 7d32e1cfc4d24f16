/// Manage Subscriptions' rows as drawn, each by its title: the group's plans, then the actions
/// under them (Agree to New Price, Cancel Subscription or Cancel Free Trial, Resubscribe), and
/// the selected one. What a walkthrough's `choose "Pro Yearly"` looks for, so it moves the
/// selection and presses Enter as a person does.
public struct ManageSubscriptionsRows: Equatable, Sendable {
    public var titles: [String]
    public var selection: Int
}

extension AppState {
    /// Nil unless Manage Subscriptions is in front with nothing open over it; no titles when
    /// the app has no subscription group.
    public var manageSubscriptionsRows: ManageSubscriptionsRows? {
        guard case .subscriptions(let panel) = mode, panel.confirming == nil else { return nil }
        let plans = plans(inGroup: panel.groupID).map { title(of: $0) }
        let actions = panel.groupID.map { group in manageActions(inGroup: group).map { label(of: $0, inGroup: group) } } ?? []
        return ManageSubscriptionsRows(titles: plans + actions, selection: panel.selection)
    }

    /// An action's row as Manage Subscriptions words it. Resubscribe renews to the plan the
    /// renewal preference names: while a change to another plan waits, that plan, named so
    /// nobody expects the current one back (choosing the current plan's row puts it back instead).
    func label(of action: ManageAction, inGroup group: String) -> String {
        let words = strings.store
        switch action {
        case .agreeToNewPrice: return strings.messages.agreeToNewPrice
        case .cancel(let trial): return trial ? words.cancelFreeTrial : words.cancelSubscription
        case .resubscribe:
            guard let status = snapshot.subscription(inGroup: group), status.autoRenewProductID != status.productID else {
                return words.resubscribe
            }
            return words.resubscribeTo(title(of: status.autoRenewProductID))
        }
    }
}
