import Foundation
import SampleApp
import AppStoreCore
import Wording

extension DialogModel {
    /// The refund request sheet: what was bought, when and for how much, under which account;
    /// the reasons, the chosen one marked; Cancel and Submit.
    init(refundRequest sheet: RefundRequestSheet, state: AppState) {
        let words = state.strings.refunds
        let t = sheet.transaction
        let price = t.price.map { price in
            t.storefront.flatMap(AppStoreStorefront.named).map { $0.format(price, locale: state.locale) }
                ?? "\(price) \(t.currency ?? "")".trimmingCharacters(in: .whitespaces)
        } ?? "—"
        var lines = [Line(text: state.title(of: t.productID, quantity: t.purchasedQuantity), style: .bold),
                     Line(text: words.purchased(state.localDate(t.purchaseDate ?? t.queueState.transactionDate), price), style: .dim),
                     Line(text: Labels(state.strings).account(t.account ?? "")),
                     Line(text: ""),
                     Line(text: words.chooseReason)]
        for (i, reason) in RefundRequestReason.allCases.enumerated() {
            let text = RefundRequestStrings.shared.reason(reason, in: state.strings)
            lines.append(i == sheet.reason ? Line(text: "› \(text)", style: .tint(.accent, bold: true)) : Line(text: "  \(text)"))
        }
        if sheet.reason == nil { lines += [Line(text: ""), Line(text: words.reasonFirst, style: .dim)] }
        self.init(title: words.title, lines: lines, buttons: [state.strings.alerts.cancel, words.submit], focus: sheet.focus,
                  frame: .tint(.accent))
    }
}
