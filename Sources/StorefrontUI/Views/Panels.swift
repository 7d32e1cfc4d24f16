import Foundation
import StoreKitSim

enum SettingsGeometry {
    static func box(_ layout: Layout) -> Rect { layout.dialog(width: 66, height: SettingRow.allCases.count + 5) }
    static func firstRowY(_ layout: Layout) -> Int { box(layout).y + 2 }
}

/// Every store condition as a live toggle, saved in store.json.
enum SettingsPanelView {
    static func draw(_ state: AppState, panel: SettingsPanel, layout: Layout, into canvas: inout some Canvas) {
        let box = SettingsGeometry.box(layout)
        canvas.box(box, title: "Store Conditions", style: .tint(.accent), titleStyle: .tint(.accent, bold: true))
        let s = state.snapshot.settings
        for (i, row) in SettingRow.allCases.enumerated() {
            let y = SettingsGeometry.firstRowY(layout) + i
            let selected = i == panel.selection
            let (value, tint) = describe(row, s)
            let style = selected ? Style(bold: true, reverse: true) : .plain
            canvas.fill(x: box.x + 1, y: y, width: box.width - 2, height: 1, style: selected ? style : .plain)
            canvas.put(row.title, x: box.x + 3, y: y, style: style)
            canvas.put(value, x: box.x + 30, y: y, width: box.width - 32, style: selected ? style : Style(tint: tint, bold: true))
        }
        canvas.put("⏎/→ change  ← back  Esc close · saved in store.json at once", x: box.x + 2, y: box.maxY - 2,
                   width: box.width - 4, style: .dim)
        if let choosing = panel.choosingError { drawErrorChooser(choosing, layout: layout, into: &canvas) }
    }

    static func describe(_ row: SettingRow, _ s: Settings) -> (String, Tint?) {
        func onOff(_ on: Bool, good: Bool) -> (String, Tint?) { (on ? "on" : "off", on == good ? .success : .danger) }
        switch row {
        case .canMakePayments: return onOff(s.canMakePayments, good: true)
        case .askToBuy: return onOff(s.askToBuy, good: false)
        case .network: return onOff(s.network, good: true)
        case .interrupted: return onOff(s.interrupted, good: false)
        case .finishTransactions: return onOff(s.finishTransactions, good: true)
        case .failWith: return s.failWith.map { ("\($0.rawValue) \($0.name)", .danger) } ?? ("off", .success)
        case .account: return (s.account ?? "signed out", s.account == nil ? .warning : nil)
        case .storefront: return (s.storefront, nil)
        case .latency: return ("\(s.latencyMilliseconds) ms", nil)
        }
    }

    static func drawErrorChooser(_ highlighted: Int, layout: Layout, into canvas: inout some Canvas) {
        let codes = FailureChoices.all
        let box = layout.dialog(width: 50, height: min(codes.count + 4, layout.height - 2))
        canvas.box(box, title: "Fail Purchases With", style: .tint(.danger), titleStyle: .tint(.danger, bold: true))
        let visible = box.height - 3
        let first = max(0, min(highlighted - visible / 2, codes.count - visible))
        for (i, code) in codes.dropFirst(first).prefix(visible).enumerated() {
            let selected = first + i == highlighted
            let label = code.map { "\(String($0.rawValue).leftPad(2)) \($0.name)" } ?? " – off: purchases go through"
            let text = DisplayWidth.pad(label, to: box.width - 4)
            canvas.put(text, x: box.x + 2, y: box.y + 1 + i, style: selected ? Style(bold: true, reverse: true) : .plain)
        }
        canvas.put("⏎ choose  Esc back", x: box.x + 2, y: box.maxY - 2, style: .dim)
    }
}

/// What the failure-injection chooser offers: off, then every StoreKit error code.
enum FailureChoices {
    static let all: [SKErrorCode?] = [nil] + SKErrorCode.allCases
}

extension String {
    func leftPad(_ n: Int) -> String { String(repeating: " ", count: max(0, n - count)) + self }
}

/// Ask to Buy requests and interrupted purchases, with Approve / Decline.
enum ApprovalsView {
    static func draw(_ state: AppState, panel: ApprovalsPanel, layout: Layout, into canvas: inout some Canvas) {
        let waiting = state.snapshot.pendingApprovals + state.snapshot.interruptions
        let box = layout.dialog(width: 76, height: max(7, waiting.count + 6))
        canvas.box(box, title: "Waiting: Ask to Buy and Interrupted Purchases", style: .tint(.warning), titleStyle: .tint(.warning, bold: true))
        if waiting.isEmpty {
            canvas.put("No requests are waiting.", x: box.x + 2, y: box.y + 2)
        }
        for (i, t) in waiting.enumerated() {
            let y = box.y + 2 + i
            guard y < box.maxY - 2 else { break }
            let selected = i == panel.selection
            let product = state.snapshot.product(t.productID)
            let quantity = t.quantity > 1 ? " ×\(t.quantity)" : ""
            let price = product.map { $0.formattedPrice(quantity: t.quantity) } ?? ""
            let kind = t.state == .deferred ? "ask to buy " : "interrupted"
            let text = "\(t.id)  \(kind)  \(state.title(of: t.productID))\(quantity)  \(price)"
            canvas.put(text, x: box.x + 2, y: y, width: box.width - 26, style: selected ? .bold : .plain)
            let buttons = t.state == .deferred ? ["Approve", "Decline"] : ["Agree to terms"]
            var x = box.maxX - 24
            for (b, title) in buttons.enumerated() {
                let focused = selected && (buttons.count == 1 || b == panel.focus)
                x = canvas.put("[\(title)]", x: x, y: y, style: focused ? Style(tint: .warning, bold: true, reverse: true) : .dim) + 1
            }
        }
        canvas.put("↑↓ choose  Tab ←→ switch  ⏎ press · also: storefront approve|resolve", x: box.x + 2, y: box.maxY - 2,
                   width: box.width - 4, style: .dim)
    }
}

/// The keys, all in one place.
enum HelpOverlay {
    static let keys: [(String, String)] = [
        ("↑ ↓  k j", "move"), ("PgUp PgDn  g G", "page, top, bottom"),
        ("Enter  Space", "read free or owned content, or start buying"),
        ("Esc", "close; in the purchase sheet: Cancel"), ("Tab  ← →  h l", "move between buttons"),
        ("+ −", "quantity in the purchase sheet"), ("s", "store conditions (restrictions)"),
        ("a", "Ask to Buy approvals"), ("l", "full transaction log"), ("r", "restore purchases"),
        ("R", "retry loading products"), ("D", "delete app data (simulated reinstall)"),
        ("?", "this help"), ("q", "quit"), ("mouse", "click selects, click again opens"),
    ]

    static func draw(_ layout: Layout, into canvas: inout some Canvas) {
        let box = layout.dialog(width: 72, height: keys.count + 4)
        canvas.box(box, title: "Keys", style: .tint(.accent), titleStyle: .tint(.accent, bold: true))
        for (i, (key, text)) in keys.enumerated() where box.y + 1 + i < box.maxY - 2 {
            canvas.put(key, x: box.x + 2, y: box.y + 1 + i, style: .bold)
            canvas.put(text, x: box.x + 20, y: box.y + 1 + i, width: box.width - 22)
        }
        canvas.put("Esc or ? to close", x: box.x + 2, y: box.maxY - 2, style: .dim)
    }
}
