import Foundation
import AppStoreCore

extension AppState {
    /// t on the store screen: the Transaction Manager opens on every account's transactions,
    /// its first page asked for.
    mutating func openTransactionManager() -> [Effect] {
        var panel = TransactionManagerPanel()
        panel.version = snapshot.storeVersion
        mode = .transactions(panel)
        return [.loadTransactions(panel.firstPage)]
    }

    /// A page arrived: the first replaces the rows (the selection stays on its transaction), a
    /// later one extends them. One asked for under other filters, or after rows since reloaded,
    /// is dropped.
    mutating func takeTransactions(_ page: TransactionPage, for query: TransactionQuery) {
        guard case .transactions(var panel) = mode, query.account == panel.account, query.productID == panel.productID else { return }
        if let before = query.before {
            guard before == panel.rows.last?.id else { return }
            panel.rows += page.transactions
        } else {
            panel.rows = page.transactions
        }
        panel.hasMore = page.hasMore
        panel.isLoading = false
        if let id = panel.selectedID, let index = TransactionManagerPanel.row(of: id, in: panel.outline) {
            panel.selection = index
        } else if panel.selectedID != nil {
            // Its transaction is gone from the rows (deleted, or pushed past them): back to the
            // top, and whatever was open for it closes.
            panel.selection = 0
            panel.overlay = nil
        }
        select(panel.selection, in: &panel)
        mode = .transactions(panel)
    }

    /// A page could not be read (a busy or broken file: the log says why): the panel stops
    /// waiting for it, and the next tick reads again.
    mutating func transactionsUnreadable(_ query: TransactionQuery) {
        guard case .transactions(var panel) = mode else { return }
        panel.isLoading = false
        panel.version = nil
        mode = .transactions(panel)
    }

    /// The selected row stays in view when the window changes size.
    mutating func keepTransactionsSelectionVisible() {
        guard case .transactions(var panel) = mode else { return }
        select(panel.selection, in: &panel)
        mode = .transactions(panel)
    }

    /// The store changed while the panel is open: its rows are read again.
    mutating func reloadTransactionsIfChanged() -> [Effect] {
        guard case .transactions(var panel) = mode, panel.version != snapshot.storeVersion else { return [] }
        panel.version = snapshot.storeVersion
        panel.isLoading = true
        mode = .transactions(panel)
        return [.loadTransactions(panel.firstPage)]
    }

    /// The signed form read for the panel or the full log: shown if the sheet still waits for that one.
    mutating func showSignedForm(_ summary: SignedFormSummary) {
        if case .log = mode {
            guard logSelection.signedFormID == summary.transactionID, logSelection.signedForm == nil else { return }
            logSelection.signedForm = summary
            return
        }
        guard case .transactions(var panel) = mode, case .signedForm(summary.transactionID, nil)? = panel.overlay else { return }
        panel.overlay = .signedForm(transactionID: summary.transactionID, summary: summary)
        mode = .transactions(panel)
    }

    mutating func handleTransactionManager(_ panel: TransactionManagerPanel, _ key: Key) -> [Effect] {
        var panel = panel
        switch panel.overlay {
        case .actions(let focus)?: return handleActions(&panel, focus: focus, key)
        case .price(let id, let storefront, let text, let edited)?:
            return handlePrice(&panel, productID: id, storefront: storefront, text: edited ? text : nil, shown: text, key)
        case .buyOutside(let focus)?: return handleBuyOutside(&panel, focus: focus, key)
        case .buyOutsideTerms(let id, let offer, let autoRenew)?:
            return handleBuyOutsideTerms(&panel, productID: id, offer: offer, autoRenew: autoRenew, key)
        case .confirmClearHistory?: return handleConfirmClear(&panel, key)
        case .signedForm?:
            // Any key of its own closes it, as a sheet's Done does.
            guard [.escape, .enter, .char("q"), .char("s"), .char(" ")].contains(key) else { return [] }
            panel.overlay = nil
            mode = .transactions(panel)
            return []
        case nil: break
        }
        let capacity = TransactionManagerView.Geometry(self, layout: Layout(width: width, height: height)).capacity
        var effects: [Effect] = []
        switch key {
        case .escape, .char("q"), .char("t"):
            mode = .store
            return []
        case .up, .char("k"): select(panel.selection - 1, in: &panel)
        case .down, .char("j"): select(panel.selection + 1, in: &panel)
        case .home, .char("g"): select(0, in: &panel)
        case .end, .char("G"): select(panel.outline.count - 1, in: &panel)
        case .right, .char("l"): fold(false, in: &panel)
        case .left, .char("h"): fold(true, in: &panel)
        case .pageUp: select(panel.selection - max(1, capacity - 1), in: &panel)
        case .pageDown: select(panel.selection + max(1, capacity - 1), in: &panel)
        case .char("a"):
            panel.account = Self.next(after: panel.account, in: snapshot.accounts)
            return reload(&panel)
        case .char("p"):
            panel.productID = Self.next(after: panel.productID, in: catalog.products.map(\.id))
            return reload(&panel)
        case .char("b"):
            panel.overlay = .buyOutside(focus: productsToBuyOutside.first)
        case .char("s"):
            guard let t = panel.selected else { return [] }
            panel.overlay = .signedForm(transactionID: t.id, summary: nil)
            // Only what the App Store completed has a signed form to read.
            if t.hasSignedForm { effects.append(.showSignedForm(t)) }
        case .enter, .char(" "):
            guard let t = panel.selected else { return [] }
            panel.overlay = .actions(focus: actions(for: t).first)
        case .click(let x, let y):
            let geometry = TransactionManagerView.Geometry(self, layout: Layout(width: width, height: height))
            let outline = panel.outline
            guard let row = geometry.row(atY: y, scroll: panel.scroll), outline.indices.contains(row) else { return [] }
            let shown = Array(outline.dropFirst(panel.scroll).prefix(geometry.capacity))
            let marker = TransactionManagerView.tableX + TransactionTable(self, rows: shown, width: width - 2).productX
            if !outline[row].renewals.isEmpty, (marker..<marker + 2).contains(x) {
                // Its ▸ or ▾: folds or unfolds it, as a disclosure triangle does.
                select(row, in: &panel)
                fold(outline[row].isUnfolded, in: &panel)
            } else if row == panel.selection {
                panel.overlay = .actions(focus: actions(for: outline[row].transaction).first)
            } else {
                select(row, in: &panel)
            }
        default: return []
        }
        // Near the end of what is loaded: the next page.
        if panel.hasMore, !panel.isLoading, panel.selection >= panel.outline.count - capacity {
            panel.isLoading = true
            effects.append(.loadTransactions(panel.nextPage))
        }
        mode = .transactions(panel)
        return effects
    }

    /// The actions list over the panel: ↑↓ move, Enter acts, Esc closes; on a refund by a part
    /// chosen, ←→ and digits choose the part (the focus keeps it).
    private mutating func handleActions(_ panel: inout TransactionManagerPanel, focus: TransactionAction?, _ key: Key) -> [Effect] {
        var actions = panel.selected.map(actions(for:)) ?? []
        let index = focus.flatMap { focus in actions.firstIndex { $0.isSameRow(as: focus) } } ?? 0
        if let focus, actions.indices.contains(index) { actions[index] = focus }
        if let focus, let part = focus.refundPart(after: key) {
            panel.overlay = .actions(focus: focus.withRefundPart(part))
            mode = .transactions(panel)
            return []
        }
        switch key {
        case .escape, .char("q"):
            panel.overlay = nil
        case .up, .char("k"): panel.overlay = .actions(focus: actions.indices.contains(index - 1) ? actions[index - 1] : actions.first)
        case .down, .char("j"): panel.overlay = .actions(focus: actions.indices.contains(index + 1) ? actions[index + 1] : actions.last)
        case .enter, .char(" "):
            panel.overlay = nil
            guard actions.indices.contains(index), let t = panel.selected else { break }
            mode = .transactions(panel)
            switch actions[index] {
            case .approve: return [.approve(transactionID: t.id)]
            case .decline: return [.decline(transactionID: t.id)]
            case .resolve: return [.resolve(transactionID: t.id)]
            case .operation(let operation): return [.perform(operation)]
            case .requestPriceIncrease(let id):
                // In the storefront the subscriber bought in, at its price there now.
                let front = t.storefront ?? storefront.id
                let price = front == storefront.id ? snapshot.product(id)?.price : catalog.product(id)?.price(in: front)
                panel.overlay = .price(productID: id, storefront: front, text: price.map { "\($0)" } ?? "")
            case .clearPurchaseHistory:
                panel.overlay = .confirmClearHistory
            }
        default: return []
        }
        mode = .transactions(panel)
        return []
    }

    /// "Clear purchase history?": Enter clears, Esc keeps it.
    private mutating func handleConfirmClear(_ panel: inout TransactionManagerPanel, _ key: Key) -> [Effect] {
        switch key {
        case .escape, .char("n"):
            panel.overlay = nil
            mode = .transactions(panel)
            return []
        case .enter, .char("y"):
            panel.overlay = nil
            mode = .transactions(panel)
            return [.perform(.clearPurchaseHistory)]
        default: return []
        }
    }

    /// Typing the new price: digits and one decimal point; Enter asks for consent at it. `text`:
    /// what was typed, nil while the price it opened on is still selected (`shown`), which the
    /// first key replaces.
    private mutating func handlePrice(_ panel: inout TransactionManagerPanel, productID: String, storefront: String, text: String?,
                                      shown: String, _ key: Key) -> [Effect] {
        let typed = text ?? ""
        switch key {
        case .escape:
            panel.overlay = nil
        case .backspace:
            panel.overlay = .price(productID: productID, storefront: storefront, text: String(typed.dropLast()), edited: true)
        case .char(let c) where c.isASCII && (c.isNumber || (c == "." && !typed.contains("."))) && typed.count < 12:
            panel.overlay = .price(productID: productID, storefront: storefront, text: typed + String(c), edited: true)
        case .enter:
            guard let price = Decimal(string: text ?? shown, locale: Locale(identifier: "en_US_POSIX")), price > 0 else { return [] }
            panel.overlay = nil
            mode = .transactions(panel)
            return [.perform(.priceIncrease(productID: productID, storefront: storefront, price: price, consentNeeded: true))]
        default: return []
        }
        mode = .transactions(panel)
        return []
    }

    /// What can be bought outside the app: the catalog's products sold in the storefront.
    var productsToBuyOutside: [String] {
        catalog.products.map(\.id).filter { snapshot.product($0) != nil }
    }

    /// The products to buy outside the app: ↑↓ move, Enter buys one (the store completes it,
    /// and the app hears of it as an update it did not start) or, for an auto-renewable
    /// subscription, opens the sheet of its terms; Esc closes. A click selects a product, and
    /// a click on the selected one does what Enter does, as on the store's rows.
    private mutating func handleBuyOutside(_ panel: inout TransactionManagerPanel, focus: String?, _ key: Key) -> [Effect] {
        let ids = productsToBuyOutside
        let index = focus.flatMap(ids.firstIndex(of:)) ?? 0
        switch key {
        case .click(let x, let y):
            let list = TransactionManagerView.BuyOutsideGeometry(self, focus: focus, layout: Layout(width: width, height: height))
            guard let id = list.product(atX: x, y: y) else { return [] }
            guard id == focus else {
                panel.overlay = .buyOutside(focus: id)
                break
            }
            return handleBuyOutside(&panel, focus: focus, .enter)
        case .escape, .char("q"):
            panel.overlay = nil
        case .up, .char("k"): panel.overlay = .buyOutside(focus: ids.indices.contains(index - 1) ? ids[index - 1] : ids.first)
        case .down, .char("j"): panel.overlay = .buyOutside(focus: ids.indices.contains(index + 1) ? ids[index + 1] : ids.last)
        case .enter, .char(" "):
            panel.overlay = nil
            mode = .transactions(panel)
            guard ids.indices.contains(index) else { return [] }
            let id = ids[index]
            guard catalog.product(id)?.type == .autoRenewable else { return [.perform(.buyOutsideApp(productID: id, quantity: 1))] }
            panel.overlay = .buyOutsideTerms(productID: id, offer: outsideOfferChoices(id)[0], autoRenew: true)
        default: return []
        }
        mode = .transactions(panel)
        return []
    }

    /// The offers the terms sheet cycles through: those the account may have, then none.
    func outsideOfferChoices(_ productID: String) -> [OutsidePurchaseTerms.Offer] {
        (snapshot.outsideOffers[productID] ?? []) + [.none]
    }

    /// Buying `productID` outside the app changes the signed-in account's plan of its group:
    /// what the change does and when, as the purchase sheet states it.
    func outsidePlanChange(_ productID: String) -> PlanChangeTerms? {
        snapshot.product(productID).flatMap { PlanChangeTerms($0, state: self) }
    }

    /// The terms sheet of a subscription bought outside the app: ←→ choose the offer, space
    /// turns auto-renew on or off (not for a downgrade, which renews from the renewal it waits
    /// for), Enter buys at those terms, Esc goes back to the products. A click is the key its
    /// place on the sheet stands for (`BuyOutsideTermsSheet.Geometry.key`).
    private mutating func handleBuyOutsideTerms(_ panel: inout TransactionManagerPanel, productID: String,
                                                offer: OutsidePurchaseTerms.Offer, autoRenew: Bool, _ key: Key) -> [Effect] {
        var key = key
        if case .click(let x, let y) = key {
            let sheet = BuyOutsideTermsSheet.Geometry(self, productID: productID, offer: offer, autoRenew: autoRenew,
                                                      layout: Layout(width: width, height: height))
            guard let clicked = sheet.key(atX: x, y: y) else { return [] }
            key = clicked
        }
        let choices = outsideOfferChoices(productID)
        let index = choices.firstIndex(of: offer) ?? 0
        switch key {
        case .escape, .char("q"): panel.overlay = .buyOutside(focus: productID)
        case .left, .char("h"):
            panel.overlay = .buyOutsideTerms(productID: productID, offer: choices[(index + choices.count - 1) % choices.count],
                                             autoRenew: autoRenew)
        case .right, .char("l"):
            panel.overlay = .buyOutsideTerms(productID: productID, offer: choices[(index + 1) % choices.count], autoRenew: autoRenew)
        case .char(" "):
            guard outsidePlanChange(productID)?.atRenewal != true else { return [] }
            panel.overlay = .buyOutsideTerms(productID: productID, offer: offer, autoRenew: !autoRenew)
        case .enter:
            panel.overlay = nil
            mode = .transactions(panel)
            let terms = OutsidePurchaseTerms(offer: offer, autoRenew: autoRenew)
            return [.perform(.buyOutsideApp(productID: productID, quantity: 1, terms: terms))]
        default: return []
        }
        mode = .transactions(panel)
        return []
    }

    /// The filters changed: the rows go, and the first page under them is asked for.
    private mutating func reload(_ panel: inout TransactionManagerPanel) -> [Effect] {
        panel.rows = []
        panel.selection = 0
        panel.selectedID = nil
        panel.scroll = 0
        panel.hasMore = false
        panel.isLoading = true
        mode = .transactions(panel)
        return [.loadTransactions(panel.firstPage)]
    }

    /// Selects row `index` of the outline (kept within it) and scrolls just enough to show it.
    private func select(_ index: Int, in panel: inout TransactionManagerPanel) {
        let count = panel.outline.count
        panel.selection = min(max(0, count - 1), max(0, index))
        panel.selectedID = panel.selected?.id
        let capacity = max(1, TransactionManagerView.Geometry(self, layout: Layout(width: width, height: height)).capacity)
        if panel.selection < panel.scroll { panel.scroll = panel.selection }
        if panel.selection >= panel.scroll + capacity { panel.scroll = panel.selection - capacity + 1 }
        panel.scroll = max(0, min(panel.scroll, count - capacity))
    }

    /// ← folds the selected group (from a renewal in it too, which selects its original
    /// purchase), → unfolds it, as an outline in Xcode does.
    private func fold(_ folding: Bool, in panel: inout TransactionManagerPanel) {
        let outline = panel.outline
        guard outline.indices.contains(panel.selection) else { return }
        let row = outline[panel.selection]
        if row.isRenewal, folding, let head = outline[..<panel.selection].lastIndex(where: { !$0.isRenewal }) {
            panel.unfolded.remove(outline[head].transaction.id)
            select(head, in: &panel)
        } else if !row.renewals.isEmpty {
            if folding { panel.unfolded.remove(row.transaction.id) } else { panel.unfolded.insert(row.transaction.id) }
            select(panel.selection, in: &panel)
        }
    }

    /// The filter after `current` in `choices`, then none (every one) again.
    static func next(after current: String?, in choices: [String]) -> String? {
        guard let current, let index = choices.firstIndex(of: current) else { return choices.first }
        return choices.indices.contains(index + 1) ? choices[index + 1] : nil
    }
}
