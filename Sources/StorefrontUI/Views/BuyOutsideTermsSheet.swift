import AppStoreCore
import Wording

/// The sheet over the Transaction Manager for a subscription bought outside the app, as
/// Xcode's "+" sheet: the terms the purchase will apply, as the product's row writes them
/// ("1 week free, then $4.99/month"), the offer chosen and whether it renews.
enum BuyOutsideTermsSheet {
    static func draw(_ state: AppState, productID: String, offer: OutsidePurchaseTerms.Offer, autoRenew: Bool,
                     layout: Layout, into canvas: inout some Canvas) {
        let words = state.strings.buyOutside
        let chosen = state.catalog.product(productID)?.subscription?.offer(for: offer)?.priced(in: state.storefront)
        let terms = state.snapshot.product(productID).map { state.strings.subscriptionCharge($0, offer: chosen) } ?? ""
        let note = TextWrap.lines(autoRenew ? words.renewsNote : words.endsNote, width: 52)
        let lines: [(String, Style)] = [(state.title(of: productID), .bold), (terms, .plain), ("", .plain),
                                        (words.offer(name(of: offer, words)), Style(bold: true, reverse: true)),
                                        (words.renews(autoRenew), .plain)]
            + note.map { ($0, .dim) }
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
