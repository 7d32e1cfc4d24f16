import SampleApp
import AppStoreCore
import Wording

/// Ask to Buy requests and interrupted purchases, with Approve / Decline.
enum ApprovalsView {
    static func draw(_ state: AppState, panel: ApprovalsPanel, layout: Layout, into canvas: inout some Canvas) {
        let g = Geometry(state, layout: layout, scroll: panel.scroll)
        let box = g.box
        let words = state.strings.approvals
        canvas.box(box, title: words.title, style: .tint(.warning), titleStyle: .tint(.warning, bold: true))
        guard !g.rows.isEmpty else {
            canvas.put(words.noneWaiting, x: box.x + 2, y: box.y + 2, width: box.width - 4)
            return
        }
        for i in g.shown {
            let row = g.rows[i]
            let selected = i == panel.selection
            canvas.put(g.cells(of: row).joined(separator: Columns.gap), x: box.x + 2, y: g.y(ofRow: i),
                       style: selected ? .bold : .plain)
            for (b, (title, rect)) in zip(row.buttons, g.buttons(ofRow: i)).enumerated() {
                let focused = selected && (row.buttons.count == 1 || b == panel.focus)
                canvas.put("[\(title)]", x: rect.x, y: rect.y, style: focused ? Style(tint: .warning, bold: true, reverse: true) : .dim)
            }
        }
        // Marks at the right edge when the list continues above or below, as in the store list.
        if g.scroll > 0 { canvas.put("↑", x: box.maxX - 2, y: g.y(ofRow: g.scroll), style: .dim) }
        if g.shown.upperBound < g.rows.count { canvas.put("↓", x: box.maxX - 2, y: g.y(ofRow: g.shown.upperBound - 1), style: .dim) }
        for (i, line) in g.hint.enumerated() {
            canvas.put(line, x: box.x + 2, y: box.maxY - 1 - g.hint.count + i, width: box.width - 4, style: .dim)
        }
    }

    /// The keys are in the footer; this says where else the same can be done: on one line
    /// when it fits, else shorter and wrapped at spaces, so a long --data-dir cuts no word
    /// and the subcommand stays whole.
    static func hint(_ commandLine: CommandLineHint, width: Int, strings: Strings) -> [String] {
        let action = "approve|decline|resolve ID"
        let command = commandLine.command(action)
        let note = strings.approvals.alsoFromAnotherTerminal(command)
        if DisplayWidth.of(note) <= width { return [note] }
        var lines = TextWrap.lines(strings.approvals.also(String(command.dropLast(action.count + 1))), width: width)
        if let last = lines.last, DisplayWidth.of(last) + 1 + DisplayWidth.of(action) <= width {
            lines[lines.count - 1] += " " + action
        } else {
            lines.append(action)
        }
        return lines
    }

    /// Where the panel's rows and buttons are, for drawing and for clicks.
    struct Geometry {
        let rows: [Row]
        let columns: Columns
        let box: Rect
        /// The title column: whatever the box leaves once the other columns are whole.
        let titleWidth: Int
        /// The "ask to buy" / "interrupted" column, which a narrow box leaves out for the
        /// title's sake: the buttons tell the two apart too.
        let showsKind: Bool

        /// The first row shown: the panel scrolls when there are more requests than room.
        let scroll: Int
        /// The lines under the rows saying where else requests can be answered.
        let hint: [String]

        init(_ state: AppState, layout: Layout, scroll: Int = 0) {
            rows = state.snapshot.waitingRequests.map { Row($0, state: state) }
            columns = Columns(rows)
            // Wide enough for every title in full when the terminal allows it.
            let width = max(76, columns.total + 4)
            hint = ApprovalsView.hint(state.commandLine, width: layout.dialog(width: width, height: 0).width - 4,
                                      strings: state.strings)
            box = layout.dialog(width: width, height: max(6 + hint.count, rows.count + 4 + hint.count))
            let withKind = box.width - 4 - (columns.total - columns.title)
            showsKind = withKind >= min(columns.title, 12)
            titleWidth = max(1, showsKind ? withKind : withKind + columns.kind + Columns.gap.count)
            self.scroll = max(0, min(scroll, rows.count - (box.maxY - 1 - hint.count - (box.y + 2))))
        }

        /// How many rows the box has room for, above the hint.
        var capacity: Int { max(0, box.maxY - 1 - hint.count - (box.y + 2)) }

        /// The rows on screen.
        var shown: Range<Int> { scroll..<min(rows.count, scroll + capacity) }

        func y(ofRow i: Int) -> Int { box.y + 2 + i - scroll }

        func cells(of row: Row) -> [String] {
            var cells = [DisplayWidth.pad(row.id, to: columns.id)]
            if showsKind { cells.append(DisplayWidth.pad(row.kind, to: columns.kind)) }
            // The quantity follows the title and is never cut; a row without one gives its
            // title that room.
            let room = titleWidth + (columns.quantity > 0 ? Columns.gap.count + columns.quantity : 0)
            let title = row.quantity.isEmpty ? row.title
                : DisplayWidth.truncate(row.title, to: room - DisplayWidth.of(row.quantity) - 1) + " " + row.quantity
            cells.append(DisplayWidth.pad(title, to: room))
            cells.append(DisplayWidth.padLeft(row.price, to: columns.price))
            return cells
        }

        func buttons(ofRow i: Int) -> [Rect] {
            let cells = cells(of: rows[i])
            var x = box.x + 2 + cells.reduce(0) { $0 + DisplayWidth.of($1) } + cells.count * Columns.gap.count
            return rows[i].buttons.map { title in
                let rect = Rect(x: x, y: y(ofRow: i), width: DisplayWidth.of(title) + 2, height: 1)
                x += rect.width + 1
                return rect
            }
        }

        /// The row under a click, and the button if the click is on one.
        func hit(x: Int, y: Int) -> (row: Int, button: Int?)? {
            let row = scroll + y - (box.y + 2)
            guard shown.contains(row), x > box.x, x < box.maxX - 1 else { return nil }
            return (row, buttons(ofRow: row).firstIndex { $0.contains(x: x, y: y) })
        }
    }

    /// One waiting transaction's cells.
    struct Row {
        var id, kind, title, quantity, price: String
        var buttons: [String]

        init(_ t: Transaction, state: AppState) {
            let words = state.strings.approvals
            id = t.id
            kind = t.queueState.state == .deferred ? words.askToBuy : words.interrupted
            title = state.title(of: t.productID)
            // A column of its own, so a shortened title never takes the quantity with it.
            quantity = t.purchasedQuantity > 1 ? "×\(t.purchasedQuantity)" : ""
            price = state.snapshot.product(t.productID)?.formattedPrice(quantity: t.purchasedQuantity) ?? ""
            buttons = t.queueState.state == .deferred ? [words.approve, words.decline] : [words.agreeToTerms]
        }

        /// The buttons as drawn: bracketed, a space apart.
        var buttonsWidth: Int { buttons.reduce(-1) { $0 + DisplayWidth.of($1) + 3 } }
    }

    /// Each column's display width: the widest cell in it. Only the title column takes up
    /// the box's slack or gives way when the box is narrower, so prices and buttons stay
    /// whole and aligned.
    struct Columns {
        static let gap = "  "
        var id = 0, kind = 0, title = 0, quantity = 0, price = 0, buttons = 0

        init(_ rows: [Row]) {
            for row in rows {
                id = max(id, DisplayWidth.of(row.id))
                kind = max(kind, DisplayWidth.of(row.kind))
                title = max(title, DisplayWidth.of(row.title))
                quantity = max(quantity, DisplayWidth.of(row.quantity))
                price = max(price, DisplayWidth.of(row.price))
                buttons = max(buttons, row.buttonsWidth)
            }
        }

        var total: Int {
            let gaps = (quantity > 0 ? 5 : 4) * Columns.gap.count
            return id + kind + title + quantity + price + buttons + gaps
        }
    }
}
