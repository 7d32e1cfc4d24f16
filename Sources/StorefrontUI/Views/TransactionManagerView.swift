import Foundation
import SampleApp
import AppStoreCore
import Wording

/// The Transaction Manager, the whole screen: a title with the filters, the column titles, a
/// row per transaction (newest first), the selected one's facts, and the keys. The actions
/// list (or the price being typed) opens over it.
enum TransactionManagerView {
    /// Where its parts go at one size, for drawing, scrolling and clicks.
    struct Geometry {
        /// The first row's screen row, and how many rows fit.
        let firstY = 2
        let capacity: Int
        /// The facts of the selected transaction: the rows under the list.
        let factsY: Int

        static let factLines = 3

        init(_ state: AppState, layout: Layout) {
            capacity = max(1, layout.height - 2 - Self.factLines - 2)
            factsY = firstY + capacity + 1
        }

        func row(atY y: Int, scroll: Int) -> Int? {
            y >= firstY && y < firstY + capacity ? scroll + (y - firstY) : nil
        }
    }

    static func draw(_ state: AppState, panel: TransactionManagerPanel, layout: Layout, into canvas: inout some Canvas) {
        let words = state.strings.manager
        let g = Geometry(state, layout: layout)
        let width = layout.width
        // What narrows the list and whether it is loading come first: a narrow window cuts the end.
        var title = " \(words.accountFilter(panel.account)) · \(words.productFilter(panel.productID.map { state.title(of: $0) }))"
        if panel.isLoading { title += " · \(words.loading)" }
        title += " · \(words.count(panel.rows.count, panel.hasMore)) · \(words.title)"
            + " · \(state.strings.log.zone(state.times.offset(at: state.now)))"
        canvas.fill(x: 0, y: 0, width: width, height: 1, style: .reverse)
        canvas.put(title, x: 0, y: 0, width: width, style: Style(bold: true, reverse: true))

        let table = TransactionTable(state, width: width - 2)
        canvas.put(table.header, x: 1, y: 1, width: width - 2, style: .bold)
        for (i, t) in panel.rows.dropFirst(panel.scroll).prefix(g.capacity).enumerated() {
            let row = panel.scroll + i
            let selected = row == panel.selection && panel.overlay == nil
            let style = selected ? Style(bold: true, reverse: true) : Style(tint: t.managerTint)
            canvas.fill(x: 0, y: g.firstY + i, width: width, height: 1, style: selected ? style : .plain)
            canvas.put(table.line(t), x: 1, y: g.firstY + i, width: width - 2, style: style)
        }
        if panel.scroll > 0 { canvas.put("↑", x: width - 1, y: g.firstY, style: .dim) }
        if panel.scroll + g.capacity < panel.rows.count || panel.hasMore {
            canvas.put("↓", x: width - 1, y: g.firstY + g.capacity - 1, style: .dim)
        }
        if panel.rows.isEmpty, !panel.isLoading {
            let empty = panel.account == nil && panel.productID == nil ? words.none : words.noneMatching
            canvas.put(empty, x: 1, y: g.firstY, width: width - 2, style: .dim)
        }
        canvas.put(String(repeating: "─", count: width), x: 0, y: g.factsY - 1, style: .dim)
        if let t = panel.selected {
            for (i, fact) in TransactionFacts.lines(t, state: state).prefix(Geometry.factLines).enumerated() {
                canvas.put(fact, x: 1, y: g.factsY + i, width: width - 2)
            }
        }
        let keys = switch panel.overlay {
        case .actions?: words.actionKeys
        case .price?: words.priceKeys
        case .buyOutside?: words.actionKeys
        case .confirmClearHistory?: words.confirmKeys
        case nil: words.keys
        }
        canvas.put(keys, x: 1, y: layout.height - 1, width: width - 2, style: .dim)

        switch panel.overlay {
        case .actions(let focus)?: drawActions(state, panel: panel, focus: focus, layout: layout, into: &canvas)
        case .price(let id, let storefront, let text)?:
            drawPrice(state, productID: id, storefront: storefront, text: text, layout: layout, into: &canvas)
        case .buyOutside(let focus)?: drawBuyOutside(state, focus: focus, layout: layout, into: &canvas)
        case .confirmClearHistory?: drawConfirmClear(state, layout: layout, into: &canvas)
        case nil: break
        }
    }

    /// The selected transaction's actions, a list in a box; or why there are none.
    private static func drawActions(_ state: AppState, panel: TransactionManagerPanel, focus: TransactionAction?, layout: Layout,
                                    into canvas: inout some Canvas) {
        guard let t = panel.selected else { return }
        let words = state.strings.manager
        let actions = state.actions(for: t)
        var notes: [String] = []
        if actions.isEmpty {
            notes = state.otherAccountsSubscription(t).map { [words.otherAccount($0)] } ?? [words.noActions]
        }
        let noteLines = notes.flatMap { TextWrap.lines($0, width: 52) }
        let box = layout.dialog(width: 56, height: max(actions.count, noteLines.count) + 2)
        canvas.box(box, title: words.actionsTitle(t.id), style: .tint(.accent), titleStyle: .tint(.accent, bold: true))
        canvas.fill(x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2, style: .plain)
        for (i, line) in noteLines.enumerated() {
            canvas.put(line, x: box.x + 2, y: box.y + 1 + i, width: box.width - 4, style: .dim)
        }
        for (i, action) in actions.enumerated() {
            let selected = action == focus
            let style = selected ? Style(bold: true, reverse: true) : .plain
            canvas.fill(x: box.x + 1, y: box.y + 1 + i, width: box.width - 2, height: 1, style: style)
            canvas.put(" \(label(action, words, family: state.strings.family))", x: box.x + 2, y: box.y + 1 + i, width: box.width - 4, style: style)
        }
    }

    /// The products to buy outside the app, each with its price, in a box under a line saying
    /// whose purchase it is.
    private static func drawBuyOutside(_ state: AppState, focus: String?, layout: Layout, into canvas: inout some Canvas) {
        let words = state.strings.manager
        let ids = state.productsToBuyOutside
        let note = TextWrap.lines(words.buyOutsideNote(state.snapshot.settings.account ?? words.signedOut), width: 52)
        let box = layout.dialog(width: 56, height: min(layout.height - 2, note.count + ids.count + 2))
        canvas.box(box, title: words.buyOutsideTitle, style: .tint(.accent), titleStyle: .tint(.accent, bold: true))
        canvas.fill(x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2, style: .plain)
        for (i, line) in note.enumerated() {
            canvas.put(line, x: box.x + 2, y: box.y + 1 + i, width: box.width - 4, style: .dim)
        }
        // Scrolled so the focused product stays in the box.
        let room = max(1, box.height - 2 - note.count)
        let index = focus.flatMap(ids.firstIndex(of:)) ?? 0
        let first = max(0, min(index - room + 1, ids.count - room))
        for (i, id) in ids.dropFirst(first).prefix(room).enumerated() {
            let selected = id == focus
            let style = selected ? Style(bold: true, reverse: true) : .plain
            let y = box.y + 1 + note.count + i
            let price = state.snapshot.product(id)?.formattedPrice ?? ""
            let priceWidth = DisplayWidth.of(price)
            canvas.fill(x: box.x + 1, y: y, width: box.width - 2, height: 1, style: style)
            canvas.put(" \(state.title(of: id))", x: box.x + 2, y: y, width: box.width - 6 - priceWidth, style: style)
            canvas.put(price, x: box.x + box.width - 3 - priceWidth, y: y, style: style)
        }
    }

    /// The new price being typed, with what Enter does.
    private static func drawPrice(_ state: AppState, productID: String, storefront: String, text: String, layout: Layout,
                                  into canvas: inout some Canvas) {
        let words = state.strings.manager
        let box = layout.dialog(width: 56, height: 6)
        canvas.box(box, title: words.priceIncrease, style: .tint(.accent), titleStyle: .tint(.accent, bold: true))
        canvas.fill(x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2, style: .plain)
        let currency = AppStoreStorefront.named(storefront)?.currency ?? state.storefront.currency
        canvas.put(words.newPrice(state.title(of: productID), "\(currency), \(storefront)"), x: box.x + 2, y: box.y + 1, width: box.width - 4)
        canvas.put("\(text)▏", x: box.x + 2, y: box.y + 2, width: box.width - 4, style: .bold)
        canvas.put(words.priceHint, x: box.x + 2, y: box.y + 4, width: box.width - 4, style: .dim)
    }

    /// "Clear the purchase history of ACCOUNT?", with what it keeps.
    private static func drawConfirmClear(_ state: AppState, layout: Layout, into canvas: inout some Canvas) {
        let words = state.strings.manager
        let lines = TextWrap.lines(words.clearHistoryQuestion(state.snapshot.settings.account ?? "—"), width: 52)
        let box = layout.dialog(width: 56, height: lines.count + 4)
        canvas.box(box, title: words.clearHistory, style: .tint(.danger), titleStyle: .tint(.danger, bold: true))
        canvas.fill(x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2, style: .plain)
        for (i, line) in lines.enumerated() { canvas.put(line, x: box.x + 2, y: box.y + 1 + i, width: box.width - 4) }
        canvas.put(words.clearHistoryHint, x: box.x + 2, y: box.y + box.height - 2, width: box.width - 4, style: .dim)
    }

    static func label(_ action: TransactionAction, _ words: Localized<ManagerStrings>, family: Localized<FamilyStrings>) -> String {
        switch action {
        case .approve: words.approve
        case .decline: words.decline
        case .resolve: words.resolve
        case .requestPriceIncrease: words.priceIncrease
        case .clearPurchaseHistory: words.clearHistory + "…"
        case .operation(let operation):
            switch operation {
            case .expire: words.expire
            case .renew: words.renew
            case .autoRenew(_, let on): on ? words.autoRenewOn : words.autoRenewOff
            case .fixBilling: words.fixBilling
            case .agreeToPriceIncrease: words.agreePrice
            case .declinePriceIncrease: words.declinePrice
            case .priceIncrease: words.priceIncrease
            case .buyOutsideApp: words.buyOutside
            case .redeemOfferCode: words.redeemCode
            case .promote: words.promote
            case .refund(_, let refund):
                refund.type == .refundFull ? words.refund : words.refundProrated(Refund.percentText(refund.percentage))
            case .deleteTransaction: words.deleteTransaction
            case .clearPurchaseHistory: words.clearHistory
            case .requestRefund: words.requestRefund
            case .approveRefundRequest: words.approveRefundRequest
            case .declineRefundRequest: words.declineRefundRequest
            case .familySharing(_, let on, _): on ? family.startSharing : family.stopSharing
            case .removeFamilyMember: family.leaveFamily
            case .createFamily: family.createFamily
            case .addFamilyMember: family.addMember
            case .familyPurchase: family.memberBuys
            }
        }
    }
}

/// The list's columns at one width: date, id, account (where there is room), product, status
/// and price. The product and the account share what the others leave.
struct TransactionTable {
    let header: String
    private let state: AppState
    private let accountWidth: Int
    private let productWidth: Int

    static let dateWidth = 16, idWidth = 10, statusWidth = 22, priceWidth = 10

    init(_ state: AppState, width: Int) {
        self.state = state
        let words = state.strings.manager
        let rest = max(8, width - Self.dateWidth - Self.idWidth - Self.statusWidth - Self.priceWidth - 10)
        accountWidth = rest >= 36 ? rest * 2 / 5 : 0
        productWidth = rest - accountWidth - (accountWidth > 0 ? 2 : 0)
        var columns = [Self.cell(words.dateColumn, Self.dateWidth), Self.cell("ID", Self.idWidth)]
        if accountWidth > 0 { columns.append(Self.cell(words.accountColumn, accountWidth)) }
        columns += [Self.cell(words.productColumn, productWidth), Self.cell(words.statusColumn, Self.statusWidth), words.priceColumn]
        header = columns.joined(separator: "  ")
    }

    func line(_ t: Transaction) -> String {
        var columns = [Self.cell(state.times.minute(t.queueState.transactionDate), Self.dateWidth), Self.cell(t.id, Self.idWidth)]
        if accountWidth > 0 { columns.append(Self.cell(t.account ?? "—", accountWidth)) }
        columns += [Self.cell(state.title(of: t.productID, quantity: t.purchasedQuantity), productWidth),
                    Self.cell(status(t), Self.statusWidth), t.priceText(locale: state.locale) ?? ""]
        return columns.joined(separator: "  ")
    }

    /// Its status, or, for a purchase a refund was asked of and not given, where the request stands.
    private func status(_ t: Transaction) -> String {
        guard !t.isRevoked, let request = state.snapshot.refundRequests.first(where: { $0.transactionID == t.id }) else {
            return t.status(state.strings)
        }
        switch request.status {
        case .pending: return state.strings.manager.refundRequested
        case .declined: return state.strings.manager.refundDeclined
        case .approved: return t.status(state.strings)
        }
    }

    /// `text` cut or padded to `width` display columns.
    static func cell(_ text: String, _ width: Int) -> String {
        let cut = DisplayWidth.truncate(text, to: width)
        return cut + String(repeating: " ", count: max(0, width - DisplayWidth.of(cut)))
    }
}

/// The selected transaction's purchase facts, a few short lines.
enum TransactionFacts {
    static func lines(_ t: Transaction, state: AppState) -> [String] {
        let words = state.strings.manager
        let times = state.times
        var first = [t.account ?? "—", "\(state.title(of: t.productID, quantity: t.purchasedQuantity)) (\(t.productID))"]
        if let reason = t.reason { first.append(words.reason(reason)) }
        if t.isFamilyShared { first.append(state.strings.family.familyShared) }
        var second: [String] = []
        if let date = t.purchaseDate { second.append(words.purchased(times.dateTime(date))) }
        if let original = t.originalID, let date = t.originalPurchaseDate {
            second.append(words.originally(original, times.day(date)))
        }
        if let price = t.priceText(locale: state.locale) {
            second.append(words.paid(price, t.currency ?? "", t.storefront ?? state.storefront.id))
        }
        var third: [String] = []
        if let expires = t.expirationDate { third.append(words.expires(times.dateTime(expires))) }
        if let offer = t.offer { third.append(words.offer(offer.type, offer.paymentMode)) }
        if let error = t.queueState.error { third.append("\(error.domain) \(error.code) \(error.name)") }
        return [first, second, third].filter { !$0.isEmpty }.map { $0.joined(separator: " · ") }
    }
}

extension Transaction {
    /// What the list says of it: its state, and what it waits for or what became of it.
    func status(_ strings: Strings) -> String {
        let words = strings.manager
        switch queueState.phase {
        case .sheetOpen?: return words.sheetOpen
        case .held?: return words.held
        case .waitingForStore?: return words.inFlight
        case .deferred?: return words.waitingApproval
        case .interrupted?: return words.interrupted
        case nil: break
        }
        if hasLapsed { return words.lapsed }
        if revocationType == .familyRevoke { return strings.family.sharingEnded }
        if let date = revocationDate { return words.refundedOn(TimeDisplay().day(date)) }
        if isFamilyShared, queueState.state == .purchased, queueState.finished { return strings.family.familyShared }
        if isUpgraded == true { return words.upgraded }
        let state = strings.log.state(queueState.state)
        return queueState.finished || queueState.state == .failed ? state : "\(state) (\(words.unfinished))"
    }

    /// What it charged, in its own storefront's currency; nil when nothing is known.
    func priceText(locale: String) -> String? {
        guard let price else { return nil }
        guard let front = storefront.flatMap(AppStoreStorefront.named) else { return "\(price) \(currency ?? "")" }
        return front.format(price, locale: locale)
    }

    /// Its row's colour: failures red, waiting amber, the rest plain.
    var managerTint: Tint? {
        switch queueState.state {
        case .failed: queueState.phase == .interrupted ? .warning : .danger
        case .deferred: .warning
        default: nil
        }
    }
}
