import Foundation
import SampleApp

/// Where the panel's rows go, for drawing and for clicks: the intro, the column titles, the
/// rows (scrolled to keep the selection in view), then the balances.
struct UnconsumedGeometry {
    let rows: [UnconsumedRow]
    let box: Rect
    /// The rows shown.
    let shown: Range<Int>

    init(_ state: AppState, panel: UnconsumedPanel, layout: Layout) {
        rows = state.unconsumedRows
        let balances = Set(rows.map { $0.balanceKey(state.appDescription) }).count
        let note = rows.contains { if case .earlier = $0 { true } else { false } } ? 1 : 0
        // Intro, blank, titles; the rows; blank, the balances, the note about an earlier
        // balance; the borders.
        let wanted = 3 + max(1, rows.count) + 1 + balances + note + 2
        box = layout.dialog(width: 90, height: wanted)
        let room = max(1, box.height - 2 - 3 - 1 - balances - note)
        let top = min(max(0, panel.selection - room + 1), max(0, rows.count - room))
        shown = top..<min(rows.count, top + room)
    }

    var firstRowY: Int { box.y + 4 }

    func y(ofRow row: Int) -> Int { firstRowY + row - shown.lowerBound }

    func row(atY y: Int) -> Int? {
        shown.first { self.y(ofRow: $0) == y }
    }
}

/// The consumables delivered and not consumed yet, as TOAST IAP's unconsumed purchases.
enum UnconsumedView {
    static func draw(_ state: AppState, panel: UnconsumedPanel, layout: Layout, into canvas: inout some Canvas) {
        let g = UnconsumedGeometry(state, panel: panel, layout: layout)
        let box = g.box
        let words = state.strings.unconsumed
        let inner = box.width - 4
        canvas.box(box, title: words.title, style: .tint(.accent), titleStyle: .tint(.accent, bold: true))
        canvas.put(words.intro, x: box.x + 2, y: box.y + 1, width: inner, style: .dim)
        guard !g.rows.isEmpty else {
            canvas.put(words.none, x: box.x + 2, y: box.y + 3, width: inner)
            return
        }
        let titles = [words.transaction, words.product, words.quantity, words.purchased, words.left]
        canvas.put(cells(titles, inner: inner), x: box.x + 2, y: box.y + 3, width: inner, style: .bold)
        let selection = min(panel.selection, g.rows.count - 1)
        for i in g.shown {
            let selected = i == selection
            let text = cells(Self.cells(of: g.rows[i], state: state), inner: inner)
            canvas.fill(x: box.x + 1, y: g.y(ofRow: i), width: box.width - 2, height: 1,
                        style: selected ? Style(bold: true, reverse: true) : .plain)
            canvas.put(text, x: box.x + 2, y: g.y(ofRow: i), width: inner, style: selected ? Style(bold: true, reverse: true) : .plain)
        }
        if g.shown.lowerBound > 0 { canvas.put("↑", x: box.maxX - 2, y: g.y(ofRow: g.shown.lowerBound), style: .dim) }
        if g.shown.upperBound < g.rows.count { canvas.put("↓", x: box.maxX - 2, y: g.y(ofRow: g.shown.upperBound - 1), style: .dim) }
        var y = g.y(ofRow: g.shown.upperBound) + 1
        let keys = g.rows.map { $0.balanceKey(state.appDescription) }
        for key in keys.indices.filter({ keys.firstIndex(of: keys[$0]) == $0 }).map({ keys[$0] }) where y < box.maxY - 1 {
            let total = key == SampleApp.creditsKey ? state.snapshot.credits : state.snapshot.balances[key] ?? 0
            canvas.put(words.balance(Self.balanceName(key, state: state), total), x: box.x + 2, y: y, width: inner, style: .tint(.accent))
            y += 1
        }
        if g.rows.contains(where: { if case .earlier = $0 { true } else { false } }), y < box.maxY - 1 {
            canvas.put(words.earlierNote, x: box.x + 2, y: y, width: inner, style: .dim)
        }
    }

    /// Transaction, product, quantity, purchase date, what is left.
    static func cells(of row: UnconsumedRow, state: AppState) -> [String] {
        let words = state.strings.unconsumed
        switch row {
        case .earlier(let key, let units):
            return ["—", "\(words.earlier) (\(balanceName(key, state: state)))", "", "", "\(units)"]
        case .purchase(let p):
            return [p.transactionID, state.title(of: p.productID), "×\(p.quantity)", state.times.minute(p.purchaseDate),
                    words.leftOf(p.remaining, p.delivered)]
        }
    }

    /// "credits" in the screen's words, or the consumable's title.
    static func balanceName(_ key: String, state: AppState) -> String {
        key == SampleApp.creditsKey ? state.strings.store.yourCredits : state.title(of: key)
    }

    /// The cells in fixed columns; the product's takes what the others leave.
    private static func cells(_ cells: [String], inner: Int) -> String {
        let widths = [12, 0, 4, 16, 10]
        let product = max(8, inner - widths.reduce(0, +) - 2 * (widths.count - 1))
        return zip(cells, widths).enumerated().map { i, pair in
            let width = i == 1 ? product : pair.1
            return DisplayWidth.pad(DisplayWidth.truncate(pair.0, to: width), to: width)
        }.joined(separator: "  ")
    }
}
