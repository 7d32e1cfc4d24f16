import Foundation
import SampleApp
import AppStoreCore

extension AppState {
    /// The app presents the offer code sheet; with the offer-code-redemption API's error
    /// chosen, StoreKit's error shows instead, as `presentCodeRedemptionSheet` fails.
    mutating func openRedeemCode() {
        if let error = snapshot.settings.failures[.offerCodeRedemption] {
            mode = .alert(failure(strings.alerts.redeemCodeFailed, error.storeError))
            return
        }
        mode = .redeemCode(OfferCodeSheet())
    }

    /// Typing fills the code; Redeem hands it to the App Store, which answers as it answers a
    /// code redeemed anywhere: the purchase reaches the app as an update, or a refusal shows.
    mutating func handleRedeemCode(_ sheet: OfferCodeSheet, _ key: Key) -> [Effect] {
        var sheet = sheet
        var button: Int?
        switch key {
        case .escape: button = 0
        case .enter: button = sheet.focus
        case .tab, .backTab, .left, .right: sheet.focus = 1 - sheet.focus
        case .backspace: if !sheet.code.isEmpty { sheet.code.removeLast() }
        case .char(let c) where !c.isWhitespace && c.unicodeScalars.allSatisfy({ !$0.properties.generalCategory.isControl }):
            if sheet.code.count < OfferCodeSheet.maximumLength { sheet.code.append(c) }
        case .click(let x, let y):
            guard let dialog = DialogModel(redeemCode: sheet, state: self) else { return [] }
            let layout = Layout(width: width, height: height)
            button = Layout.buttons(dialog.buttons, in: dialog.box(in: layout)).firstIndex { $0.contains(x: x, y: y) }
        default: break
        }
        guard let button else {
            mode = .redeemCode(sheet)
            return []
        }
        // Nothing typed: Redeem waits for a code, as the sheet's button is dimmed until then.
        if button == 1, sheet.code.isEmpty { return [] }
        mode = .store
        return button == 1 ? [.perform(.redeemOfferCode(sheet.code, productID: nil))] : []
    }
}

private extension Unicode.GeneralCategory {
    var isControl: Bool { [.control, .format, .lineSeparator, .paragraphSeparator].contains(self) }
}
