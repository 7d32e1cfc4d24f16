import StoreKitSim

/// Ask to Buy requests and interrupted purchases, with Approve / Decline.
enum ApprovalsView {
    static func draw(_ state: AppState, panel: ApprovalsPanel, layout: Layout, into canvas: inout some Canvas) {
        let g = Geometry(state, layout: layout)
        let box = g.box
        canvas.box(box, title: "Waiting: Ask to Buy and Interrupted Purchases", style: .tint(.warning), titleStyle: .tint(.warning, bold: true))
        guard !g.rows.isEmpty else {
            canvas.put("No requests are waiting.", x: box.x + 2, y: box.y + 2)
            return
        }
        for (i, row) in g.rows.enumerated().prefix(g.visibleRows) {
            let selected = i == panel.selection
            canvas.put(g.cells(of: row).joined(separator: Columns.gap), x: box.x + 2, y: g.y(ofRow: i),
                       style: selected ? .bold : .plain)
            for (b, (title, rect)) in zip(row.buttons, g.buttons(ofRow: i)).enumerated() {
                let focused = selected && (row.buttons.count == 1 || b == panel.focus)
                canvas.put("[\(title)]", x: rect.x, y: rect.y, style: focused ? Style(tint: .warning, bold: true, reverse: true) : .dim)
            }
        }
        // The keys are in the footer; this says where else the same can be done.
        let command = "storefront approve|decline|resolve ID"
        let note = "Also from another terminal: \(command)"
        canvas.put(DisplayWidth.of(note) <= box.width - 4 ? note : "Also: \(command)", x: box.x + 2, y: box.maxY - 2,
                   width: box.width - 4, style: .dim)
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

        init(_ state: AppState, layout: Layout) {
            rows = (state.snapshot.pendingApprovals + state.snapshot.interruptions).map { Row($0, state: state) }
            columns = Columns(rows)
            // Wide enough for every title in full when the terminal allows it.
            box = layout.dialog(width: max(76, columns.total + 4), height: max(7, rows.count + 6))
            let withKind = box.width - 4 - (columns.total - columns.title)
            showsKind = withKind >= min(columns.title, 12)
            titleWidth = max(1, showsKind ? withKind : withKind + columns.kind + Columns.gap.count)
        }

        /// The rows the box has room for.
        var visibleRows: Int { max(0, min(rows.count, box.maxY - 2 - (box.y + 2))) }

        func y(ofRow i: Int) -> Int { box.y + 2 + i }

        func cells(of row: Row) -> [String] {
            var cells = [DisplayWidth.pad(row.id, to: columns.id)]
            if showsKind { cells.append(DisplayWidth.pad(row.kind, to: columns.kind)) }
            cells.append(DisplayWidth.pad(row.title, to: titleWidth))
            if columns.quantity > 0 { cells.append(DisplayWidth.pad(row.quantity, to: columns.quantity)) }
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
            let row = y - (box.y + 2)
            guard (0..<visibleRows).contains(row), x > box.x, x < box.maxX - 1 else { return nil }
            return (row, buttons(ofRow: row).firstIndex { $0.contains(x: x, y: y) })
        }
    }

    /// Whether any waiting row offers two buttons to choose between (Approve / Decline).
    static func hasChoice(_ state: AppState) -> Bool {
        !state.snapshot.pendingApprovals.isEmpty
    }

    /// One waiting transaction's cells.
    struct Row {
        var id, kind, title, quantity, price: String
        var buttons: [String]

        init(_ t: Transaction, state: AppState) {
            id = t.id
            kind = t.state == .deferred ? "ask to buy" : "interrupted"
            title = state.title(of: t.productID)
            // A column of its own, so a shortened title never takes the quantity with it.
            quantity = t.quantity > 1 ? "×\(t.quantity)" : ""
            price = state.snapshot.product(t.productID)?.formattedPrice(quantity: t.quantity) ?? ""
            buttons = t.state == .deferred ? ["Approve", "Decline"] : ["Agree to terms"]
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
