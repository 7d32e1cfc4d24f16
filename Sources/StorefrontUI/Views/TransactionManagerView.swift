import Foundation
import SampleApp
import AppStoreCore
import Wording

/// The Transaction Manager, the whole screen: a title with the filters, the column titles, a
/// row per transaction (newest first), the selected one's facts, and the keys. The actions
/// list (or the price being typed) opens over it.
enum TransactionManagerView {
    /// Where the list's table starts on a row.
    static let tableX = 1

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
        // Its name, how many, then what narrows the list; the times' zone last, which a narrow
        // window cuts first.
        var title = " \(words.title) · \(words.count(panel.rows.count, panel.hasMore))"
        if panel.isLoading { title += " · \(words.loading)" }
        title += " · \(words.accountFilter(panel.account)) · \(words.productFilter(panel.productID.map { state.title(of: $0) }))"
            + " · \(state.strings.log.zone(state.times.offset(at: state.now)))"
        canvas.fill(x: 0, y: 0, width: width, height: 1, style: .reverse)
        canvas.put(title, x: 0, y: 0, width: width, style: Style(bold: true, reverse: true))

        let outline = panel.outline
        let shown = Array(outline.dropFirst(panel.scroll).prefix(g.capacity))
        let table = TransactionTable(state, rows: shown, width: width - 2)
        canvas.put(table.header, x: tableX, y: 1, width: width - 2, style: .bold)
        for (i, row) in shown.enumerated() {
            let selected = panel.scroll + i == panel.selection && panel.overlay == nil
            let style = selected ? Style(bold: true, reverse: true) : Style(tint: row.standing.managerTint)
            canvas.fill(x: 0, y: g.firstY + i, width: width, height: 1, style: selected ? style : .plain)
            canvas.put(table.line(row), x: tableX, y: g.firstY + i, width: width - 2, style: style)
        }
        if panel.scroll > 0 { canvas.put("↑", x: width - 1, y: g.firstY, style: .dim) }
        if panel.scroll + g.capacity < outline.count || panel.hasMore {
            canvas.put("↓", x: width - 1, y: g.firstY + g.capacity - 1, style: .dim)
        }
        if panel.rows.isEmpty, !panel.isLoading {
            let empty = panel.account == nil && panel.productID == nil ? words.none : words.noneMatching
            canvas.put(empty, x: 1, y: g.firstY, width: width - 2, style: .dim)
        }
        canvas.put(String(repeating: "─", count: width), x: 0, y: g.factsY - 1, style: .dim)
        if outline.indices.contains(panel.selection) {
            for (i, fact) in TransactionFacts.lines(outline[panel.selection], state: state).prefix(Geometry.factLines).enumerated() {
                canvas.put(fact, x: 1, y: g.factsY + i, width: width - 2)
            }
        }
        let keys = switch panel.overlay {
        case .actions(let focus)? where focus?.refundPart != nil: words.refundPartKeys
        case .actions?: words.actionKeys
        case .price?: words.priceKeys
        case .buyOutside?: words.actionKeys
        case .buyOutsideTerms?: state.strings.buyOutside.keys
        case .confirmClearHistory?: words.confirmKeys
        case .signedForm?: words.signedFormKeys
        case nil: words.keys
        }
        canvas.put(keys, x: 1, y: layout.height - 1, width: width - 2, style: .dim)

        switch panel.overlay {
        case .actions(let focus)?: drawActions(state, panel: panel, focus: focus, layout: layout, into: &canvas)
        case .price(let id, let storefront, let text, let edited)?:
            drawPrice(state, productID: id, storefront: storefront, text: text, selected: !edited, layout: layout, into: &canvas)
        case .buyOutside(let focus)?: drawBuyOutside(state, focus: focus, layout: layout, into: &canvas)
        case .buyOutsideTerms(let id, let offer, let autoRenew)?:
            BuyOutsideTermsSheet.draw(state, productID: id, offer: offer, autoRenew: autoRenew, layout: layout, into: &canvas)
        case .confirmClearHistory?: drawConfirmClear(state, layout: layout, into: &canvas)
        case .signedForm(let id, let summary)?:
            SignedFormSheet.draw(state, transactionID: id, summary: summary, signed: panel.selected?.hasSignedForm == true,
                                 layout: layout, into: &canvas)
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
        // What a refund by the time left in a subscription's period refunds now.
        let timeLeft = try? t.timeLeftPercentage(at: state.now)
        let box = layout.dialog(width: 56, height: max(actions.count, noteLines.count) + 2)
        canvas.box(box, title: words.actionsTitle(t.id), style: .tint(.accent), titleStyle: .tint(.accent, bold: true))
        canvas.fill(x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2, style: .plain)
        for (i, line) in noteLines.enumerated() {
            canvas.put(line, x: box.x + 2, y: box.y + 1 + i, width: box.width - 4, style: .dim)
        }
        for (i, listed) in actions.enumerated() {
            // The focused row as chosen (a refund's part).
            let selected = focus.map(listed.isSameRow) == true
            let action = selected ? focus ?? listed : listed
            let style = selected ? Style(bold: true, reverse: true) : .plain
            canvas.fill(x: box.x + 1, y: box.y + 1 + i, width: box.width - 2, height: 1, style: style)
            let label = label(action, words, family: state.strings.family, timeLeft: timeLeft)
            canvas.put(" \(label)", x: box.x + 2, y: box.y + 1 + i, width: box.width - 4, style: style)
        }
    }

    /// The products to buy outside the app, each with its price, in a box under a line saying
    /// whose purchase it is.
    private static func drawBuyOutside(_ state: AppState, focus: String?, layout: Layout, into canvas: inout some Canvas) {
        let words = state.strings.manager
        let g = BuyOutsideGeometry(state, focus: focus, layout: layout)
        let box = g.box
        canvas.box(box, title: words.buyOutsideTitle, style: .tint(.accent), titleStyle: .tint(.accent, bold: true))
        canvas.fill(x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2, style: .plain)
        for (i, line) in g.note.enumerated() {
            canvas.put(line, x: box.x + 2, y: box.y + 1 + i, width: box.width - 4, style: .dim)
        }
        for (i, id) in g.shown.enumerated() {
            let selected = id == focus
            let style = selected ? Style(bold: true, reverse: true) : .plain
            let y = g.firstY + i
            let formatted = state.snapshot.product(id)?.formattedPrice ?? ""
            // The plan subscribed to now says so, as the App Store's subscription page marks it.
            let price = state.isCurrentPlan(id) ? "\(words.currentPlan) · \(formatted)" : formatted
            let priceWidth = DisplayWidth.of(price)
            canvas.fill(x: box.x + 1, y: y, width: box.width - 2, height: 1, style: style)
            canvas.put(" \(state.title(of: id))", x: box.x + 2, y: y, width: box.width - 6 - priceWidth, style: style)
            canvas.put(price, x: box.x + box.width - 3 - priceWidth, y: y, style: style)
        }
    }

    /// Where the products to buy outside the app go at one size, for drawing and clicks.
    struct BuyOutsideGeometry {
        let box: Rect
        let note: [String]
        /// The products in the box, scrolled so the focused one stays in it, from row `firstY`.
        let shown: [String]
        let firstY: Int

        init(_ state: AppState, focus: String?, layout: Layout) {
            let words = state.strings.manager
            let ids = state.productsToBuyOutside
            note = TextWrap.lines(words.buyOutsideNote(state.snapshot.settings.account ?? words.signedOut), width: 52)
            box = layout.dialog(width: 56, height: min(layout.height - 2, note.count + ids.count + 2))
            let room = max(1, box.height - 2 - note.count)
            let index = focus.flatMap(ids.firstIndex(of:)) ?? 0
            let first = max(0, min(index - room + 1, ids.count - room))
            shown = Array(ids.dropFirst(first).prefix(room))
            firstY = box.y + 1 + note.count
        }

        /// The product whose row a click at (x, y) is on.
        func product(atX x: Int, y: Int) -> String? {
            guard x > box.x, x < box.maxX - 1, y >= firstY, y < firstY + shown.count else { return nil }
            return shown[y - firstY]
        }
    }

    /// The new price being typed, with what Enter does.
    private static func drawPrice(_ state: AppState, productID: String, storefront: String, text: String, selected: Bool,
                                  layout: Layout, into canvas: inout some Canvas) {
        let words = state.strings.manager
        let box = layout.dialog(width: 56, height: 6)
        canvas.box(box, title: words.priceIncrease, style: .tint(.accent), titleStyle: .tint(.accent, bold: true))
        canvas.fill(x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2, style: .plain)
        let currency = AppStoreStorefront.named(storefront)?.currency ?? state.storefront.currency
        canvas.put(words.newPrice(state.title(of: productID), "\(currency), \(storefront)"), x: box.x + 2, y: box.y + 1, width: box.width - 4)
        // The price it opened on reads selected: the first key replaces it.
        let end = canvas.put(text, x: box.x + 2, y: box.y + 2, width: box.width - 5, style: selected ? Style(bold: true, reverse: true) : .bold)
        canvas.put("▏", x: end, y: box.y + 2, style: .bold)
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

    /// `timeLeft`: what a refund of the transaction by the time left in its period refunds now.
    static func label(_ action: TransactionAction, _ words: Localized<ManagerStrings>, family: Localized<FamilyStrings>,
                      timeLeft: Int? = nil) -> String {
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
                switch refund.amount {
                case .full: words.refund
                case .percentage(let part): words.refundProrated(Refund.percentText(part))
                case .timeLeft: words.refundProratedTimeLeft(timeLeft.map(Refund.percentText) ?? "")
                }
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

/// The list's columns at one width: date, id, account (with more than one account), product,
/// status and price. Each gets what its rows need; where the width is short, the status gives
/// way first (to 10 columns), then the account, then the product, so a row keeps its price
/// and can be told from its neighbours. An original purchase with renewals is marked ▸ (▾
/// unfolded) with their count, and says where its newest period stands; a renewal under it
/// is indented.
struct TransactionTable {
    let header: String
    private let state: AppState
    private let accountWidth: Int
    private let productWidth: Int
    private let statusWidth: Int
    private let priceWidth: Int
    /// Each row's status by its transaction's id, worked out once for the widths and the lines.
    private let statuses: [String: String]

    static let dateWidth = 16, idWidth = 10, gap = 2

    /// Where the product column starts in a line (a group's ▸ or ▾).
    var productX: Int { Self.dateWidth + Self.idWidth + 2 * Self.gap + (accountWidth > 0 ? accountWidth + Self.gap : 0) }

    init(_ state: AppState, rows: [OutlineRow], width: Int) {
        self.state = state
        let words = state.strings.manager
        let transactions = rows.map(\.transaction)
        let statuses = Dictionary(rows.map { ($0.transaction.id, Self.status($0.standing, state)) }, uniquingKeysWith: { first, _ in first })
        self.statuses = statuses
        let accounts = Set(transactions.compactMap(\.account)).union(state.snapshot.accounts)
        let showsAccount = accounts.count > 1
        let prices = transactions.map { DisplayWidth.of($0.priceText(locale: state.locale) ?? "") }
        priceWidth = max(DisplayWidth.of(words.priceColumn), prices.max() ?? 0)
        // What each column would like: its widest cell, within reason. The product comes
        // first (keeping 10 columns for the status), then the account where 12 columns are
        // left for it (the facts under the list name it anyway), as wide as leaves the status
        // its own width, then the status.
        let productWanted = min(30, max(DisplayWidth.of(words.productColumn),
                                        rows.map { DisplayWidth.of(Self.product($0, state)) }.max() ?? 0))
        let statusWanted = min(24, max(DisplayWidth.of(words.statusColumn), statuses.values.map(DisplayWidth.of).max() ?? 0))
        let accountWanted = min(24, max(DisplayWidth.of(words.accountColumn), accounts.map(DisplayWidth.of).max() ?? 0))
        var room = width - Self.dateWidth - Self.idWidth - priceWidth - 4 * Self.gap
        productWidth = max(8, min(productWanted, room - 10))
        room -= productWidth
        let accountRoom = room - Self.gap - min(statusWanted, 10)
        let accountBeside = min(accountWanted, max(12, room - Self.gap - statusWanted))
        accountWidth = showsAccount && accountRoom >= 12 ? min(accountBeside, accountRoom) : 0
        if accountWidth > 0 { room -= accountWidth + Self.gap }
        statusWidth = max(4, min(statusWanted, room))
        var columns = [Self.cell(words.dateColumn, Self.dateWidth), Self.cell("ID", Self.idWidth)]
        if accountWidth > 0 { columns.append(Self.cell(words.accountColumn, accountWidth)) }
        columns += [Self.cell(words.productColumn, productWidth), Self.cell(words.statusColumn, statusWidth), words.priceColumn]
        header = columns.joined(separator: "  ")
    }

    func line(_ row: OutlineRow) -> String {
        let t = row.transaction
        var columns = [Self.cell(state.times.minute(t.queueState.transactionDate), Self.dateWidth), Self.cell(t.id, Self.idWidth)]
        if accountWidth > 0 { columns.append(Self.cell(t.account ?? "—", accountWidth)) }
        let price = t.priceText(locale: state.locale) ?? ""
        columns += [Self.cell(Self.product(row, state, width: productWidth), productWidth),
                    Self.cell(statuses[t.id] ?? Self.status(row.standing, state), statusWidth),
                    String(repeating: " ", count: max(0, priceWidth - DisplayWidth.of(price))) + price]
        return columns.joined(separator: "  ")
    }

    /// The product cell (within `width`, nil: whole): a group's marker and title with its
    /// count after it, which the title gives way to; a renewal's title indented under its group's.
    static func product(_ row: OutlineRow, _ state: AppState, width: Int? = nil) -> String {
        let t = row.transaction
        let title = state.title(of: t.productID, quantity: t.purchasedQuantity)
        if row.isRenewal { return "  " + title }
        guard !row.renewals.isEmpty else { return title }
        let count = " " + state.strings.manager.renewalCount(row.renewals.count)
        let marker = row.isUnfolded ? "▾ " : "▸ "
        guard let width else { return marker + title + count }
        return marker + DisplayWidth.truncate(title, to: max(1, width - DisplayWidth.of(marker) - DisplayWidth.of(count))) + count
    }

    /// Its status; for a purchase a refund was asked of and not given, where the request
    /// stands; for a subscription's period, its state where it is not plainly paid for.
    static func status(_ t: Transaction, _ state: AppState) -> String {
        let words = state.strings.manager
        if !t.isRevoked, let request = state.snapshot.refundRequests.first(where: { $0.transactionID == t.id }) {
            switch request.status {
            case .pending: return words.refundRequested
            case .declined: return words.refundDeclined
            case .approved: break
            }
        }
        let plain = t.status(state.strings)
        guard t.queueState.phase == nil, t.queueState.state == .purchased || t.queueState.state == .restored,
              t.revocationDate == nil, t.isUpgraded != true, let expires = t.expirationDate else { return plain }
        let original = t.originalID ?? t.id
        if let status = state.snapshot.subscriptions.first(where: { $0.originalTransactionID == original && $0.latestTransactionID == t.id }) {
            switch status.state {
            case .inBillingRetryPeriod: return words.billingRetry
            case .inGracePeriod: return words.gracePeriod
            case .expired: return words.expired
            case .revoked: return words.revoked
            case .subscribed: return plain
            }
        }
        return expires <= state.now ? words.expired : plain
    }

    /// `text` cut or padded to `width` display columns.
    static func cell(_ text: String, _ width: Int) -> String {
        let cut = DisplayWidth.truncate(text, to: width)
        return cut + String(repeating: " ", count: max(0, width - DisplayWidth.of(cut)))
    }
}

/// The selected transaction's purchase facts, a few short lines.
enum TransactionFacts {
    /// For an original purchase with renewals, how many and when the newest was made too.
    static func lines(_ row: OutlineRow, state: AppState) -> [String] {
        let t = row.transaction
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
            second.append(words.paid(price, t.storefront ?? state.storefront.id))
        }
        var third: [String] = []
        if let latest = row.renewals.first {
            third.append(words.renewals(row.renewals.count, times.day(latest.queueState.transactionDate)))
        }
        if let revoked = revocation(t, state: state) { third.append(revoked) }
        if let expires = t.expirationDate { third.append(words.expires(times.dateTime(expires))) }
        if let offer = t.offer { third.append(words.offer(offer.type, offer.paymentMode)) }
        if let error = t.queueState.error { third.append("\(error.domain) \(error.code) \(error.name)") }
        return [first, second, third].filter { !$0.isEmpty }.map { $0.joined(separator: " · ") }
    }

    /// What took it back and why: a refund, how much and its reason, or Family Sharing ended.
    private static func revocation(_ t: Transaction, state: AppState) -> String? {
        guard let date = t.revocationDate else { return nil }
        let words = state.strings.manager, news = state.strings.messages
        let day = state.times.day(date)
        if t.revocationType == .familyRevoke { return words.revokedBySharing(day) }
        let percentage = t.revocationPercentage ?? Refund.fullPercentage
        let kind = percentage >= Refund.fullPercentage ? news.refundFull : news.refundProrated(Refund.percentText(percentage))
        let reason = t.revocationReason == .developerIssue ? news.reasonDeveloperIssue : news.reasonOther
        return words.refundedBecause(day, kind, reason)
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
        if revocationType == .familyRevoke { return words.revoked }
        if let date = revocationDate { return words.refundedOn(TimeDisplay().day(date)) }
        if isFamilyShared, queueState.state == .purchased, queueState.finished { return words.familyShared }
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
