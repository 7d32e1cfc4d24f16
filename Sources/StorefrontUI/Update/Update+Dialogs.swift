import Foundation
import SampleApp
import AppStoreCore

extension AppState {
    mutating func handleAlert(_ alert: Alert, _ key: Key) -> [Effect] {
        var alert = alert
        if case .signIn(let productID, let accounts, let chosen) = alert.kind,
           let account = Self.chosenAccount(chosen, count: accounts.count, key) {
            alert.kind = .signIn(productID: productID, accounts: accounts, chosen: account)
            mode = .alert(alert)
            return []
        }
        if let moved = Self.movedFocus(alert.focus, count: alert.buttons.count, key) {
            alert.focus = moved
            mode = .alert(alert)
            return []
        }
        switch key {
        case .enter, .char(" "): return press(alert, button: alert.focus)
        case .escape, .char("q"): return press(alert, button: 0)
        case .click(let x, let y):
            if let button = clickedButton(x: x, y: y) { return press(alert, button: button) }
            // A click on one of the Sign In prompt's accounts chooses it.
            let layout = Layout(width: width, height: height)
            if case .signIn(let productID, let accounts, _) = alert.kind, accounts.count > 1, let dialog = DialogModel(self),
               let account = accounts.firstIndex(where: { dialog.isClick(on: $0, x: x, y: y, layout: layout) }) {
                alert.kind = .signIn(productID: productID, accounts: accounts, chosen: account)
                mode = .alert(alert)
            }
        default: break
        }
        return []
    }

    /// The Sign In prompt, offering the accounts used on this store (the last used first).
    func signInAlert(then productID: String?) -> Alert {
        .signIn(then: productID, accounts: StoreCondition.signInAccounts(used: snapshot.accounts), strings: strings)
    }

    /// ↑↓ choose among the Sign In prompt's accounts, stopping at the ends as a list does.
    static func chosenAccount(_ chosen: Int, count: Int, _ key: Key) -> Int? {
        guard count > 1 else { return nil }
        switch key {
        case .up, .char("k"): return max(0, chosen - 1)
        case .down, .char("j"): return min(count - 1, chosen + 1)
        default: return nil
        }
    }

    /// The last button is the action (Delete, Sign In); any other dismisses.
    private mutating func press(_ alert: Alert, button: Int) -> [Effect] {
        mode = .store
        let confirmed = alert.buttons.count > 1 && button == alert.buttons.count - 1
        guard confirmed else {
            // The Sign In prompt's answer is logged either way, so the log tells the story in order.
            if case .signIn(let productID, _, _) = alert.kind {
                let log = strings.log
                return [.note(log.signInCancelled(productID.map { log.notBought(title(of: $0)) } ?? log.nothingRestored))]
            }
            return []
        }
        switch alert.kind {
        case .confirmDelete:
            return [.deleteAppData]
        case .signIn(let productID, let accounts, let chosen):
            var settings = snapshot.settings
            settings.account = accounts[chosen]
            let signedIn = Effect.note(strings.log.signedIn(settings.account ?? ""))
            // Signed in, the purchase or restore that asked for it goes on.
            guard let productID else {
                mode = .restoring([])
                return [.saveSettings(settings, changedFrom: snapshot.settings), signedIn, .restore]
            }
            return [.saveSettings(settings, changedFrom: snapshot.settings), signedIn] + presentSheet(productID)
        case .alreadyPurchased(let productID):
            // The store answers with a regular purchase at no charge, followed on the sheet.
            mode = followingPurchase(of: productID)
            return [.buy(productID: productID, quantity: 1)]
        case .message(let message):
            return answer(message)
        case .info, .success, .failure, .askToBuy:
            return []
        }
    }

    mutating func handleContent(_ viewer: ContentViewer, _ key: Key) -> [Effect] {
        var viewer = viewer
        // With no credits left there is nothing to spend: the viewer has only Close.
        let hasAction = viewer.buttons(credits: snapshot.credits, catalog: catalog, strings: strings).count > 1
        if hasAction, let moved = Self.movedFocus(viewer.focus, count: 2, key) {
            viewer.focus = moved
            mode = .content(viewer)
            return []
        }
        switch key {
        case .escape, .char("q"):
            mode = .store
        case .enter, .char(" "):
            if hasAction && viewer.focus == 1 { return act(on: viewer) }
            mode = .store
        case .click(let x, let y):
            guard let button = clickedButton(x: x, y: y) else { return [] }
            if hasAction && button == 1 { return act(on: viewer) }
            mode = .store
        default:
            break
        }
        return []
    }

    /// The viewer's second button: spend a credit, or buy a non-renewing subscription again.
    private mutating func act(on viewer: ContentViewer) -> [Effect] {
        switch viewer.subject {
        case .subscription(let id): return startPurchase(id)
        case .credits: return [.spendCredit]
        case .item: return []
        }
    }
}
