import StoreKitSim

/// App name, account, storefront, balance, and a badge for every active restriction.
enum HeaderView {
    static func draw(_ state: AppState, layout: Layout, into canvas: inout some Canvas) {
        let s = state.snapshot.settings
        canvas.fill(x: 0, y: 0, width: layout.width, height: 1, style: .reverse)
        let x = canvas.put(" \(state.appDescription.name) ", x: 0, y: 0, style: Style(bold: true, reverse: true))
        // An app without credit packs (the generic app) has no balance to show.
        let credits = state.appDescription.credits.isEmpty ? nil : state.snapshot.credits
        let facts = facts(account: s.account, storefront: state.storefront.id, credits: credits, width: layout.width - x)
        canvas.put(facts, x: x, y: 0, width: layout.width - x, style: .reverse)
        canvas.rule(y: 1, x: 0, width: layout.width)
        // Badges sit right-aligned on the rule below, a rule cell at either end.
        var right = layout.width - 1
        for badge in fitting(clockBadges(state) + badges(s) + screenBadges(state), width: layout.width - 2).reversed() {
            let text = " \(badge.text) "
            right -= DisplayWidth.of(text) + 1
            canvas.put(text, x: right, y: 1, style: Style(tint: badge.tint, bold: true, reverse: true))
        }
    }

    /// Account, storefront and balance in `width` columns: a long account name gives way
    /// first, so the storefront and the balance stay in sight.
    static func facts(account: String?, storefront: String, credits: Int?, width: Int) -> String {
        let rest = " · \(storefront)" + (credits.map { " · \($0) credits " } ?? " ")
        let room = width - 1 - DisplayWidth.of(rest)
        return " " + DisplayWidth.truncate(account ?? "signed out", to: max(1, room)) + rest
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
        let close = [("Esc", "close")]
        switch state.mode {
        case .store:
            let waiting = state.snapshot.waitingRequests.count
            var hints = [("⏎", "open/buy"), ("r", "restore"), ("s", "settings"),
                         ("a", waiting > 0 ? "approvals (\(waiting))" : "approvals"), ("l", "log"),
                         ("D", "delete app"), ("↑↓", "move")]
            if state.snapshot.productsError != nil { hints.insert(("R", "retry"), at: 1) }
            return (hints, [("?", "help"), ("q", "quit")])
        case .sheet(let sheet):
            switch sheet.stage {
            case .purchasing(let id) where state.snapshot.awaitingSideButton == .purchase(transactionID: id):
                return ([("⏎", "side button")], [("Esc", "cancel")])
            case .purchasing: return ([("…", "waiting for the App Store")], [])
            case .interrupted: return ([("⏎", "press"), ("Tab ←→", "choose")], [("Esc", "not now")])
            case .askPermission: return ([("⏎", "press"), ("Tab ←→", "choose")], [("Esc", "cancel")])
            case .confirm:
                var hints = [("⏎", "press"), ("Tab ←→", "choose")]
                if (state.product(in: sheet)?.maximumQuantity ?? 1) > 1 { hints.append(("+ −", "quantity")) }
                return (hints, [("Esc", "cancel")])
            }
        case .alert(let alert):
            return (alert.buttons.count > 1 ? [("⏎", "press"), ("Tab ←→", "choose")] : [("⏎", "OK")], close)
        case .content(let viewer):
            let choice = viewer.buttons(credits: state.snapshot.credits, catalog: state.catalog).count > 1
            return (choice ? [("⏎", "press"), ("Tab ←→", "choose")] : [("⏎", "close")], close)
        case .restoring where state.snapshot.awaitingSideButton == .restore:
            return ([("⏎", "side button")], [("Esc", "cancel")])
        case .restoring:
            return ([("…", "restoring purchases")], [])
        case .settings(let panel):
            if panel.choosingError != nil {
                return ([("⏎", "choose"), ("↑↓ g G", "move")], [("Esc", "back")])
            }
            return ([("⏎", "change"), ("←→", "step"), ("↑↓", "move")], close)
        case .approvals(let panel):
            let waiting = state.snapshot.waitingRequests
            guard !waiting.isEmpty else { return ([], close) }
            // Only an Ask to Buy request has two buttons to choose between.
            let hasChoice = waiting.indices.contains(panel.selection) && waiting[panel.selection].state == .deferred
            let choose: [(String, String)] = hasChoice ? [("Tab ←→", "choose")] : []
            return ([("⏎", "press")] + choose + [("↑↓", "move")], close)
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
