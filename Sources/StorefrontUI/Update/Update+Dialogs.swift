import Foundation
import SampleApp
import StoreKitSim

extension AppState {
    mutating func handleAlert(_ alert: Alert, _ key: Key) -> [Effect] {
        var alert = alert
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
        default: break
        }
        return []
    }

    /// The last button is the action (Delete, Sign In); any other dismisses.
    private mutating func press(_ alert: Alert, button: Int) -> [Effect] {
        mode = .store
        let confirmed = alert.buttons.count > 1 && button == alert.buttons.count - 1
        guard confirmed else {
            // The Sign In prompt's answer is logged either way, so the log tells the story in order.
            if case .signIn(let productID) = alert.kind {
                let log = strings.log
                return [.note(log.signInCancelled(productID.map { log.notBought(title(of: $0)) } ?? log.nothingRestored))]
            }
            return []
        }
        switch alert.kind {
        case .confirmDelete:
            return [.deleteAppData]
        case .signIn(let productID):
            var settings = snapshot.settings
            settings.account = Settings().account
            let signedIn = Effect.note(strings.log.signedIn(settings.account ?? ""))
            // Signed in, the purchase or restore that asked for it goes on.
            guard let productID else {
                mode = .restoring([])
                return [.saveSettings(settings), signedIn, .restore]
            }
            return [.saveSettings(settings), signedIn] + presentSheet(productID)
        case .alreadyPurchased(let productID):
            // The store answers with a regular purchase at no charge, followed on the sheet.
            mode = followingPurchase(of: productID)
            return [.buy(productID: productID, quantity: 1)]
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
