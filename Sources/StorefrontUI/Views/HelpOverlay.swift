import Foundation
import SampleApp
import Wording

/// The keys, all in one place (`?`, which opens it, is in its closing line).
enum HelpOverlay {
    static func keys(_ strings: Strings) -> [(String, String)] {
        let words = strings.keys
        return [
            ("↑ ↓  k j", words.move), ("PgUp PgDn  g G", words.helpPage),
            ("Enter  Space", words.helpOpen),
            ("Esc  q", words.helpClosing),
            ("Tab  ← →  h l", words.helpButtons),
            ("+ −", words.helpQuantity), ("s", words.helpConditions),
            // Paired where they belong together, so every key fits the smallest terminal.
            ("a  m", words.helpApprovalsAndManage), ("l  t  p", words.helpLogManagerAndRefund),
            ("r  R", words.helpRestore), ("u", strings.unconsumed.help),
            ("o", words.helpRedeemCode), ("D", words.helpDelete),
            (words.mouse, words.helpMouse),
        ]
    }

    static func draw(_ strings: Strings, layout: Layout, into canvas: inout some Canvas) {
        let keys = keys(strings)
        let box = layout.dialog(width: 72, height: keys.count + 4)
        canvas.box(box, title: strings.keys.helpTitle, style: .tint(.accent), titleStyle: .tint(.accent, bold: true))
        for (i, (key, text)) in keys.enumerated() where box.y + 1 + i < box.maxY - 2 {
            canvas.put(key, x: box.x + 2, y: box.y + 1 + i, style: .bold)
            canvas.put(text, x: box.x + 20, y: box.y + 1 + i, width: box.width - 22)
        }
        canvas.put(strings.keys.helpClose, x: box.x + 2, y: box.maxY - 2, style: .dim)
    }
}
