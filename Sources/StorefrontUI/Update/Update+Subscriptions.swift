import Foundation
import SampleApp
import AppStoreCore

extension AppState {
    /// Opens Manage Subscriptions on `groupID`, its current plan selected; with its StoreKit
    /// error chosen, StoreKit's error shows instead (as `showManageSubscriptions` throws it).
    mutating func openManageSubscriptions(_ groupID: String?) {
        if let error = snapshot.settings.failures[.manageSubscriptions] {
            mode = .alert(failure(strings.alerts.manageSubscriptionsFailed, error.storeError))
            return
        }
        var panel = ManageSubscriptionsPanel(groupID: groupID)
        let current = groupID.flatMap { snapshot.subscription(inGroup: $0)?.productID }
        panel.selection = plans(inGroup: groupID).firstIndex { $0 == current } ?? 0
        mode = .subscriptions(panel)
    }

    mutating func handleManageSubscriptions(_ panel: ManageSubscriptionsPanel, _ key: Key) -> [Effect] {
        var panel = panel
        let layout = Layout(width: width, height: height)
        if let focus = panel.confirming {
            if let moved = Self.movedFocus(focus, count: 2, key) {
                panel.confirming = moved
                mode = .subscriptions(panel)
                return []
            }
            var button: Int?
            switch key {
            case .enter, .char(" "): button = focus
            case .escape, .char("q"): button = 0
            case .click(let x, let y):
                guard let dialog = CancelConfirmation(self, panel: panel) else { return [] }
                button = Layout.buttons(dialog.model.buttons, in: dialog.model.box(in: layout)).firstIndex { $0.contains(x: x, y: y) }
            default: break
            }
            guard let button else { return [] }
            panel.confirming = nil
            mode = .subscriptions(panel)
            guard button == 1, let status = panel.groupID.flatMap(snapshot.subscription(inGroup:)) else { return [] }
            return [.perform(.autoRenew(originalTransactionID: status.originalTransactionID, on: false))]
        }
        let count = ManageSubscriptionsGeometry(self, panel: panel, layout: layout).rowCount
        switch key {
        case .escape, .char("q"), .char("m"):
            mode = .store
            return []
        case .up, .char("k"): panel.selection = max(0, panel.selection - 1)
        case .down, .char("j"): panel.selection = min(max(0, count - 1), panel.selection + 1)
        case .home, .char("g"): panel.selection = 0
        case .end, .char("G"): panel.selection = max(0, count - 1)
        case .enter, .char(" "): return choose(panel.selection, in: panel)
        case .click(_, let y):
            // A click does what Enter does on the row it is on.
            guard let row = ManageSubscriptionsGeometry(self, panel: panel, layout: layout).row(atY: y) else { return [] }
            panel.selection = row
            mode = .subscriptions(panel)
            return choose(row, in: panel)
        default: return []
        }
        mode = .subscriptions(panel)
        return []
    }

    /// A plan: change to it (the purchase sheet says how), or back to it while a change to
    /// another waits, or turn auto-renew back on when it was cancelled. The actions: Agree to
    /// New Price agrees; Cancel Subscription asks first; Resubscribe turns auto-renew on.
    private mutating func choose(_ row: Int, in panel: ManageSubscriptionsPanel) -> [Effect] {
        let plans = plans(inGroup: panel.groupID)
        let status = panel.groupID.flatMap(snapshot.subscription(inGroup:))
        guard plans.indices.contains(row) else {
            let actions = manageActions(inGroup: panel.groupID)
            switch actions.indices.contains(row - plans.count) ? actions[row - plans.count] : nil {
            case .agreeToNewPrice?:
                guard let status else { return [] }
                return [.perform(.agreeToPriceIncrease(originalTransactionID: status.originalTransactionID))]
            case .cancel?:
                var asking = panel
                asking.selection = row
                asking.confirming = 0
                mode = .subscriptions(asking)
                return []
            case .resubscribe?:
                guard let status else { return [] }
                return [.perform(.autoRenew(originalTransactionID: status.originalTransactionID, on: true))]
            case nil:
                return []
            }
        }
        let plan = plans[row]
        if let status, status.isLive, status.productID == plan {
            if status.autoRenewProductID != plan { return startPurchase(plan) }
            return status.canResubscribe ? [.perform(.autoRenew(originalTransactionID: status.originalTransactionID, on: true))] : []
        }
        return startPurchase(plan)
    }
}
