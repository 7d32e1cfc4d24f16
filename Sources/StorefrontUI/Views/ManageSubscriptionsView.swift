import Foundation
import SampleApp
import AppStoreCore

/// Where Manage Subscriptions' lines go, for drawing and for clicks: the group's name and the
/// current plan's status, the plans, then the actions.
struct ManageSubscriptionsGeometry {
    let plans: [String]
    let actions: [ManageAction]
    let box: Rect

    init(_ state: AppState, panel: ManageSubscriptionsPanel, layout: Layout) {
        plans = state.plans(inGroup: panel.groupID)
        actions = state.manageActions(inGroup: panel.groupID)
        // Name, status, blank; the plans; blank, the actions; blank, the hint; and the borders.
        let height = 3 + max(1, plans.count) + (actions.isEmpty ? 0 : 1 + actions.count) + 2 + 2
        box = layout.dialog(width: 72, height: height)
    }

    var rowCount: Int { plans.count + actions.count }
    var firstPlanY: Int { box.y + 4 }
    var firstActionY: Int { firstPlanY + plans.count + 1 }
    /// The last action's line: Cancel Subscription or Resubscribe.
    var actionY: Int { firstActionY + max(0, actions.count - 1) }

    func y(ofRow row: Int) -> Int { row < plans.count ? firstPlanY + row : firstActionY + row - plans.count }

    /// The row under a click at screen row `y`, if any.
    func row(atY y: Int) -> Int? {
        (0..<rowCount).first { self.y(ofRow: $0) == y }
    }
}

/// Manage Subscriptions, as StoreKit's `showManageSubscriptions` shows it.
enum ManageSubscriptionsView {
    static func draw(_ state: AppState, panel: ManageSubscriptionsPanel, layout: Layout, into canvas: inout some Canvas) {
        let g = ManageSubscriptionsGeometry(state, panel: panel, layout: layout)
        let box = g.box
        let words = state.strings.store
        let inner = box.width - 4
        canvas.box(box, title: words.manageTitle, style: .tint(.accent), titleStyle: .tint(.accent, bold: true))
        guard let group = panel.groupID, !g.plans.isEmpty else {
            canvas.put(words.noSubscriptions, x: box.x + 2, y: box.y + 2, width: inner)
            return
        }
        canvas.put(state.catalog.group(group)?.displayName(for: state.locale) ?? group, x: box.x + 2, y: box.y + 1, width: inner, style: .bold)
        if let status = state.snapshot.subscription(inGroup: group), let plan = PlanStatus(status.productID, state: state) {
            // Its whole words where they fit, else the shorter forms the rows use, never cut.
            let name = state.title(of: status.productID)
            let lines = ([plan.text] + plan.brief).map { "\(name) — \($0)" }
            let line = lines.first { DisplayWidth.of($0) <= inner } ?? lines[lines.count - 1]
            canvas.put(line, x: box.x + 2, y: box.y + 2, width: inner, style: .tint(plan.tint, bold: true))
        }
        let selectable = panel.confirming == nil
        for (i, id) in g.plans.enumerated() {
            let selected = selectable && i == panel.selection
            let plan = PlanStatus(id, state: state)
            let mark = plan?.kind == .current && plan?.status.isLive == true ? "✓" : " "
            let note: String = switch plan?.kind {
            case .current?: plan?.status.isLive == true ? words.current : ""
            case .next?: plan?.text ?? ""
            case .change?: plan?.effect ?? ""
            case nil: ""
            }
            // The plan subscribed to at the price the store charges for it next (an offer's while
            // it goes on); none for a family member's, whose purchaser pays.
            let current = plan?.kind == .current && plan?.status.isLive == true
            // The plan the next renewal is for, at an offer code's terms where one waits for it.
            let next = plan?.kind == .next ? plan.flatMap { state.offerRenewal(of: $0.status, to: id)?.terms } : nil
            let charged = current ? plan.flatMap { state.renewalCharge(of: $0.status) } : next
            let price = current && plan?.status.isFamilyShared == true ? "" : charged ?? state.snapshot.product(id).map { product in
                product.subscriptionPeriod.map { state.strings.sheet.perPeriod(product.formattedPrice, $0) } ?? product.formattedPrice
            } ?? ""
            line(left: "\(mark) \(state.title(of: id))  \(price)", right: note, y: g.y(ofRow: i), box: box, selected: selected,
                 into: &canvas)
        }
        for (i, action) in g.actions.enumerated() {
            let label = state.label(of: action, inGroup: group)
            let row = g.plans.count + i
            let selected = selectable && panel.selection == row
            let style = selected ? Style(bold: true, reverse: true) : Style(tint: action.isCancel ? .danger : .accent, bold: true)
            canvas.fill(x: box.x + 1, y: g.y(ofRow: row), width: box.width - 2, height: 1, style: selected ? style : .plain)
            canvas.put("  \(label)", x: box.x + 2, y: g.y(ofRow: row), width: inner, style: style)
        }
        canvas.put(help(state, group: group), x: box.x + 2, y: box.maxY - 2, width: inner, style: .dim)
        if let confirmation = CancelConfirmation(state, panel: panel) {
            DialogView.draw(confirmation.model, layout: layout, into: &canvas)
        }
    }

    /// Under the plans: a family member's subscription is the purchaser's to change, and once
    /// no longer shared (taken back, or ended) it says so and when; a plan chosen is one's own.
    /// Once a subscription ended, a plan chosen subscribes again: nothing to change.
    static func help(_ state: AppState, group: String) -> String {
        let words = state.strings.store
        guard let status = state.snapshot.subscription(inGroup: group) else { return words.manageHelpEnded }
        if status.isFamilyShared {
            guard !status.isLive else { return words.manageHelpShared }
            let day = state.localDate(status.expiresDate)
            return status.state == .revoked ? words.manageHelpSharingRevoked(day) : words.manageHelpSharingEnded(day)
        }
        return status.isLive ? words.manageHelp : words.manageHelpEnded
    }

    /// A plan's line: what it is at the left, what it reads at the right; the left gives way.
    private static func line(left: String, right: String, y: Int, box: Rect, selected: Bool, into canvas: inout some Canvas) {
        let style = selected ? Style(bold: true, reverse: true) : .plain
        canvas.fill(x: box.x + 1, y: y, width: box.width - 2, height: 1, style: style)
        let right = DisplayWidth.truncate(right, to: box.width - 4 - 12)
        let rightWidth = DisplayWidth.of(right)
        canvas.put(left, x: box.x + 2, y: y, width: box.width - 5 - rightWidth, style: style)
        canvas.put(right, x: box.maxX - 2 - rightWidth, y: y, style: selected ? style : .dim)
    }
}

/// Cancel Subscription's confirmation, over the panel.
struct CancelConfirmation {
    let model: DialogModel

    init?(_ state: AppState, panel: ManageSubscriptionsPanel) {
        guard let focus = panel.confirming, let group = panel.groupID, let status = state.snapshot.subscription(inGroup: group) else { return nil }
        let words = state.strings.store
        let trial = state.manageAction(inGroup: group) == .cancel(freeTrial: true)
        let until = state.localDate(status.accessEndDate ?? status.expiresDate)
        model = DialogModel(title: words.confirmCancellation, lines: [.init(text: words.cancelMessage(trial, until))],
                            buttons: [state.strings.sheet.notNow, words.confirm], focus: focus, frame: .tint(.danger), width: 50)
    }
}
