import SampleApp
import StoreKitSim

/// App name, account, storefront, balance, and a badge for every active restriction.
enum HeaderView {
    static func draw(_ state: AppState, layout: Layout, into canvas: inout some Canvas) {
        let s = state.snapshot.settings
        canvas.fill(x: 0, y: 0, width: layout.width, height: 1, style: .reverse)
        let x = canvas.put(" \(state.appDescription.name) ", x: 0, y: 0, style: Style(bold: true, reverse: true))
        // An app without credit packs (the generic app) has no balance to show.
        let credits = state.appDescription.credits.isEmpty ? nil : state.snapshot.credits
        let facts = facts(account: s.account, storefront: state.storefront.id, credits: credits, width: layout.width - x,
                          strings: state.strings)
        canvas.put(facts, x: x, y: 0, width: layout.width - x, style: .reverse)
        canvas.rule(y: 1, x: 0, width: layout.width)
        // Badges sit right-aligned on the rule below, a rule cell at either end.
        var right = layout.width - 1
        let all = clockBadges(state) + badges(s, strings: state.strings) + screenBadges(state)
        for badge in fitting(all, width: layout.width - 2, strings: state.strings).reversed() {
            let text = " \(badge.text) "
            right -= DisplayWidth.of(text) + 1
            canvas.put(text, x: right, y: 1, style: Style(tint: badge.tint, bold: true, reverse: true))
        }
    }

    /// Account, storefront and balance in `width` columns: a long account name gives way
    /// first, so the storefront and the balance stay in sight.
    static func facts(account: String?, storefront: String, credits: Int?, width: Int, strings: Strings) -> String {
        let rest = " · \(storefront)" + (credits.map { " · \(strings.store.creditBalance($0)) " } ?? " ")
        let room = width - 1 - DisplayWidth.of(rest)
        return " " + DisplayWidth.truncate(account ?? strings.conditions.signedOut, to: max(1, room)) + rest
    }
}

/// The keys that work in the current mode: the store's (help and quit at the right), or a
/// dialog's or panel's own.
enum FooterView {
    static func draw(_ state: AppState, layout: Layout, into canvas: inout some Canvas) {
        let (hints, fixed) = keys(for: state)
        let y = layout.footer.y
        let right = layout.width - fixed.reduce(0) { $0 + width($1) }
        var x = 1
        for hint in hints where x + width(hint) <= right {
            x = put(hint, x: x, y: y, into: &canvas)
        }
        x = right
        for hint in fixed { x = put(hint, x: x, y: y, into: &canvas) }
    }

    /// The hints at the left and those kept at the right.
    static func keys(for state: AppState) -> (hints: [(String, String)], fixed: [(String, String)]) {
        let words = state.strings.keys
        let close = [("Esc", words.close)]
        let press = ("⏎", words.press), choose = ("Tab ←→", words.choose), cancel = ("Esc", words.cancel)
        switch state.mode {
        case .store:
            let waiting = state.snapshot.waitingRequests.count
            var hints = [("⏎", words.openOrBuy), ("r", words.restore), ("s", words.settings),
                         ("a", waiting > 0 ? words.approvalsWaiting(waiting) : words.approvals), ("l", words.log),
                         ("D", words.deleteApp), ("↑↓", words.move)]
            if state.snapshot.productsError != nil { hints.insert(("R", words.retry), at: 1) }
            return (hints, [("?", words.help), ("q", words.quit)])
        case .sheet(let sheet):
            switch sheet.stage {
            case .purchasing(let id) where state.snapshot.awaitingSideButton == .purchase(transactionID: id):
                return ([("⏎", words.sideButton)], [cancel])
            case .purchasing: return ([("…", words.waitingForAppStore)], [])
            case .interrupted: return ([press, choose], [("Esc", words.notNow)])
            case .askPermission: return ([press, choose], [cancel])
            case .confirm:
                var hints = [press, choose]
                if (state.product(in: sheet)?.maximumQuantity ?? 1) > 1 { hints.append(("+ −", words.quantity)) }
                return (hints, [cancel])
            }
        case .alert(let alert):
            return (alert.buttons.count > 1 ? [press, choose] : [("⏎", state.strings.alerts.ok)], close)
        case .content(let viewer):
            let choice = viewer.buttons(credits: state.snapshot.credits, catalog: state.catalog, strings: state.strings).count > 1
            return (choice ? [press, choose] : [("⏎", words.close)], close)
        case .restoring where state.snapshot.awaitingSideButton == .restore:
            return ([("⏎", words.sideButton)], [cancel])
        case .restoring:
            return ([("…", words.restoring)], [])
        case .settings(let panel):
            if panel.choosingError != nil {
                return ([("⏎", words.choose), ("↑↓ g G", words.move)], [("Esc", words.back)])
            }
            return ([("⏎", words.change), ("←→", words.step), ("↑↓", words.move)], close)
        case .approvals(let panel):
            let waiting = state.snapshot.waitingRequests
            guard !waiting.isEmpty else { return ([], close) }
            // Only an Ask to Buy request has two buttons to choose between.
            let hasChoice = waiting.indices.contains(panel.selection) && waiting[panel.selection].state == .deferred
            return ([press] + (hasChoice ? [choose] : []) + [("↑↓", words.move)], close)
        case .help, .log:
            return ([], close)
        }
    }

    private static func width(_ hint: (String, String)) -> Int {
        DisplayWidth.of(hint.0) + DisplayWidth.of(hint.1) + 3
    }

    private static func put(_ hint: (String, String), x: Int, y: Int, into canvas: inout some Canvas) -> Int {
        let after = canvas.put(hint.0, x: x, y: y, style: .bold)
        return canvas.put(" \(hint.1)  ", x: after, y: y, style: .dim)
    }
}
