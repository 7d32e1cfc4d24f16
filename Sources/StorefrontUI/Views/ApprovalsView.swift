import StoreKitSim

/// Ask to Buy requests and interrupted purchases, with Approve / Decline.
enum ApprovalsView {
    static func draw(_ state: AppState, panel: ApprovalsPanel, layout: Layout, into canvas: inout some Canvas) {
        let rows = (state.snapshot.pendingApprovals + state.snapshot.interruptions).map { Row($0, state: state) }
        let columns = Columns(rows)
        // Wide enough for every title in full when the terminal allows it.
        let box = layout.dialog(width: max(76, columns.total + 4), height: max(7, rows.count + 6))
        canvas.box(box, title: "Waiting: Ask to Buy and Interrupted Purchases", style: .tint(.warning), titleStyle: .tint(.warning, bold: true))
        guard !rows.isEmpty else {
            canvas.put("No requests are waiting.", x: box.x + 2, y: box.y + 2)
            return
        }
        let titleWidth = max(1, box.width - 4 - (columns.total - columns.title))
        for (i, row) in rows.enumerated() {
            let y = box.y + 2 + i
            guard y < box.maxY - 2 else { break }
            let selected = i == panel.selection
            var cells = [DisplayWidth.pad(row.id, to: columns.id), DisplayWidth.pad(row.kind, to: columns.kind),
                         DisplayWidth.pad(row.title, to: titleWidth)]
            if columns.quantity > 0 { cells.append(DisplayWidth.pad(row.quantity, to: columns.quantity)) }
            cells.append(DisplayWidth.padLeft(row.price, to: columns.price))
            let text = cells
            var x = canvas.put(text.joined(separator: Columns.gap) + Columns.gap, x: box.x + 2, y: y,
                               style: selected ? .bold : .plain)
            for (b, title) in row.buttons.enumerated() {
                let focused = selected && (row.buttons.count == 1 || b == panel.focus)
                x = canvas.put("[\(title)]", x: x, y: y, style: focused ? Style(tint: .warning, bold: true, reverse: true) : .dim) + 1
            }
        }
        // The keys are in the footer; this says where else the same can be done.
        let command = "storefront approve|decline|resolve ID"
        let note = "Also from another terminal: \(command)"
        canvas.put(DisplayWidth.of(note) <= box.width - 4 ? note : "Also: \(command)", x: box.x + 2, y: box.maxY - 2,
                   width: box.width - 4, style: .dim)
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
