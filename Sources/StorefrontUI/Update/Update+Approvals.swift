import Foundation
import AppStoreCore

extension AppState {
    mutating func handleApprovals(_ panel: ApprovalsPanel, _ key: Key) -> [Effect] {
        var panel = panel
        let waiting = snapshot.waitingRequests
        func select(_ index: Int) {
            let index = min(max(0, waiting.count - 1), max(0, index))
            // A new row starts on Approve, so a Decline chosen for one request never carries over.
            if index != panel.selection { panel.focus = 0 }
            panel.selection = index
            panel.selectedID = waiting.indices.contains(index) ? waiting[index].id : nil
            scrollToSelection(&panel)
        }
        switch key {
        case .escape, .char("a"), .char("q"):
            mode = .store
            return []
        case .up, .char("k"): select(panel.selection - 1)
        case .down, .char("j"): select(panel.selection + 1)
        case .home, .char("g"): select(0)
        case .end, .char("G"): select(waiting.count - 1)
        case .tab, .backTab, .left, .right, .char("h"), .char("l"):
            // Only an Ask to Buy row has two buttons to move between.
            guard waiting.indices.contains(panel.selection), waiting[panel.selection].queueState.state == .deferred,
                  let moved = Self.movedFocus(panel.focus, count: 2, key) else { return [] }
            panel.focus = moved
        case .enter, .char(" "):
            mode = .approvals(panel)
            return press(panel, in: waiting)
        case .pageUp: select(panel.selection - max(1, approvalsCapacity - 1))
        case .pageDown: select(panel.selection + max(1, approvalsCapacity - 1))
        case .click(let x, let y):
            let geometry = ApprovalsView.Geometry(self, layout: Layout(width: width, height: height), scroll: panel.scroll)
            guard let hit = geometry.hit(x: x, y: y) else { return [] }
            select(hit.row)
            mode = .approvals(panel)
            guard let button = hit.button else { return [] }
            panel.focus = button
            return press(panel, in: waiting)
        default: return []
        }
        mode = .approvals(panel)
        return []
    }

    /// Approve / Decline a request, or resolve an interrupted purchase (its one button).
    private func press(_ panel: ApprovalsPanel, in waiting: [Transaction]) -> [Effect] {
        guard waiting.indices.contains(panel.selection) else { return [] }
        let t = waiting[panel.selection]
        guard t.queueState.state == .deferred else { return [.resolve(transactionID: t.id)] }
        return [panel.focus == 0 ? .approve(transactionID: t.id) : .decline(transactionID: t.id)]
    }

    /// After the requests change, the selection stays on the request it was on, or, when that
    /// one was answered, on the row now in its place.
    mutating func followApprovalsSelection() {
        guard case .approvals(var panel) = mode else { return }
        let waiting = snapshot.waitingRequests
        if let id = panel.selectedID, let index = waiting.firstIndex(where: { $0.id == id }) {
            panel.selection = index
        } else {
            panel.selection = min(panel.selection, max(0, waiting.count - 1))
            panel.focus = 0
        }
        panel.selectedID = waiting.indices.contains(panel.selection) ? waiting[panel.selection].id : nil
        scrollToSelection(&panel)
        mode = .approvals(panel)
    }

    /// How many requests the panel has room for at this size.
    private var approvalsCapacity: Int {
        ApprovalsView.Geometry(self, layout: Layout(width: width, height: height)).capacity
    }

    /// Scrolls the panel just enough to show the selected request.
    private func scrollToSelection(_ panel: inout ApprovalsPanel) {
        let capacity = max(1, approvalsCapacity)
        if panel.selection < panel.scroll { panel.scroll = panel.selection }
        if panel.selection >= panel.scroll + capacity { panel.scroll = panel.selection - capacity + 1 }
        panel.scroll = max(0, min(panel.scroll, snapshot.waitingRequests.count - capacity))
    }
}
