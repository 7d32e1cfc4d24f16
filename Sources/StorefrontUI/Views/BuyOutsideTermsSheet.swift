import AppStoreCore
import Wording

/// The sheet over the Transaction Manager for a subscription bought outside the app, as
/// Xcode's "+" sheet: the terms the purchase will apply, as the product's row writes them
/// ("1 week free, then $4.99/month"), the offer chosen and whether it renews.
enum BuyOutsideTermsSheet {
    static func draw(_ state: AppState, productID: String, offer: OutsidePurchaseTerms.Offer, autoRenew: Bool,
                     layout: Layout, into canvas: inout some Canvas) {
        let words = state.strings.buyOutside
        let product = state.snapshot.product(productID)
        let chosen = state.catalog.product(productID)?.subscription?.offer(for: offer)?.priced(in: state.storefront)
        var lines: [(String, Style)] = [(state.title(of: productID), .bold)]
        if let change = state.outsidePlanChange(productID) {
            // Another plan of a group subscribed to: when it starts and what becomes of the
            // plan now, as the purchase sheet says it (its closing line is the note's here).
            lines += change.lines.dropLast().flatMap { line in TextWrap.lines(line.text, width: 52).map { ($0, line.style) } }
        } else if let product {
            // Not renewing, an offer is all it is: no "then" price follows it.
            let terms = autoRenew ? state.strings.subscriptionCharge(product, offer: chosen)
                : chosen.map { state.strings.introductoryTerms($0, of: product) } ?? state.strings.subscriptionCharge(product, offer: nil)
            lines.append((terms, .plain))
        }
        lines += [("", .plain), (words.offer(name(of: offer, words)), Style(bold: true, reverse: true))]
        // A downgrade starts at the renewal, renewing: there is no auto-renew to choose.
        if state.outsidePlanChange(productID)?.atRenewal == true {
            lines += TextWrap.lines(words.renewsNote, width: 52).map { ($0, .dim) }
        } else {
            lines.append((words.renews(autoRenew), .plain))
            lines += TextWrap.lines(autoRenew ? words.renewsNote : words.endsNote, width: 52).map { ($0, .dim) }
        }
        let box = layout.dialog(width: 56, height: lines.count + 2)
        canvas.box(box, title: state.strings.manager.buyOutsideTitle, style: .tint(.accent), titleStyle: .tint(.accent, bold: true))
        canvas.fill(x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2, style: .plain)
        for (i, (line, style)) in lines.prefix(box.height - 2).enumerated() {
            canvas.put(line, x: box.x + 2, y: box.y + 1 + i, width: box.width - 4, style: style)
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
