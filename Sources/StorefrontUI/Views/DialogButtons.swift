/// The buttons of the dialog in front and the focused one, as drawn: what a walkthrough's
/// `press "Buy"` looks for by label, so it moves the focus and presses as a person does.
public struct DialogButtons: Equatable, Sendable {
    public var labels: [String]
    public var focus: Int
}

extension AppState {
    /// Nil when no dialog is in front (the store screen, a panel with nothing open over it,
    /// the log). A confirmation opened over a panel is in front of it.
    public var dialogButtons: DialogButtons? {
        DialogModel.front(of: self).map { DialogButtons(labels: $0.buttons, focus: $0.focus) }
    }

    /// The title of the dialog in front, over a panel too, to say which one it is.
    public var dialogTitle: String? { DialogModel.front(of: self)?.title }
}

extension DialogModel {
    /// The dialog that takes the keys: one the state shows on its own, or one a panel opened
    /// over itself (Cancel Subscription's confirmation over Manage Subscriptions).
    static func front(of state: AppState) -> DialogModel? {
        if case .subscriptions(let panel) = state.mode { return CancelConfirmation(state, panel: panel)?.model }
        return DialogModel(state)
    }
}
