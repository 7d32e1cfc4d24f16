import SampleApp
import AppStoreCore
import Wording

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
/// dialog's or panel's own. Where the store's do not all fit, they take their short labels,
/// and if they still do not, the least needed give way and `?` says there are more.
enum FooterView {
    /// A key and what it does, with a shorter label for a narrow footer; `yields`: the order
    /// in which it gives way where even short labels do not fit (lowest first; nil: last,
    /// from the right).
    struct Hint: Equatable {
        var key: String
        var label: String
        var short: String
        var yields: Int?

        init(_ key: String, _ label: String, short: String? = nil, yields: Int? = nil) {
            self.key = key
            self.label = label
            self.short = short ?? label
            self.yields = yields
        }

        /// `yields` of a key shown only where the others fit whole beside it.
        static let onlyWithRoom = -1

        var width: Int { DisplayWidth.of(key) + DisplayWidth.of(label) + 3 }
        var shortened: Hint { Hint(key, short, yields: yields) }
    }

    static func draw(_ state: AppState, layout: Layout, into canvas: inout some Canvas) {
        let (hints, fixed) = fitted(state, width: layout.width)
        let y = layout.footer.y
        let right = layout.width - fixed.reduce(0) { $0 + $1.width }
        var x = 1
        for hint in hints where x + hint.width <= right {
            x = put(hint, x: x, y: y, into: &canvas)
        }
        x = right
        for hint in fixed { x = put(hint, x: x, y: y, into: &canvas) }
    }

    /// The hints as they fit in `width` columns: whole, then short from the right one at a
    /// time, then the most needed of them with `?` reading "more" (the help lists every key).
    static func fitted(_ state: AppState, width: Int) -> (hints: [Hint], fixed: [Hint]) {
        let (all, fixed) = keys(for: state)
        func fits(_ hints: [Hint], _ fixed: [Hint]) -> Bool {
            1 + (hints + fixed).reduce(0) { $0 + $1.width } <= width
        }
        // A key that is only shown with room to spare goes before any other is shortened.
        let hints = fits(all, fixed) ? all : all.filter { $0.yields != Hint.onlyWithRoom }
        var short = hints
        for index in hints.indices.reversed() where !fits(short, fixed) {
            short[index] = hints[index].shortened
        }
        var more = fixed
        if let help = fixed.firstIndex(where: { $0.key == "?" }) { more[help] = Hint("?", state.strings.keys.more) }
        // A key left out: the help has it.
        guard !fits(short, fixed), more != fixed else { return (short, hints.count < all.count ? more : fixed) }
        // Those that yield first, then from the right.
        let order = short.indices.sorted { (short[$0].yields ?? .max, -$0) < (short[$1].yields ?? .max, -$1) }
        var kept = Array(short.enumerated())
        for index in order {
            if fits(kept.map(\.element), more) { break }
            kept.removeAll { $0.offset == index }
        }
        // The room a key gave back: whole words again, from the left, where they now fit.
        var shown = kept.map(\.element)
        for (position, entry) in kept.enumerated() {
            var wider = shown
            wider[position] = hints[entry.offset]
            if fits(wider, more) { shown = wider }
        }
        return (shown, more)
    }

    /// The hints at the left and those kept at the right.
    static func keys(for state: AppState) -> (hints: [Hint], fixed: [Hint]) {
        let words = state.strings.keys
        let close = [Hint("Esc", words.close)]
        let press = Hint("⏎", words.press), choose = Hint("Tab ←→", words.choose), cancel = Hint("Esc", words.cancel)
        switch state.mode {
        case .store:
            let waiting = state.snapshot.waitingRequests.count
            // Moving is plain to see (the help has its keys), and the detail pane says what
            // Enter does. Where the footer is short, the keys rarely needed give way first
            // (approvals with nothing waiting, delete app, restore), then the log (shown below
            // anyway) and the panels', Enter and m last.
            var hints = [
                Hint("⏎", words.openOrBuy, short: words.open, yields: 7),
                Hint("r", words.restore, yields: 2),
                Hint("s", words.settings, yields: 5),
                Hint("a", waiting > 0 ? words.approvalsWaiting(waiting) : words.approvals,
                     short: waiting > 0 ? words.approveWaiting(waiting) : words.approve, yields: waiting > 0 ? 6 : 0),
                Hint("m", words.subscriptions, short: words.subs, yields: 6),
                Hint("l", words.log, yields: 3),
                Hint("t", words.transactions, short: words.txns, yields: 4),
                Hint("D", words.deleteApp, short: words.delete, yields: 1),
            ]
            if state.snapshot.productsError != nil { hints.insert(Hint("R", words.retry, yields: 6), at: 1) }
            // Only while there is something to consume (the help always lists it); a panel's
            // key, it gives way with t.
            let unconsumed = state.unconsumedRows.count
            if unconsumed > 0, let approvals = hints.firstIndex(where: { $0.key == "a" }) {
                hints.insert(Hint("u", state.strings.unconsumed.keyWaiting(unconsumed), short: state.strings.unconsumed.key, yields: 4),
                             at: approvals + 1)
            }
            // On a purchase a refund can be asked of: it stays where delete app gives way.
            if state.refundablePurchase != nil {
                hints.insert(Hint("p", state.strings.refunds.key, yields: 2), at: hints.count - 1)
            }
            return (hints, [Hint("?", words.help), Hint("q", words.quit)])
        case .sheet(let sheet):
            switch sheet.stage {
            case .purchasing(let id) where state.snapshot.awaitingSideButton == .purchase(transactionID: id):
                return ([Hint("⏎", words.sideButton)], [cancel])
            case .purchasing: return ([Hint("…", words.waitingForAppStore)], [])
            case .interrupted: return ([press, choose], [Hint("Esc", words.notNow)])
            case .askPermission: return ([press, choose], [cancel])
            case .confirm:
                var hints = [press, choose]
                if (state.product(in: sheet)?.maximumQuantity ?? 1) > 1 { hints.append(Hint("+ −", words.quantity)) }
                return (hints, [cancel])
            }
        case .refundRequest:
            return ([press, Hint("↑↓", state.strings.refunds.reasonKey), choose], [cancel])
        case .alert(let alert):
            if case .signIn(_, let accounts, _) = alert.kind, accounts.count > 1 {
                return ([press, Hint("↑↓", words.account), choose], close)
            }
            return (alert.buttons.count > 1 ? [press, choose] : [Hint("⏎", state.strings.alerts.ok)], close)
        case .content(let viewer):
            let choice = viewer.buttons(credits: state.snapshot.credits, catalog: state.catalog, strings: state.strings).count > 1
            return (choice ? [press, choose] : [Hint("⏎", words.close)], close)
        case .restoring where state.snapshot.awaitingSideButton == .restore:
            return ([Hint("⏎", words.sideButton)], [cancel])
        case .restoring:
            return ([Hint("…", words.restoring)], [])
        case .settings(let panel):
            if panel.choosingError != nil {
                return ([Hint("⏎", words.choose), Hint("↑↓ g G", words.move)], [Hint("Esc", words.back)])
            }
            let back = panel.api != nil ? [Hint("Esc", words.back)] : close
            return ([Hint("⏎", words.change), Hint("←→", words.step), Hint("↑↓", words.move)], back)
        case .approvals(let panel):
            let waiting = state.snapshot.waitingRequests
            guard !waiting.isEmpty else { return ([], close) }
            // Only an Ask to Buy request has two buttons to choose between.
            let hasChoice = waiting.indices.contains(panel.selection) && waiting[panel.selection].queueState.state == .deferred
            return ([press] + (hasChoice ? [choose] : []) + [Hint("↑↓", words.move)], close)
        case .unconsumed:
            let words = state.strings.unconsumed
            guard !state.unconsumedRows.isEmpty else { return ([], close) }
            return ([Hint("⏎ c", words.consume), Hint("1", words.useOne), Hint("↑↓", state.strings.keys.move)], close)
        case .subscriptions(let panel):
            if panel.confirming != nil { return ([press, choose], [cancel]) }
            return ([Hint("⏎", words.choose), Hint("↑↓", words.move)], close)
        case .redeemCode:
            return ([press, choose], [cancel])
        case .help, .log, .transactions:
            // The help lists every key; the log and the Transaction Manager draw their own keys line.
            return ([], close)
        }
    }

    private static func put(_ hint: Hint, x: Int, y: Int, into canvas: inout some Canvas) -> Int {
        let after = canvas.put(hint.key, x: x, y: y, style: .bold)
        return canvas.put(" \(hint.label)  ", x: after, y: y, style: .dim)
    }
}
