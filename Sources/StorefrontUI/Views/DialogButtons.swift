/// The buttons of the dialog in front and the focused one, as drawn: what a walkthrough's
/// `press "Buy"` looks for by label, so it moves the focus and presses as a person does.
public struct DialogButtons: Equatable, Sendable {
    public var labels: [String]
    public var focus: Int
}

extension AppState {
    /// Nil when no dialog is in front (the store screen, a panel, the log).
    public var dialogButtons: DialogButtons? {
        DialogModel(self).map { DialogButtons(labels: $0.buttons, focus: $0.focus) }
    }
}
