import Foundation
import SampleApp
import Wording

/// The keys, one to a line (`?`, which opens it, is in its closing line). A terminal too short
/// for all of them scrolls the list with ↑ ↓, as the other panels do.
enum HelpOverlay {
    static func keys(_ strings: Strings) -> [(String, String)] {
        let words = strings.keys
        return [
            ("↑ ↓  k j", words.move), ("PgUp PgDn  g G", words.helpPage),
            ("Enter  Space", words.helpOpen),
            ("Esc  q", words.helpClosing),
            ("Tab  ← →  h l", words.helpButtons),
            ("+ −", words.helpQuantity), ("s", words.helpConditions),
            ("a", words.helpApprovals), ("m", words.helpManage),
            ("l", words.helpLog), ("t", words.helpManager),
            ("b", words.helpBuyOutside), ("← →  Space", words.helpBuyOutsideTerms), ("p", words.helpRefund),
            ("r", words.helpRestore), ("R", words.helpRetryProducts), ("u", strings.unconsumed.help),
            ("o", words.helpRedeemCode), ("D", words.helpDelete),
            (words.mouse, words.helpMouse),
        ]
    }

    /// The box: every key, a blank line and the closing line inside a border, as tall as the
    /// terminal lets it be.
    static func box(keyCount: Int, layout: Layout) -> Rect {
        layout.dialog(width: 72, height: keyCount + 4)
    }

    /// How many keys the box shows at once.
    static func visibleRows(keyCount: Int, layout: Layout) -> Int {
        max(1, box(keyCount: keyCount, layout: layout).height - 4)
    }

    /// How far the list scrolls: 0 when every key fits.
    static func maxScroll(_ strings: Strings, layout: Layout) -> Int {
        let count = keys(strings).count
        return max(0, count - visibleRows(keyCount: count, layout: layout))
    }

    static func draw(_ strings: Strings, scroll: Int, layout: Layout, into canvas: inout some Canvas) {
        let keys = keys(strings)
        let box = box(keyCount: keys.count, layout: layout)
        let rows = visibleRows(keyCount: keys.count, layout: layout)
        let first = max(0, min(scroll, keys.count - rows))
        canvas.box(box, title: strings.keys.helpTitle, style: .tint(.accent), titleStyle: .tint(.accent, bold: true))
        for (i, (key, text)) in keys.dropFirst(first).prefix(rows).enumerated() {
            canvas.put(key, x: box.x + 2, y: box.y + 1 + i, style: .bold)
            canvas.put(text, x: box.x + 20, y: box.y + 1 + i, width: box.width - 22)
        }
        let scrolls = rows < keys.count
        let close = scrolls ? strings.keys.helpCloseOrScroll(first, keys.count - rows - first) : strings.keys.helpClose
        canvas.put(close, x: box.x + 2, y: box.maxY - 2, width: box.width - 4, style: .dim)
    }
}
