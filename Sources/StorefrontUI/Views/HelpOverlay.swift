import Foundation

/// The keys, all in one place.
enum HelpOverlay {
    static let keys: [(String, String)] = [
        ("↑ ↓  k j", "move"), ("PgUp PgDn  g G", "page, top, bottom"),
        ("Enter  Space", "read or buy; with hold on: the side button"),
        ("Esc  q", "close; in the purchase sheet: Cancel"),
        ("Tab  ← →  h l", "move between buttons; step a store condition"),
        ("+ −", "quantity in the purchase sheet"), ("s", "store conditions (restrictions)"),
        ("a", "Ask to Buy approvals"), ("l", "full transaction log"), ("r", "restore purchases"),
        ("R", "retry loading products"), ("D", "delete app data (simulated reinstall)"),
        ("?", "this help"), ("q", "quit"), ("mouse", "click selects, again opens; wheel scrolls"),
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
