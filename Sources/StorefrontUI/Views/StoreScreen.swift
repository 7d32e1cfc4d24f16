import Foundation
import SampleApp
import AppStoreCore

/// The store: header, the list of sections, the detail pane, the live log and the footer.
enum StoreScreen {
    static func draw(_ state: AppState, layout: Layout, into canvas: inout some Canvas) {
        HeaderView.draw(state, layout: layout, into: &canvas)
        // The detail pane first: its divider is the column where the list's ↑ ↓ scroll marks go.
        DetailPane.draw(state, rect: layout.detail, into: &canvas)
        drawList(state, layout: layout, into: &canvas)
        LogPane.draw(state, layout: layout, into: &canvas)
        FooterView.draw(state, layout: layout, into: &canvas)
    }

    /// Columns a row's title keeps however long the text at its right.
    static let minimumTitle = 8

    static func drawList(_ state: AppState, layout: Layout, into canvas: inout some Canvas) {
        let rect = layout.list
        let rows = state.rows
        for line in 0..<rect.height {
            let index = state.scroll + line
            guard rows.indices.contains(index) else { break }
            let y = rect.y + line
            let selected = index == state.selection && state.mode == .store
            let cell = RowText(rows[index], state: state)
            if case .section = rows[index] {
                canvas.put(cell.title.uppercased(), x: rect.x + 1, y: y, width: rect.width - 1, style: .tint(.accent, bold: true))
                continue
            }
            let base = selected ? Style(tint: cell.tint, bold: true, reverse: true) : Style(tint: cell.tint, dim: cell.dim)
            canvas.fill(x: rect.x, y: y, width: rect.width, height: 1, style: selected ? base : .plain)
            // The price keeps its width; the title gives way, down to a few columns of its own.
            let trailing = DisplayWidth.truncate(cell.trailing, to: rect.width - 5 - minimumTitle)
            let trailingWidth = DisplayWidth.of(trailing)
            let titleWidth = rect.width - 5 - trailingWidth
            let title = cell.isIdentifier ? DisplayWidth.truncateStart(cell.title, to: titleWidth) : cell.title
            canvas.put(title, x: rect.x + 3, y: y, width: titleWidth, style: base)
            canvas.put(trailing, x: rect.maxX - 1 - trailingWidth, y: y, style: base)
        }
        if rows.count > rect.height {
            let more = state.scroll + rect.height < rows.count
            if state.scroll > 0 { canvas.put("↑", x: rect.maxX, y: rect.y, style: .dim) }
            if more { canvas.put("↓", x: rect.maxX, y: rect.maxY - 1, style: .dim) }
        }
    }
}

/// A row's words: its title, what stands at its right edge, and how it looks.
struct RowText {
    var title: String
    var trailing = ""
    var tint: Tint?
    var dim = false
    /// The title is an identifier: cut from its start, where identifiers are alike.
    var isIdentifier = false

    init(_ row: StoreRow, state: AppState) {
        let snapshot = state.snapshot
        let words = state.strings.store
        switch row {
        case .section(let name):
            title = name
        case .content(let item, let premium):
            title = item.text(in: state.language).title
            tint = premium ? .premium : nil
            trailing = premium ? words.owned : words.free
        case .premiumOffer(let id):
            title = words.premiumOffer
            tint = .premium
            trailing = RowText.buyLabel(id, state: state)
            dim = state.isRestricted
        case .promotionalOffer(let id, let offerID):
            title = "  " + words.specialOffer
            tint = .premium
            if let product = state.snapshot.product(id), let offer = product.promotionalOffers.first(where: { $0.id == offerID }) {
                trailing = RowText.fitting(state.strings.introductoryTerms(offer, of: product), brief: [], title: title, state: state)
            }
            dim = state.isRestricted || snapshot.productsError != nil || snapshot.isLoadingProducts
        case .product(let id):
            title = state.title(of: id)
            if let units = snapshot.balances[id], units > 0 { title += " ×\(units)" }
            if snapshot.unlocked.contains(id), !state.appDescription.unlocksPremium(id) {
                trailing = words.unlocked
                tint = .success
            } else if state.subscriptionActiveAtStoreOnly(id) == nil, let plan = PlanStatus(id, state: state) {
                // An auto-renewable reads the store's status: never the app's copy or the receipt.
                trailing = RowText.fitting(plan.text, brief: plan.brief, title: title, state: state)
                tint = plan.tint
            } else if let product = state.catalog.product(id), product.type != .consumable, snapshot.isSubscribed(id, now: state.now) {
                trailing = words.active
                tint = .success
            } else {
                trailing = RowText.fitting(RowText.buyLabel(id, state: state), brief: RowText.buyBrief(id, state: state),
                                           title: title, state: state)
                dim = state.isRestricted || snapshot.productsError != nil || snapshot.isLoadingProducts
            }
        case .credits:
            title = "\(words.yourCredits): \(snapshot.credits)"
            trailing = snapshot.credits > 0 ? words.spendOne : words.noCredits
            tint = .accent
        case .invalid(let id):
            title = id
            isIdentifier = true
            let word = RowText.fitting(words.invalidIdentifier, brief: [words.invalidBrief], title: id, state: state)
            // The identifier is what the row is for: where even the shorter word would cut it
            // (`drawList` gives the title what the trailing text leaves), a mark stands for the word.
            let room = Layout(width: state.width, height: state.height).list.width - 5 - DisplayWidth.of(id)
            trailing = DisplayWidth.of(word) <= room ? word : words.invalidMark
            tint = .muted
            dim = true
        }
    }

    /// The first of `full` and its `brief` forms (longest first) that leaves the row's title its
    /// whole width, else the shortest: a long text gives way to a brief form before the title gives way.
    /// The brief forms are made only where the full one does not fit: every row is laid out each frame.
    static func fitting(_ full: String, brief: @autoclosure () -> [String], title: String, state: AppState) -> String {
        let room = Layout(width: state.width, height: state.height).list.width - 5 - 2 - DisplayWidth.of(title)
        if DisplayWidth.of(full) <= room { return full }
        let forms = [full] + brief()
        return forms.first { DisplayWidth.of($0) <= room } ?? forms[forms.count - 1]
    }

    /// The buy row's shorter forms, longest first: a pay-as-you-go offer short with the plan's
    /// price after it ("$0.99/mo for 3 mo, then $2.49/mo"), as the others keep theirs; the offer
    /// alone ("1 week free", "$0.99/month for 3 months"); then a pay-as-you-go offer short
    /// ("$0.99/mo for 3 mo"), its length kept.
    static func buyBrief(_ id: String, state: AppState) -> [String] {
        let offer = buyLabel(id, state: state, brief: true)
        guard state.waitingRequest(for: id) == nil, state.snapshot.productsError == nil, !state.isRestricted,
              state.subscriptionActiveAtStoreOnly(id) == nil, let product = state.snapshot.product(id),
              let short = SubscriptionTerms.rowShortOffer(product, state: state) else { return [offer] }
        return [short.then, offer, short.offer]
    }

    /// What a buy row reads: its price (`brief`: its offer alone), or why it cannot be bought
    /// (as the seeds' apps do).
    static func buyLabel(_ id: String, state: AppState, brief: Bool = false) -> String {
        let words = state.strings.store
        if let waiting = state.waitingRequest(for: id) {
            return waiting.queueState.state == .deferred ? words.waitingForApproval : words.actionNeeded
        }
        if state.snapshot.productsError != nil { return words.networkDown }
        if state.isRestricted { return words.appStoreDisabled }
        if state.subscriptionActiveAtStoreOnly(id) != nil { return words.activeRestore }
        guard let product = state.snapshot.product(id) else {
            return state.snapshot.isLoadingProducts ? words.loading : words.notAvailable
        }
        return SubscriptionTerms.rowLabel(product, state: state, brief: brief)
    }
}
