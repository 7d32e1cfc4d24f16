import AppStoreCore
import Wording

/// The sheet over the Transaction Manager for a subscription bought outside the app, as
/// Xcode's "+" sheet: the terms the purchase will apply, as the product's row writes them
/// ("1 week free, then $4.99/month"), the offer chosen and whether it renews, then Cancel and Buy.
enum BuyOutsideTermsSheet {
    /// Where its parts go at one size, for drawing and clicks.
    struct Geometry {
        let box: Rect
        let lines: [(String, Style)]
        /// The offer's row and the auto-renew check box's, as screen rows (nil: not shown).
        let offerY: Int?
        let renewsY: Int?
        /// Cancel and Buy, as `Layout.buttons` places a dialog's buttons.
        let buttonLabels: [String]
        let buttons: [Rect]

        init(_ state: AppState, productID: String, offer: OutsidePurchaseTerms.Offer, autoRenew: Bool, layout: Layout) {
            let words = state.strings.buyOutside
            let product = state.snapshot.product(productID)
            let chosen = state.catalog.product(productID)?.subscription?.offer(for: offer)?.priced(in: state.storefront)
            let change = state.outsidePlanChange(productID)
            var lines: [(String, Style)] = [(state.title(of: productID), .bold)]
            if let change {
                // Another plan of a group subscribed to: when it starts and what becomes of the
                // plan now, as the purchase sheet says it (its closing line is the note's here).
                lines += change.lines.dropLast().flatMap { line in TextWrap.lines(line.text, width: 52).map { ($0, line.style) } }
            } else if let product {
                let terms = OutsidePurchaseTerms(offer: offer, autoRenew: autoRenew)
                lines.append((state.strings.outsidePurchaseCharge(product, offer: chosen, terms: terms), .plain))
            }
            lines.append(("", .plain))
            let offerRow = lines.count
            lines.append((words.offer(BuyOutsideTermsSheet.name(of: offer, words)), Style(bold: true, reverse: true)))
            // A downgrade starts at the renewal, renewing: there is no auto-renew to choose.
            var renewsRow: Int?
            if change?.atRenewal == true {
                lines += TextWrap.lines(words.renewsNote, width: 52).map { ($0, .dim) }
            } else {
                renewsRow = lines.count
                lines.append((words.renews(autoRenew), .plain))
                lines += TextWrap.lines(autoRenew ? words.renewsNote : words.endsNote, width: 52).map { ($0, .dim) }
            }
            // The lines, a blank line, the buttons, inside the border.
            let box = layout.dialog(width: 56, height: lines.count + 4)
            let shown = Array(lines.prefix(max(0, box.height - 4)))
            let screenRow = { (row: Int?) in row.flatMap { shown.indices.contains($0) ? box.y + 1 + $0 : nil } }
            self.box = box
            self.lines = shown
            offerY = screenRow(offerRow)
            renewsY = screenRow(renewsRow)
            buttonLabels = [state.strings.alerts.cancel, state.strings.sheet.buy]
            buttons = Layout.buttons(buttonLabels, in: box)
        }

        /// The key a click at (x, y) stands for: ‹ and › step the offer (the rest of its row
        /// steps on, as a pop-up button's face does), the check box turns auto-renew on or off,
        /// Cancel goes back as Esc does, Buy buys as Enter does.
        func key(atX x: Int, y: Int) -> Key? {
            if let button = buttons.firstIndex(where: { $0.contains(x: x, y: y) }) { return button == 0 ? .escape : .enter }
            guard x > box.x, x < box.maxX - 1 else { return nil }
            if y == renewsY { return .char(" ") }
            guard let offerY, y == offerY else { return nil }
            if let back = DialogModel.column(of: "‹", in: lines[offerY - box.y - 1].0), x == box.x + 2 + back { return .left }
            return .right
        }
    }

    static func draw(_ state: AppState, productID: String, offer: OutsidePurchaseTerms.Offer, autoRenew: Bool,
                     layout: Layout, into canvas: inout some Canvas) {
        let g = Geometry(state, productID: productID, offer: offer, autoRenew: autoRenew, layout: layout)
        let box = g.box
        canvas.box(box, title: state.strings.manager.buyOutsideTitle, style: .tint(.accent), titleStyle: .tint(.accent, bold: true))
        canvas.fill(x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2, style: .plain)
        for (i, (line, style)) in g.lines.enumerated() {
            canvas.put(line, x: box.x + 2, y: box.y + 1 + i, width: box.width - 4, style: style)
        }
        // Buy is the default button: Enter presses it.
        for (i, rect) in g.buttons.enumerated() {
            let style = i == 1 ? Style(tint: .accent, bold: true, reverse: true) : .plain
            canvas.put("[ \(g.buttonLabels[i]) ]", x: rect.x, y: rect.y, style: style)
        }
    }

    private static func name(of offer: OutsidePurchaseTerms.Offer, _ words: Localized<BuyOutsideStrings>) -> String {
        switch offer {
        case .introductory: words.introductoryOffer
        case .code(let code): words.offerCode(code)
        case .standard, .none: words.noOffer
        }
    }
}
